import { describe, expect, it } from 'vitest';
import { allLookups } from './registry.ts';
import { MASKED_TEXT, MASKED_URL, MASKED_VALUE, maskPersonalData, parsePersonalPath, personalValues } from './masking.ts';

describe('maskPersonalData: each kind gets its own stand-in', () => {
  it('names, addresses and contacts become numbered stand-ins that read as masked, the same value the same one (numbered path by path)', () => {
    const body = {
      people: [
        { name: 'Ada Lovelace', street: '12 Baker St', phone: '+44 20 7946 0018', email: 'ada@example.com' },
        { name: 'Alan Turing', street: '12 Baker St', phone: '+44 20 7946 0019', email: 'alan@example.com' },
        { name: 'Ada Lovelace', street: '1 Bletchley Park', phone: '', email: null },
      ],
    };
    const masked = maskPersonalData(body, ['name:people.*.name', 'address:people.*.street', 'contact:people.*.phone', 'contact:people.*.email']);
    expect(masked.people).toEqual([
      { name: 'Person 1', street: '••• masked address 1', phone: '••• masked contact 1', email: '••• masked contact 3' },
      { name: 'Person 2', street: '••• masked address 1', phone: '••• masked contact 2', email: '••• masked contact 4' },
      { name: 'Person 1', street: '••• masked address 2', phone: '', email: null },
    ]);
  });

  it('rounds coordinates to 2 decimals (about 1 km), keeping numbers numbers and numeric strings strings', () => {
    const body = { a: { lat: 37.774929, lon: '-122.419416', pair: [13.412509, 52.514907], wkt: 'POINT(-122.419416 37.774929)', blank: '' } };
    const masked = maskPersonalData(body, ['coordinate:a.*']);
    expect(masked.a).toEqual({ lat: 37.77, lon: '-122.42', pair: [13.41, 52.51], wkt: 'POINT(-122.42 37.77)', blank: '' });
  });

  it('replaces numbers by the explicit marker "masked", never by a plausible number', () => {
    const masked = maskPersonalData({ age: 77, zero: 0, text: '77' }, ['number:age', 'number:zero', 'number:text']);
    expect(masked).toEqual({ age: MASKED_VALUE, zero: MASKED_VALUE, text: MASKED_VALUE });
    expect(MASKED_VALUE).toBe('masked');
    // A number under a kind that expects text is masked the same way.
    expect(maskPersonalData({ phone: 4930123456 }, ['contact:phone'])).toEqual({ phone: MASKED_VALUE });
  });

  it('masks free text and URLs with values no view will take for data, a link or a photo', () => {
    const masked = maskPersonalData({ marks: 'Tattoo on left forearm', photo: 'https://img.example.org/1.jpg' }, ['text:marks', 'url:photo']);
    expect(masked).toEqual({ marks: MASKED_TEXT, photo: MASKED_URL });
    expect(() => new URL(MASKED_URL)).toThrow();
  });

  it('masks objects and arrays at a path leaf by leaf, and keeps null, booleans and empty strings', () => {
    const body = { owner: { first: 'Eve', last: 'Example', mailing: { zip: 12345 }, verified: true, middle: '', alias: null } };
    expect(maskPersonalData(body, ['name:owner']).owner).toEqual({
      first: 'Person 1',
      last: 'Person 2',
      mailing: { zip: MASKED_VALUE },
      verified: true,
      middle: '',
      alias: null,
    });
  });

  it('leaves the input untouched, shares what it does not mask, and returns the body itself when nothing matches', () => {
    const body = { kept: { deep: [1, 2] }, people: [{ name: 'Ada' }] };
    const snapshot = structuredClone(body);
    const masked = maskPersonalData(body, ['name:people.*.name']);
    expect(body).toEqual(snapshot);
    expect(masked.kept).toBe(body.kept);
    expect(maskPersonalData(body, ['name:nothing.here'])).toBe(body);
    expect(maskPersonalData(body, [])).toBe(body);
  });

  it('matches glob segments and indices', () => {
    const body = { list: ['a@b.c', 'keep'], rec: { sex_offender_name: 'X Y', case_id: 'C1' } };
    expect(maskPersonalData(body, ['contact:list.0']).list).toEqual(['••• masked contact 1', 'keep']);
    expect(maskPersonalData(body, ['name:rec.sex_offender_*']).rec).toEqual({ sex_offender_name: 'Person 1', case_id: 'C1' });
  });
});

describe('conditions: a path applies only where the record is of the kind it names', () => {
  it('`$[field=value]` conditions the body itself (a personal profile, not a company one)', () => {
    const paths = ['name:$[profile_type=personal].full_name', 'name:$[profile_type=personal].name'];
    expect(maskPersonalData({ profile_type: 'personal', full_name: 'Jane Doe' }, paths)).toEqual({ profile_type: 'personal', full_name: 'Person 1' });
    const company = { profile_type: 'company', name: 'Northwind' };
    expect(maskPersonalData(company, paths)).toBe(company);
  });

  it('`key[field.path=value]` conditions each element on a field of its own, nested fields included', () => {
    const body = [
      { companyOperational: { residentialAddress: true }, address: { street: 'Molenweg' }, geometry: { latitude: 52.354805 } },
      { companyOperational: { residentialAddress: false }, address: { street: 'Damrak' }, geometry: { latitude: 52.374805 } },
    ];
    const masked = maskPersonalData(body, ['address:*[companyOperational.residentialAddress=true].address.street', 'coordinate:*[companyOperational.residentialAddress=true].geometry.latitude']);
    expect(masked[0]).toMatchObject({ address: { street: '••• masked address 1' }, geometry: { latitude: 52.35 } });
    expect(masked[1]).toBe(body[1]);
  });

  it('refuses an entry without a kind, or with a malformed segment', () => {
    expect(() => parsePersonalPath('people.*.name')).toThrow(/must start with one of name, address, contact, coordinate, number, text, url/);
    expect(() => parsePersonalPath('name:a[b].c')).toThrow(/not a path segment/);
    expect(() => parsePersonalPath('name:a.$[x=1]')).toThrow(/\$ stands only first/);
    expect(() => parsePersonalPath('name:$[x=1]')).toThrow(/names no field/);
  });
});

describe('personalValues', () => {
  it('lists every leaf a path reaches, with where it is and its kind', () => {
    const body = { p: [{ name: 'Ada', home: { lat: 1.234567, lon: 2.345678 } }] };
    expect(personalValues(body, ['name:p.*.name', 'coordinate:p.*.home'])).toEqual([
      { path: ['p', 0, 'name'], kind: 'name', value: 'Ada' },
      { path: ['p', 0, 'home', 'lat'], kind: 'coordinate', value: 1.234567 },
      { path: ['p', 0, 'home', 'lon'], kind: 'coordinate', value: 2.345678 },
    ]);
  });
});

describe('every definition', () => {
  it.each(allLookups.map((lookup) => [lookup.id, lookup] as const))('%s: its personal-data paths each name a kind and parse', (_id, lookup) => {
    for (const entry of lookup.personalData) expect(() => parsePersonalPath(entry), entry).not.toThrow();
  });
});
