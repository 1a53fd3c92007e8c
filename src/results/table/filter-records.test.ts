import { describe, expect, it } from 'vitest';
import { flattenRecords } from './flatten-records.ts';
import {
  cellKey,
  columnKinds,
  columnStats,
  describeFilter,
  kindOfStats,
  mergeColumnStats,
  filterRows,
  isDay,
  normaliseFilter,
  toggleEquals,
  withColumnFilter,
} from './filter-records.ts';

const calls = [
  { code: 'a1', type: 'Alarm', priority: 3, at: '2024-03-01T10:00:00.000Z', note: 'Back door', unit: { city: 'SF' }, flag: true },
  {
    code: 'b2',
    type: 'Noise Complaint',
    priority: 1,
    at: '2024-03-02T23:59:59.000Z',
    note: 'Loud music',
    unit: { city: 'SF' },
    flag: false,
  },
  { code: 'c3', type: 'Alarm', priority: 5, at: '2024-03-05T00:00:00.000Z', note: null, unit: { city: 'Oakland' }, flag: true },
  { code: 'd4', type: '', priority: 2, at: '2024-03-03', note: 'back yard', unit: { city: 'SF' }, flag: false },
  { code: 'e5', type: 'Alarm', priority: 4, at: null, note: 'Front', unit: { city: 'SF' }, flag: true },
];
const table = flattenRecords(calls);

describe('column kinds', () => {
  it('gives numbers a range, ISO dates a date range, a few repeated values a choice and the rest a text search', () => {
    const kinds = columnKinds(table);
    expect(kinds.get('priority')).toEqual({ kind: 'number' });
    expect(kinds.get('at')).toEqual({ kind: 'date' });
    expect(kinds.get('type')).toEqual({ kind: 'choice', choices: ['Alarm', 'Noise Complaint', ''] });
    expect(kinds.get('unit.city')).toEqual({ kind: 'choice', choices: ['Oakland', 'SF'] });
    expect(kinds.get('flag')).toEqual({ kind: 'choice', choices: ['false', 'true'] });
    // Five distinct codes in five rows never repeat: searched, not picked.
    expect(kinds.get('code')).toEqual({ kind: 'text' });
    expect(kinds.get('note')).toEqual({ kind: 'text' });
    expect(columnKinds(table)).toBe(columnKinds(table));
  });

  it('gives the same kinds from counts of separate parts as from one scan, a column missing from a part counting as empty there', () => {
    const parts = [table.rows.slice(0, 2), table.rows.slice(2, 3), table.rows.slice(3)];
    const withoutType = { ...table.rows[2]! };
    delete withoutType.type;
    parts[1] = [withoutType];
    const whole = flattenRecords([...parts[0]!, withoutType, ...parts[2]!]);
    for (const column of whole.columns) {
      // Each part counts only the columns its own rows have, as a bulk run's worker does per input row.
      const counted = parts.filter((part) => part.some((row) => column in row)).map((part) => columnStats(part, column));
      const merged = counted.reduce(mergeColumnStats);
      expect(kindOfStats(merged, whole.rows.length), column).toEqual(columnKinds(whole).get(column));
    }
    // Past the choice limit the parts' distinct values are no longer listed.
    const many = Array.from({ length: 20 }, (_, index) => ({ n: `v${index % 14}` }));
    expect(mergeColumnStats(columnStats(many.slice(0, 10), 'n'), columnStats(many.slice(10), 'n')).distinct).toBeNull();
  });

  it('treats null, missing and blank cells alike as the empty key', () => {
    expect([cellKey(null), cellKey(undefined), cellKey('  '), cellKey(0), cellKey(false)]).toEqual(['', '', '', '0', 'false']);
  });
});

