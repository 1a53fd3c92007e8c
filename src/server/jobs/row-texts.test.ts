// @vitest-environment node
// A job's rows kept as compact JSON text (row-texts.ts): any slice of them is the JSON text the
// job store wrote for the same rows as objects, across the groups they are gathered in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RowTexts } from './row-texts.ts';

describe('rows kept as text', () => {
  it('gives JSON.stringify of any slice of the rows, and each row parsed back', () => {
    const row = fc.dictionary(
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.oneof(fc.string({ unit: 'binary' }), fc.double(), fc.boolean()),
      {
        maxKeys: 3,
      },
    );
    fc.assert(
      fc.property(fc.array(row, { maxLength: 2_500 }), fc.nat(), fc.nat(), (rows, a, b) => {
        const texts = new RowTexts();
        for (const each of rows) texts.add(JSON.parse(JSON.stringify(each)));
        expect(texts.length).toBe(rows.length);
        const from = rows.length === 0 ? 0 : a % rows.length;
        const to = from + (b % 2_200);
        expect(texts.arrayText(from, to)).toBe(JSON.stringify(rows.slice(from, to)));
        if (rows.length > 0) expect(texts.row(rows.length - 1)).toEqual(JSON.parse(JSON.stringify(rows[rows.length - 1])));
      }),
      { numRuns: 60 },
    );
  });
});
