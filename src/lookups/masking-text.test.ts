// Records masked as text (decision 035) must give exactly what parsing, masking and serialising
// each record gives, or say they cannot (undefined) so the caller parses instead.
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
];

function maskings(paths: readonly string[]) {
  const masking = recordMasking(paths, [0, 'incidents'], code)!;
  const parsed = (text: string) => (JSON.parse(`[${text}]`) as unknown[]).map((record) => JSON.stringify(masking.record(record))).join(',');
  const utf8 = new TextDecoder();
  return {
    asText: (text: string) => {
      const masked = masking.recordsUtf8(text);
      return masked && utf8.decode(masked);
    },
    parsed,
  };
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

  it('says it cannot where JSON.parse would read the text differently from how it is written', () => {
    for (const text of [
      '{"a":1.0}',
      '{"incident_code":"\\u0041"}',
      '{"incident_code":"a\\/b"}',
      '{"a":1,"a":2}',
      '{"b":1,"1":2}',
      '{"a":-0}',
      '{"a":1E3}',
      '{"a":"\ud800"}',
    ]) {
      expect(l.asText(text), text).toBeUndefined();
      expect(l.parsed(text), text).not.toBe(text);
    }
    // Read as written, but it is one key whose handling is not worth the doubt.
    expect(l.asText('{"__proto__":1}')).toBeUndefined();
  });

  it('says it cannot for text that is not JSON (the parsed masking then throws)', () => {
    for (const text of ['{"a":1', '{"a":tru}', '{"a":1,}', '{a:1}', '"x\u0001"', '{"a":1}}', '{"a":1},']) {
      expect(l.asText(text), text).toBeUndefined();
      expect(() => l.parsed(text), text).toThrow(SyntaxError);
    }
  });

  it("gives the parsed masking's bytes, or says it cannot, for generated records and layouts", () => {
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
      fc.property(fc.array(record, { minLength: 1, maxLength: 4 }), fc.constantFrom(undefined, 1, '\t'), (records, indent) => {
        const text = records.map((item) => JSON.stringify(item, null, indent)).join(indent ? ' , ' : ',');
        for (const masking of [l, wider]) {
          const masked = masking.asText(text);
          if (masked !== undefined) expect(masked).toBe(masking.parsed(text));
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('gives each batch bytes of its own: a later batch, small or larger than the memory kept for encoding, leaves it as it was', () => {
    const masking = recordMasking(L_PATHS, [0, 'incidents'], code)!;
    const batch = (count: number, note: string) =>
      Array.from({ length: count }, (_, i) =>
        JSON.stringify({ incident_code: `${note}-${i}`, incident_address: `${i} Rue de l’Église` }),
      ).join(',');
    const first = batch(3, 'Zoë ☕ 😀');
    const firstBytes = masking.recordsUtf8(first)!;
    const firstCopy = firstBytes.slice();
    // About 6 MB of text: more than the 4 MB a thread keeps to encode into.
    for (const next of [batch(2, 'x'), batch(100_000, 'y')]) {
      const nextBytes = masking.recordsUtf8(next)!;
      expect(new TextDecoder().decode(nextBytes)).toBe(l.parsed(next));
      expect(nextBytes.buffer).not.toBe(firstBytes.buffer);
      expect(firstBytes).toEqual(firstCopy);
    }
    expect(firstBytes.byteLength).toBe(firstBytes.buffer.byteLength);
    expect(new TextDecoder().decode(firstBytes)).toBe(l.parsed(first));
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
        expect(l.asText(text)).toBe(l.parsed(text));
      }),
      { numRuns: 300 },
    );
  });
});
