import { describe, expect, it } from 'vitest';
import { maskPersonalData } from './masking.ts';

describe('maskPersonalData', () => {
  it('replaces values at dot paths with wildcards, keeping types and leaving the input untouched', () => {
    const body = {
      total: 2,
      records: [
        { id: 1, contact_name: 'Ada Lovelace', contact_email: 'ada@example.com', zip: 12345, note: null },
        { id: 2, contact_name: 'Alan Turing', contact_email: 'alan@example.com', zip: 54321, note: null },
      ],
    };
    const snapshot = structuredClone(body);
    const masked = maskPersonalData(body, ['records.*.contact_name', 'records.*.contact_email', 'records.*.zip', 'records.*.note']);

    expect(masked.records[0]).toEqual({ id: 1, contact_name: 'Person 1', contact_email: 'person1@example.invalid', zip: 0, note: null });
    expect(masked.records[1]?.contact_name).toBe('Person 2');
    expect(masked.total).toBe(2);
    expect(body).toEqual(snapshot);
  });

  it('gives the same input the same stand-in within one body', () => {
    const body = [{ name: 'Ada' }, { name: 'Bob' }, { name: 'Ada' }];
    const masked = maskPersonalData(body, ['*.name']);
    expect(masked.map((row) => row.name)).toEqual(['Person 1', 'Person 2', 'Person 1']);
  });

  it('masks arrays and objects at a path recursively, and matches glob segments', () => {
    const body = {
      management: { director: { name: 'Eve Example', gender: 'f', initials: 'E.E.' } },
      offenders: [{ sex_offender_name: 'X Y', sex_offender_aliases: ['Xy', 'Yx'], case_id: 'C1' }],
    };
    const masked = maskPersonalData(body, ['management.*', 'offenders.*.sex_offender_*']);
    expect(masked.management.director).toEqual({ name: 'Person 1', gender: 'Masked text 1', initials: 'Person 2' });
    expect(masked.offenders[0]).toEqual({
      sex_offender_name: 'Person 3',
      sex_offender_aliases: ['Person 4', 'Person 5'],
      case_id: 'C1',
    });
  });

  it('addresses indices, ignores paths that miss, and returns the same body when nothing matches', () => {
    const body = { list: ['a@b.c', 'keep'] };
    expect(maskPersonalData(body, ['list.0']).list).toEqual(['person1@example.invalid', 'keep']);
    expect(maskPersonalData(body, ['nothing.here'])).toBe(body);
    expect(maskPersonalData(body, [])).toBe(body);
  });

  it('keeps empty strings and booleans, which identify no one', () => {
    const masked = maskPersonalData({ p: { street: '', verified: true, phone: '+49 30 1234' } }, ['p.*']);
    expect(masked.p).toEqual({ street: '', verified: true, phone: '+1 555 0101' });
  });
});

describe('coordinates under masking', () => {
  it('are rounded to about a kilometre, keeping their type, so a demo map still shows the area', () => {
    const body = { people: [{ home_lat: '37.774929', home_lon: '-122.419416', latitude: 52.520008, name: 'Jo Smith' }] };
    const masked = maskPersonalData(body, ['people.*.*']);
    expect(masked.people[0]).toEqual({ home_lat: '37.77', home_lon: '-122.42', latitude: 52.52, name: 'Person 1' });
  });
});
