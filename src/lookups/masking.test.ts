import { describe, expect, it } from 'vitest';
import { allLookups } from './registry.ts';
import {
  MASKED_TEXT,
  MASKED_URL,
  MASKED_VALUE,
  maskPersonalData,
  parsePersonalPath,
  personalValues,
  recordMasking,
  SEEN_MAX,
} from './masking.ts';
import { numberedStandInKind, type KeyedCode, type PseudonymKind } from './stand-ins.ts';

describe('maskPersonalData: each kind gets its own stand-in', () => {
  it("without the server's code (the browser's fallback), names, addresses and contacts are numbered for this answer, the same value the same one", () => {
    const body = {
      people: [
        { name: 'Ada Lovelace', street: '12 Baker St', phone: '+44 20 7946 0018', email: 'ada@example.com' },
        { name: 'Alan Turing', street: '12 Baker St', phone: '+44 20 7946 0019', email: 'alan@example.com' },
        { name: 'Ada Lovelace', street: '1 Bletchley Park', phone: '', email: null },
      ],
    };
    const masked = maskPersonalData(body, [
      'name:people.*.name',
      'address:people.*.street',
      'contact:people.*.phone',
      'contact:people.*.email',
    ]);
    expect(masked.people).toEqual([
      {
        name: 'Person 1 (this answer)',
        street: '••• masked address 1 (this answer)',
        phone: '••• masked contact 1 (this answer)',
        email: '••• masked contact 3 (this answer)',
      },
      {
        name: 'Person 2 (this answer)',
        street: '••• masked address 1 (this answer)',
        phone: '••• masked contact 2 (this answer)',
        email: '••• masked contact 4 (this answer)',
      },
      { name: 'Person 1 (this answer)', street: '••• masked address 2 (this answer)', phone: '', email: null },
    ]);
    expect(masked.people.map((person) => numberedStandInKind(person.name))).toEqual(['name', 'name', 'name']);
    expect(numberedStandInKind(masked.people[0]!.street)).toBe('address');
    // Numbered afresh in each answer: only the server's pseudonyms hold across answers.
    expect(maskPersonalData({ people: [body.people[1]] }, ['name:people.*.name']).people[0]!.name).toBe('Person 1 (this answer)');
  });

  it('rounds coordinates to 2 decimals (about 1 km), keeping numbers numbers and numeric strings strings', () => {
    const body = {
      a: { lat: 37.774929, lon: '-122.419416', pair: [13.412509, 52.514907], wkt: 'POINT(-122.419416 37.774929)', blank: '' },
    };
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
    const masked = maskPersonalData({ marks: 'Tattoo on left forearm', photo: 'https://img.example.org/1.jpg' }, [
      'text:marks',
      'url:photo',
    ]);
    expect(masked).toEqual({ marks: MASKED_TEXT, photo: MASKED_URL });
    expect(() => new URL(MASKED_URL)).toThrow();
  });

  it('masks objects and arrays at a path leaf by leaf, and keeps null, booleans and empty strings', () => {
    const body = { owner: { first: 'Eve', last: 'Example', mailing: { zip: 12345 }, verified: true, middle: '', alias: null } };
    expect(maskPersonalData(body, ['name:owner']).owner).toEqual({
      first: 'Person 1 (this answer)',
      last: 'Person 2 (this answer)',
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
    expect(maskPersonalData(body, ['contact:list.0']).list).toEqual(['••• masked contact 1 (this answer)', 'keep']);
    expect(maskPersonalData(body, ['name:rec.sex_offender_*']).rec).toEqual({ sex_offender_name: 'Person 1 (this answer)', case_id: 'C1' });
  });
});

describe("maskPersonalData with the server's keyed code", () => {
  /** A stand-in for the server's HMAC (src/server/pseudonyms.test.ts tests the real one): records each call. */
  function recordingCode(): KeyedCode & { calls: Array<[PseudonymKind, string]> } {
    const calls: Array<[PseudonymKind, string]> = [];
    const code = (kind: PseudonymKind, normalised: string) => {
      calls.push([kind, normalised]);
      return `<${kind}:${normalised}>`;
    };
    return Object.assign(code, { calls });
  }

  const paths = ['name:people.*.name', 'address:people.*.street', 'contact:people.*.email'];
  const body = {
    people: [
      { name: 'Ada Lovelace', street: '12 Baker St', email: 'ada@example.com' },
      { name: 'Ada Lovelace', street: '12 Baker St', email: 'ada@example.com' },
      { name: '  ADA   lovelace ', street: '12 Baker St', email: 'Ada Lovelace' },
    ],
  };

  it('gives each kind its words and the code, asked with the kind and the normalised value', () => {
    const code = recordingCode();
    const masked = maskPersonalData(body, paths, code);
    expect(masked.people[0]).toEqual({
      name: 'Person <name:ada lovelace>',
      street: '••• masked address <address:12 baker st>',
      email: '••• masked contact <contact:ada@example.com>',
    });
    expect(masked.people[1]).toEqual(masked.people[0]);
    expect(masked.people[2]).toEqual({ ...masked.people[0], email: '••• masked contact <contact:ada lovelace>' });
    // The same text again is answered from the answer's own cache; another spelling of it is asked
    // again with the same normalised value (the code, not the cache, makes them one).
    expect(code.calls).toEqual([
      ['name', 'ada lovelace'],
      ['name', 'ada lovelace'],
      ['address', '12 baker st'],
      ['contact', 'ada@example.com'],
      ['contact', 'ada lovelace'],
    ]);
    // Not a stand-in numbered per answer: compare takes a pseudonym as it is.
    expect(numberedStandInKind(masked.people[0]!.name)).toBeUndefined();
  });

  it('asks the code once per distinct value of an answer, however often it repeats', () => {
    const code = recordingCode();
    const many = { people: Array.from({ length: 5_000 }, (_, index) => ({ name: `Name ${index % 7}`, street: 'Same St' })) };
    maskPersonalData(many, paths, code);
    expect(code.calls).toHaveLength(8);
  });

  it('forgets what it remembered once a record masking has seen SEEN_MAX values (it serves every answer): the stand-ins stay the same', () => {
    const code = recordingCode();
    const masking = recordMasking(paths, ['people'], code)!;
    const first = masking.record({ street: 'Street 0' });
    for (let index = 1; index <= SEEN_MAX; index++) masking.record({ street: `Street ${index}` });
    expect(code.calls).toHaveLength(SEEN_MAX + 1);
    // Street 0 was forgotten: asked again, and masked as before.
    expect(masking.record({ street: 'Street 0' })).toEqual(first);
    expect(code.calls).toHaveLength(SEEN_MAX + 2);
  });
});

describe('conditions: a path applies only where the record is of the kind it names', () => {
  it('`$[field=value]` conditions the body itself (a personal profile, not a company one)', () => {
    const paths = ['name:$[profile_type=personal].full_name', 'name:$[profile_type=personal].name'];
    expect(maskPersonalData({ profile_type: 'personal', full_name: 'Jane Doe' }, paths)).toEqual({
      profile_type: 'personal',
      full_name: 'Person 1 (this answer)',
    });
    const company = { profile_type: 'company', name: 'Northwind' };
    expect(maskPersonalData(company, paths)).toBe(company);
  });

  it('`key[field.path=value]` conditions each element on a field of its own, nested fields included', () => {
    const body = [
      { companyOperational: { residentialAddress: true }, address: { street: 'Molenweg' }, geometry: { latitude: 52.354805 } },
      { companyOperational: { residentialAddress: false }, address: { street: 'Damrak' }, geometry: { latitude: 52.374805 } },
    ];
    const masked = maskPersonalData(body, [
      'address:*[companyOperational.residentialAddress=true].address.street',
      'coordinate:*[companyOperational.residentialAddress=true].geometry.latitude',
    ]);
    expect(masked[0]).toMatchObject({ address: { street: '••• masked address 1 (this answer)' }, geometry: { latitude: 52.35 } });
    expect(masked[1]).toBe(body[1]);
  });

  it('refuses an entry without a kind, or with a malformed segment', () => {
    expect(() => parsePersonalPath('people.*.name')).toThrow(
      /must start with one of name, address, contact, coordinate, number, text, url/,
    );
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
  it.each(allLookups.map((lookup) => [lookup.id, lookup] as const))(
    '%s: its personal-data paths each name a kind and parse',
    (_id, lookup) => {
      for (const entry of lookup.personalData) expect(() => parsePersonalPath(entry), entry).not.toThrow();
    },
  );
});
