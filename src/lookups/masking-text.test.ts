// Records masked as text (decisions 035 and 049) must give exactly what parsing, masking and
// serialising each record gives, wherever the text is cut into pieces: the walk takes what is
// written as JSON.stringify writes it, and a record it cannot take is parsed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordMasking } from './masking.ts';
import type { KeyedCode } from './stand-ins.ts';

const code: KeyedCode = (kind, normalised) => `${kind.slice(0, 3)}${normalised.length.toString(36).padStart(9, '0')}`;
const L_PATHS = [
  'address:*.incidents.*.incident_address',
  'coordinate:*.incidents.*.incident_latitude',
  'coordinate:*.incidents.*.incident_longitude',
];
// Globs, `*` inside a record, a whole object masked, an array of records under a record's key.
const WIDER_PATHS = [
  ...L_PATHS,
  'text:*.incidents.*.note_*',
  'contact:*.incidents.*.people.*.phone',
  'url:*.incidents.*.links',
  'number:*.incidents.*.age',
  // At one index only: elements alike in keys differ in their paths.
  'number:*.incidents.*.people.1.age',
];

/** `text` cut at `cuts` (offsets). */
function piecesOf(text: string, cuts: readonly number[] = []): string[] {
  const points = [...new Set(cuts)].filter((cut) => cut > 0 && cut < text.length).sort((a, b) => a - b);
  return [0, ...points].map((from, i) => text.slice(from, points[i] ?? text.length));
}

function maskings(paths: readonly string[]) {
  const masking = recordMasking(paths, [0, 'incidents'], code)!;
  const parsed = (text: string) => (JSON.parse(`[${text}]`) as unknown[]).map((record) => JSON.stringify(masking.record(record))).join(',');
  const utf8 = new TextDecoder();
  /** The records array's text after its `[` (records, then `]`) fed in pieces cut at `cuts`: what came out, and how many records were parsed. */
  const streamed = (text: string, cuts: readonly number[] = []) => {
    const stream = masking.recordsStream();
    let out = '';
    let after: string | undefined;
    for (const piece of piecesOf(`${text}]`, cuts)) {
      const masked = stream.feed(piece);
      out += utf8.decode(masked.utf8);
      after = masked.after;
    }
    stream.finish();
    expect(after).toBe('');
    return { text: out, parsedRecords: stream.parsedRecords, flatRecords: stream.flatRecords };
  };
  return { streamed, asText: (text: string, cuts?: readonly number[]) => streamed(text, cuts).text, parsed, masking };
}

const l = maskings(L_PATHS);
const wider = maskings(WIDER_PATHS);

