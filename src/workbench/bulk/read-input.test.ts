import { describe, expect, it } from 'vitest';
import { decodeUtf8, MAX_ROWS, readInput } from './read-input.ts';

const ok = (text: string) => {
  const result = readInput(text);
  if (!result.ok) throw new Error(result.message);
  return result.table;
};
const refused = (text: string) => {
  const result = readInput(text);
  if (result.ok) throw new Error('expected a refusal');
  return result.message;
};

describe('readInput: CSV', () => {
  it('reads the header and each row with its line number', () => {
    const table = ok('zipcode,name\r\n62701,Smith\r\n62702,\r\n');
    expect(table.format).toBe('csv');
    expect(table.columns).toEqual(['zipcode', 'name']);
    expect(table.rows).toEqual([
      { where: 'line 2', values: { zipcode: '62701', name: 'Smith' } },
      { where: 'line 3', values: { zipcode: '62702', name: '' } },
    ]);
  });

  it('counts lines inside quoted fields and over blank lines, so a line number is the editor’s', () => {
    const table = ok('zipcode,note\n62701,"two\nlines"\n\n62702,"a ""quoted"", comma"\n');
    expect(table.rows.map((row) => row.where)).toEqual(['line 2', 'line 5']);
    expect(table.rows[0]!.values.note).toBe('two\nlines');
    expect(table.rows[1]!.values.note).toBe('a "quoted", comma');
  });

  it('drops a byte-order mark and trims header names', () => {
    expect(ok('\uFEFF zipcode ,name\n62701,x\n').columns).toEqual(['zipcode', 'name']);
  });

  it('fills missing trailing cells with empty text', () => {
    expect(ok('zipcode,name\n62701\n').rows[0]!.values).toEqual({ zipcode: '62701', name: '' });
  });

  it('refuses an empty file, a header without rows, a missing header, and a doubled column', () => {
    expect(refused('')).toMatch(/empty/);
    expect(refused('  \n\n')).toMatch(/empty/);
    expect(refused('zipcode\n')).toMatch(/header row but no rows/);
    expect(refused('62701\n62702\n')).toMatch(/no header row/);
    expect(refused('zipcode,\n62701,x\n')).toMatch(/no header row/);
    expect(refused('zipcode,ZipCode\n1,2\n')).toMatch(/“ZipCode” twice/);
  });

  it('refuses more than the cap, and takes exactly the cap', () => {
    const lines = (count: number) => `zipcode\n${Array.from({ length: count }, () => '62701').join('\n')}\n`;
    expect(ok(lines(MAX_ROWS)).rows).toHaveLength(MAX_ROWS);
    expect(refused(lines(MAX_ROWS + 1))).toMatch(/10,001 rows; a run takes at most 10,000/);
  });

  it('refuses a malformed CSV (an unclosed quote)', () => {
    expect(refused('zipcode,note\n62701,"open\n')).toMatch(/could not be read/);
  });
});

describe('readInput: JSON', () => {
  it('reads an array of objects; values become text, nested ones JSON', () => {
    const table = ok('[{"zipcode": 62701, "name": "Smith"}, {"zipcode": "62702", "tags": [1, 2], "none": null}]');
    expect(table.format).toBe('json');
    expect(table.columns).toEqual(['zipcode', 'name', 'tags', 'none']);
    expect(table.rows).toEqual([
      { where: 'item 1', values: { zipcode: '62701', name: 'Smith' } },
      { where: 'item 2', values: { zipcode: '62702', tags: '[1,2]', none: '' } },
    ]);
  });

  it('refuses what is not an array of objects', () => {
    expect(refused('{"zipcode": "62701"}')).toMatch(/array of objects/);
    expect(refused('[]')).toMatch(/empty/);
    expect(refused('[{"a": 1}, 5]')).toMatch(/Item 2 .* not an object/);
    expect(refused('[{"a": 1},')).toMatch(/not valid JSON/);
  });
});

describe('decodeUtf8', () => {
  it('decodes UTF-8 and refuses other encodings instead of guessing', () => {
    expect(decodeUtf8(new TextEncoder().encode('zipcode\nZürich'))).toEqual({ ok: true, text: 'zipcode\nZürich' });
    // "Zürich" in Latin-1: 0xFC is not valid UTF-8.
    const latin1 = Uint8Array.from([0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68]);
    const result = decodeUtf8(latin1);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/not UTF-8/);
  });
});
