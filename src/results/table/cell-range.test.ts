import { describe, expect, it } from 'vitest';
import { rangeSize, rangeToTsv, stepped, tsvCell } from './cell-range.ts';

describe('tsvCell', () => {
  it('quotes text holding a tab or a line break, or starting with a quote, doubling the quotes', () => {
    expect(tsvCell('a\tb')).toBe('"a\tb"');
    expect(tsvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(tsvCell('"hi" she said')).toBe('"""hi"" she said"');
    expect(tsvCell('say "hi"')).toBe('say "hi"');
    expect(tsvCell('plain')).toBe('plain');
  });

  it('writes numbers and booleans as they are, empty cells as nothing, and formula-like text with a leading quote', () => {
    expect(tsvCell(-122.4)).toBe('-122.4');
    expect(tsvCell(true)).toBe('true');
    expect(tsvCell(null)).toBe('');
    expect(tsvCell(undefined)).toBe('');
    expect(tsvCell('=1+1')).toBe("'=1+1");
    expect(tsvCell('-12.5')).toBe('-12.5');
  });
});

describe('rangeToTsv', () => {
  const records = Array.from({ length: 5_000 }, (_, index) => ({
    id: index,
    name: `Name ${index}`,
    tags: ['a', 'b'],
    note: index === 4_000 ? 'two\tparts' : null,
  }));
  const columns = ['id', 'name', 'tags', 'note'];
  const order = records.map((_, index) => records.length - 1 - index); // sorted descending by id

  it('reads every row of the range from the records in the table’s order, whichever rows are rendered', () => {
    // Positions 998…1001 are records 4001…3998: far past any rendered rows.
    const tsv = rangeToTsv(
      { records, order, columns },
      { anchor: { position: 1001, column: 3 }, focus: { position: 998, column: 0 } },
      false,
    );
    expect(tsv.split('\r\n')).toEqual([
      '4001\tName 4001\t["a","b"]\t',
      '4000\tName 4000\t["a","b"]\t"two\tparts"',
      '3999\tName 3999\t["a","b"]\t',
      '3998\tName 3998\t["a","b"]\t',
    ]);
  });

  it('puts the range’s column names first when asked', () => {
    const tsv = rangeToTsv({ records, order, columns }, { anchor: { position: 0, column: 1 }, focus: { position: 1, column: 0 } }, true);
    expect(tsv).toBe('id\tname\r\n4999\tName 4999\r\n4998\tName 4998');
  });
});

describe('stepped and rangeSize', () => {
  it('moves one cell per arrow key and stays inside the table', () => {
    expect(stepped({ position: 0, column: 0 }, 'ArrowUp', 10, 3)).toEqual({ position: 0, column: 0 });
    expect(stepped({ position: 9, column: 2 }, 'ArrowRight', 10, 3)).toEqual({ position: 9, column: 2 });
    expect(stepped({ position: 4, column: 1 }, 'ArrowDown', 10, 3)).toEqual({ position: 5, column: 1 });
    expect(stepped({ position: 4, column: 1 }, 'Enter', 10, 3)).toBeUndefined();
    expect(rangeSize({ anchor: { position: 5, column: 2 }, focus: { position: 3, column: 0 } })).toEqual({ rows: 3, columns: 3 });
  });
});