describe('records masked as text', () => {
  it("gives the parsed masking's bytes for L's records, written compactly or with whitespace", () => {
    const records = [
      {
        incident_code: 'INC-1',
        incident_address: '100 BLOCK OF MAIN ST',
        incident_latitude: 39.78123,
        incident_longitude: '-89.65432',
        nested: { incident_address: 'kept' },
      },
      {
        incident_address: 'Café "Zoë" \\ ☕ 😀',
        incident_latitude: null,
        incident_longitude: 'POINT (-89.65432 39.78123)',
        list: [1, 2.5, -3e-7, true, false, null, {}, []],
      },
    ];
    for (const text of [
      records.map((record) => JSON.stringify(record)).join(','),
      records.map((record) => JSON.stringify(record, null, 2)).join(' ,\n'),
    ]) {
      const masked = l.asText(text);
      expect(masked).toBe(l.parsed(text));
      expect(masked).not.toContain('MAIN ST');
    }
  });

  it('masks whole objects and arrays a path ends at, through globs and array indices', () => {
    const text = JSON.stringify({
      note_a: 'secret',
      note_b: ['x', 1],
      people: [{ phone: '555 1234' }, { phone: 7 }],
      links: { photo: 'https://x.test/a.jpg' },
      age: 44,
    });
    const masked = wider.asText(text);
    expect(masked).toBe(wider.parsed(text));
    expect(masked).not.toMatch(/secret|555|x\.test|44/);
  });

  it('parses a record where JSON.parse would read its text differently from how it is written', () => {
    for (const text of [
      '{"a":1.0}',
      '{"incident_code":"\\u0041"}',
      '{"incident_code":"a\\/b"}',
      '{"a":1,"a":2}',
      '{"b":1,"1":2}',
      '{"a":-0}',
      '{"a":1E3}',
      '{"a":"\ud800"}',
      // Read as written, but it is one key whose handling is not worth the doubt.
      '{"__proto__":1}',
    ]) {
      expect(l.streamed(text), text).toMatchObject({ text: l.parsed(text), parsedRecords: 1 });
      if (text !== '{"__proto__":1}') expect(l.parsed(text), text).not.toBe(text);
    }
  });

  it('fails as JSON.parse does on text that is not JSON', () => {
    for (const text of ['{"a":1', '{"a":tru}', '{"a":1,}', '{a:1}', '"x\u0001"', '{"a":1}}', '{"a":1},', ',{"a":1}']) {
      expect(() => l.asText(text), text).toThrow(SyntaxError);
      expect(() => l.parsed(text), text).toThrow(SyntaxError);
    }
  });

  it('walks the records after whitespace, and refuses a control character in a later string as JSON.parse does', () => {
    const record = (code: string) =>
      JSON.stringify({ incident_code: code, incident_address: `${code} MAIN ST`, nested: { x: code.length } });
    // A line break before a record does not stop the walk of the records after it.
    const spaced = `${record('a')},\n${record('b')},${record('c')}`;
    expect(l.streamed(spaced)).toMatchObject({ text: l.parsed(spaced), parsedRecords: 0 });
    // A record of the same keys as the one before (the quick walk's case) with a raw control character in a string.
    for (const before of ['', `${record('a')},\n`]) {
      const bad = `${before}${record('b')},${record('c').replace('"c"', '"c\u0001d"')}`;
      expect(() => l.asText(bad), bad).toThrow(SyntaxError);
      expect(() => l.parsed(bad), bad).toThrow(SyntaxError);
    }
  });

  it("gives the parsed masking's bytes for generated records and layouts, cut anywhere", () => {
    const key = fc.oneof(
      fc.constantFrom(
        'incident_address',
        'incident_latitude',
        'incident_longitude',
        'note_x',
        'people',
        'phone',
        'links',
        'age',
        '0',
        '__proto__',
      ),
      fc.string({ unit: 'binary', maxLength: 6 }),
    );
    const value = fc.letrec((tie) => ({
      value: fc.oneof(
        { maxDepth: 3, depthSize: 'small' },
        fc.jsonValue({ maxDepth: 0 }),
        fc.double(),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(key, tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    const record = fc.oneof(fc.dictionary(key, value, { maxKeys: 6 }), value);
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(undefined, 1, '\t'),
        fc.array(fc.nat(), { maxLength: 6 }),
        (records, indent, cuts) => {
          const text = records.map((item) => JSON.stringify(item, null, indent)).join(indent ? ' , ' : ',');
          for (const masking of [l, wider]) {
            expect(
              masking.asText(
                text,
                cuts.map((cut) => cut % (text.length + 1)),
              ),
            ).toBe(masking.parsed(text));
          }
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it("masks by the index an array's elements are at, though they share a shape", () => {
    // The second person's phone only: the first teaches the walk the elements' keys, with no path at them.
    const second = maskings(['contact:*.incidents.*.people.1.phone', 'contact:*.incidents.*.people.0.fax']);
    const people = [
      { phone: '555 0100', fax: '555 0101' },
      { phone: '555 0200', fax: '555 0201' },
      { phone: '555 0300', fax: '555 0301' },
    ];
    const text = [people, people.slice().reverse(), people].map((list) => JSON.stringify({ incident_code: 'x', people: list })).join(',');
    for (const cuts of [[], [90, 200]]) {
      const masked = second.streamed(text, cuts);
      expect(masked).toMatchObject({ text: second.parsed(text), parsedRecords: 0 });
      // The middle person is second in every list.
      expect(masked.text).not.toContain('555 0200');
      expect(masked.text).toContain('555 0100');
    }
  });

  it('gives each piece bytes of its own: a later piece, small or larger than the memory kept for encoding, leaves it as it was', () => {
    const records = (count: number, note: string) =>
      Array.from({ length: count }, (_, i) =>
        JSON.stringify({ incident_code: `${note}-${i}`, incident_address: `${i} Rue de l’Église` }),
      ).join(',');
    const stream = l.masking.recordsStream();
    const first = records(3, 'Zoë ☕ 😀');
    const firstBytes = stream.feed(`${first},`).utf8;
    const firstCopy = firstBytes.slice();
    // About 6 MB of text: more than the 4 MB a thread keeps to encode into.
    for (const next of [records(2, 'x'), records(100_000, 'y')]) {
      const nextBytes = stream.feed(`${next},`).utf8;
      expect(new TextDecoder().decode(nextBytes)).toBe(`${l.parsed(next)},`);
      expect(nextBytes.buffer).not.toBe(firstBytes.buffer);
      expect(firstBytes).toEqual(firstCopy);
    }
    expect(firstBytes.byteLength).toBe(firstBytes.buffer.byteLength);
    expect(new TextDecoder().decode(firstBytes)).toBe(`${l.parsed(first)},`);
  });

  it("walks records whose shape changes (keys added, dropped, reordered, nested), with the parsed masking's bytes", () => {
    const shapes = [
      { incident_code: 'a', incident_address: '1 MAIN ST', incident_latitude: 39.781234, nested: { x: 1, y: [1, { z: 2 }] } },
      { incident_code: 'b', incident_address: '2 OAK ST', incident_latitude: 39.781234, nested: { x: 1, y: [1, { z: 2 }] } },
      { incident_address: '3 ELM ST', incident_code: 'c', nested: { y: [{ z: 3, w: 4 }], x: 2 } },
      { incident_code: 'd', incident_address: '4 PINE ST', incident_latitude: 39.781234, incident_longitude: 1, extra: true },
      { incident_code: 'e' },
      {},
      { incident_code: 'f', incident_address: '6 BIRCH ST', incident_latitude: 39.781234 },
    ];
    const text = [...shapes, ...shapes.slice().reverse(), ...shapes].map((record) => JSON.stringify(record)).join(',');
    for (const cuts of [[], [50, 51, 400], Array.from({ length: 40 }, (_, i) => i * 37)]) {
      const masked = l.streamed(text, cuts);
      expect(masked).toMatchObject({ text: l.parsed(text), parsedRecords: 0 });
      expect(masked.text).not.toMatch(/MAIN|OAK|ELM|PINE|BIRCH/);
    }
  });

  it('masks canonical text without falling back to parsing', () => {
    const record = fc.record({
      incident_code: fc.string({ unit: 'binary', maxLength: 10 }),
      incident_address: fc.oneof(fc.string({ unit: 'binary' }), fc.constant(null)),
      incident_latitude: fc.double({ noNaN: true }),
      extra: fc.array(fc.string(), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 5 }), (records) => {
        const text = records.map((item) => JSON.stringify(item)).join(',');
        expect(l.streamed(text)).toMatchObject({ text: l.parsed(text), parsedRecords: 0 });
      }),
      { numRuns: 300 },
    );
  });
});

describe('flat records by pattern (decision 051)', () => {
  // A record of strings, numbers and literals, its keys those of the records before it.
  const KEYS = ['incident_code', 'count', 'incident_latitude', 'flag', 'incident_address', 'incident_longitude'];
  const canonical = (values: readonly unknown[]) => JSON.stringify(Object.fromEntries(KEYS.map((key, i) => [key, values[i]])));
  const leaf = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.double(),
    fc.integer(),
    fc.constantFrom(0, -0, 1e-6, 1e-7, 0.1 + 0.2, 2 ** 53 + 2, 123456789012345, 1234567890123456, 1e21, 1.5e-7, true, false, null),
  );
  const plain = ['A-1', 7, 39.78, true, '1 MAIN ST', -89.65];

  it("gives the parsed masking's bytes for generated flat records, most taken by the pattern", () => {
    fc.assert(
      fc.property(fc.array(fc.array(leaf, { minLength: KEYS.length, maxLength: KEYS.length }), { maxLength: 12 }), (generated) => {
        // The shape is learnt and walked a few times first, then records come that the pattern takes or refuses.
        const text = [...Array.from({ length: 6 }, () => plain), ...generated].map(canonical).join(',');
        const masked = l.streamed(text);
        expect(masked).toMatchObject({ text: l.parsed(text), parsedRecords: 0 });
        expect(masked.flatRecords).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('takes no number that String would write otherwise, nor text with an escape, whitespace or another key', () => {
    const learnt = Array.from({ length: 6 }, () => canonical(plain));
    const others = [
      '1.0',
      '-0',
      '1E3',
      '1e3',
      '0.0000001',
      '-0.0000001',
      '1.50',
      '12345678901234567',
      '0.30000000000000004',
      '1234567890123456',
      '-0.0',
      '100000000000000000000000',
    ];
    for (const number of others) {
      const odd = canonical(plain).replace('"count":7', `"count":${number}`);
      const text = [...learnt, odd, ...learnt].join(',');
      expect(l.streamed(text).text, number).toBe(l.parsed(text));
    }
    for (const odd of [
      canonical(plain).replace('"A-1"', '"A\\u002d1"'),
      canonical(plain).replace('"count":7', '"count": 7'),
      canonical(plain).replace('"flag"', '"flags"'),
      canonical(plain).replace('"count":7', '"count":[7]'),
      canonical(plain).replace('"1 MAIN ST"', '{"street":"1 MAIN ST"}'),
    ]) {
      const text = [...learnt, odd, ...learnt].join(',');
      const masked = l.streamed(text);
      expect(masked.text, odd).toBe(l.parsed(text));
      expect(masked.text, odd).not.toContain('MAIN');
    }
  });

  it('makes no pattern where a path ends at the record itself, or two paths meet at a value', () => {
    const text = Array.from({ length: 12 }, () => canonical(plain)).join(',');
    for (const paths of [['text:*.incidents.*'], [...L_PATHS, 'text:*.incidents.*.incident_address']]) {
      const masking = maskings(paths);
      const masked = masking.streamed(text);
      expect(masked.text, paths.join(' ')).toBe(masking.parsed(text));
      expect(masked.text).not.toContain('MAIN');
      expect(masked.flatRecords).toBe(0);
    }
    expect(l.streamed(text).flatRecords).toBeGreaterThan(0);
  });
});
