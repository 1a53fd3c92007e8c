import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { UTF8_BOM, csvColumns, recordsToCsv } from './csv.ts';

/** The CSV's lines, split at the record separator (no cell here holds a CRLF of its own). */
const lines = (csv: string) => csv.split('\r\n');
/** Parsed back by an RFC 4180 reader, to prove the text round-trips. */
const parse = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('recordsToCsv', () => {
  it('writes a header row and quotes commas, quotes and line breaks per RFC 4180, with CRLF line ends', () => {
    const records = [
      { a: 'plain', b: 'with, comma' },
      { a: 'say "hi"', b: 'line\nbreak' },
    ];
    const csv = recordsToCsv(records);
    expect(csv).toBe('a,b\r\nplain,"with, comma"\r\n"say ""hi""","line\nbreak"\r\n');
    expect(parse(csv)).toEqual([
      ['a', 'b'],
      ['plain', 'with, comma'],
      ['say "hi"', 'line\nbreak'],
    ]);
  });

  it('writes every column by default, the union over all records in first-seen order, empty where a record lacks one', () => {
    const wide = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`field${index}`, index]));
    const csv = recordsToCsv([wide, { field0: 'x', extra: true }]);
    const [header, first, second] = parse(csv);
    expect(header).toHaveLength(31);
    expect(header).toEqual(csvColumns([wide, { extra: true }]));
    expect(first!.at(-2)).toBe('29');
    expect(second).toEqual(['x', ...Array<string>(29).fill(''), 'true']);
  });

  it('writes only the chosen columns, in the chosen order, when asked (visible columns only)', () => {
    const records = [
      { id: 1, name: 'A', city: 'X' },
      { id: 2, name: 'B', city: 'Y' },
    ];
    expect(recordsToCsv(records, { columns: ['city', 'id'] })).toBe('city,id\r\nX,1\r\nY,2\r\n');
    expect(recordsToCsv(records, { order: [1, 0] })).toBe('id,name,city\r\n2,B,Y\r\n1,A,X\r\n');
  });

  it('writes nested objects as dot-path columns and arrays as compact JSON in one cell', () => {
    const records = [
      { id: 7, address: { city: 'Berlin', geo: { lat: 52.5 } }, connectors: [{ type: 'CCS', kw: 150 }, { type: 'Type 2' }], tags: [] },
    ];
    const csv = recordsToCsv(records);
    expect(lines(csv)[0]).toBe('id,address.city,address.geo.lat,connectors,tags');
    expect(parse(csv)[1]).toEqual(['7', 'Berlin', '52.5', '[{"type":"CCS","kw":150},{"type":"Type 2"}]', '[]']);
    expect(csv).not.toContain('items]');
  });

  it('keeps numbers as numbers: a negative number value, and text that is a plain number, are not prefixed', () => {
    const csv = recordsToCsv([{ lon: -122.4194, small: -1e-7, text: '-122.4', plus: '+3', zero: 0, flag: false, none: null }]);
    expect(lines(csv)[1]).toBe('-122.4194,-1e-7,-122.4,+3,0,false,');
  });

  it('adds a UTF-8 byte-order mark only when asked (for Excel), and keeps non-ASCII text as is', () => {
    const records = [{ city: 'Zürich', name: '東京' }];
    expect(recordsToCsv(records).startsWith(UTF8_BOM)).toBe(false);
    const withBom = recordsToCsv(records, { bom: true });
    expect(withBom).toBe(`${UTF8_BOM}city,name\r\nZürich,東京\r\n`);
    expect([...new TextEncoder().encode(withBom).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('keeps an empty cell of a one-column CSV as a line of its own, and writes a header alone for no records', () => {
    expect(recordsToCsv([{ a: 'x' }, { a: null }, { a: '' }])).toBe('a\r\nx\r\n""\r\n""\r\n');
    expect(recordsToCsv(['x', 3])).toBe('value\r\nx\r\n3\r\n');
    expect(recordsToCsv([], { columns: ['a', 'b'] })).toBe('a,b\r\n');
  });
});