describe('filterRows', () => {
  const rows = (filters: Parameters<typeof filterRows>[1]) => filterRows(table, filters)?.map((index) => calls[index]!.code);

  it('lets everything through (undefined) when no filter applies, including filters on columns this table lacks', () => {
    expect(filterRows(table, undefined)).toBeUndefined();
    expect(filterRows(table, { other: { contains: 'x' } })).toBeUndefined();
    expect(filterRows(table, { note: { contains: '  ' } })).toBeUndefined();
  });

  it('matches text containing the needle, ignoring case', () => {
    expect(rows({ note: { contains: 'BACK' } })).toEqual(['a1', 'd4']);
  });

  it('keeps numbers within inclusive bounds, and drops non-numbers under a bound', () => {
    expect(rows({ priority: { min: 2, max: 4 } })).toEqual(['a1', 'd4', 'e5']);
    expect(rows({ priority: { min: 5 } })).toEqual(['c3']);
    expect(rows({ code: { min: 0 } })).toEqual([]);
  });

  it('compares dates by their day, inclusive at both ends, and drops empty dates', () => {
    expect(rows({ at: { from: '2024-03-02', to: '2024-03-03' } })).toEqual(['b2', 'd4']);
    expect(rows({ at: { to: '2024-03-01' } })).toEqual(['a1']);
  });

  it('keeps one of the chosen values, or none of them, the empty key meaning an empty cell', () => {
    expect(rows({ type: { equals: ['Noise Complaint', ''] } })).toEqual(['b2', 'd4']);
    expect(rows({ type: { excludes: ['Alarm'] } })).toEqual(['b2', 'd4']);
    expect(rows({ flag: { equals: ['true'] } })).toEqual(['a1', 'c3', 'e5']);
  });

  it('needs every column filter to hold, and can leave one column out (for its facet)', () => {
    const filters = { type: { equals: ['Alarm'] }, 'unit.city': { equals: ['SF'] } };
    expect(rows(filters)).toEqual(['a1', 'e5']);
    expect(filterRows(table, filters, 'type')?.map((index) => calls[index]!.code)).toEqual(['a1', 'b2', 'd4', 'e5']);
  });

  it('filters 10,000 rows (bench/table-filters.ts times it)', () => {
    const big = flattenRecords(Array.from({ length: 10_000 }, (_, index) => ({ ...calls[index % 5], id: index })));
    // Of each five rows only a1 is an Alarm whose note contains an "a".
    expect(filterRows(big, { type: { equals: ['Alarm'] }, note: { contains: 'a' } })).toEqual(
      Array.from({ length: 2000 }, (_, index) => index * 5),
    );
  });
});

describe('filter edits', () => {
  it('drops empty parts and invalid bounds', () => {
    expect(
      normaliseFilter({ contains: ' ', min: Number.NaN, from: '2024-02-30', to: '2024-02-29', equals: [], excludes: ['x', 'x'] }),
    ).toEqual({
      to: '2024-02-29',
      excludes: ['x'],
    });
    expect(normaliseFilter({ contains: '' })).toBeUndefined();
    expect(isDay('2023-02-29')).toBe(false);
  });

  it('replaces or removes one column filter, and gives undefined when none is left', () => {
    const one = withColumnFilter(undefined, 'type', { equals: ['Alarm'] });
    expect(one).toEqual({ type: { equals: ['Alarm'] } });
    expect(withColumnFilter(one, 'note', { contains: 'door' })).toEqual({ type: { equals: ['Alarm'] }, note: { contains: 'door' } });
    expect(withColumnFilter(one, 'type', { contains: '' })).toBeUndefined();
  });

  it('toggles a facet value in and out of the column’s "is one of", keeping its other parts', () => {
    const added = toggleEquals({ type: { contains: 'a' } }, 'type', 'Alarm');
    expect(added).toEqual({ type: { contains: 'a', equals: ['Alarm'] } });
    expect(toggleEquals(added, 'type', '')).toEqual({ type: { contains: 'a', equals: ['Alarm', ''] } });
    expect(toggleEquals(toggleEquals(undefined, 'type', 'Alarm'), 'type', 'Alarm')).toBeUndefined();
  });

  it('describes a filter in words', () => {
    expect(describeFilter('type', { equals: ['Alarm', ''] })).toBe('type is Alarm or (empty)');
    expect(describeFilter('priority', { min: 2, max: 4 })).toBe('priority ≥ 2, ≤ 4');
    expect(describeFilter('at', { from: '2024-03-01', excludes: ['x'] })).toBe('at from 2024-03-01, is not x');
    expect(describeFilter('note', { contains: ' door ' })).toBe('note contains “door”');
  });
});
