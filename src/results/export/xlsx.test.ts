import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { recordsToCsv } from './csv.ts';
import { columnName, escapeCellText, MAX_CELL_LENGTH } from './sheet-xml.ts';
import { recordsToXlsx, sheetNameOf } from './xlsx.ts';

function unzip(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  return Object.fromEntries(Object.entries(files).map(([path, data]) => [path, strFromU8(data)]));
}

/** The `<c>` elements of one row of the sheet, by row number. */
function rowCells(sheet: string, row: number): string[] {
  const match = new RegExp(`<row r="${row}">(.*?)</row>`).exec(sheet);
  return match ? [...match[1]!.matchAll(/<c [^>]*>.*?<\/c>/g)].map((cell) => cell[0]) : [];
}

const records = [
  { name: 'Ada & <Bob>', score: 4.5, active: true, day: '2026-11-22', tags: ['a', 'b'] },
  { name: '=HYPERLINK("http://x","y")', score: -3, active: false, day: null, note: '+1 call me' },
];

describe('recordsToXlsx', () => {
  it('writes the workbook parts Excel needs, the sheet named after the lookup', () => {
    const files = unzip(recordsToXlsx(records, { sheetName: 'lookup-l-incidents' }).bytes);
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(files['xl/workbook.xml']).toContain('<sheet name="lookup-l-incidents" sheetId="1" r:id="rId1"/>');
    // The header font is bold, and the sheet's first row is frozen.
    expect(files['xl/styles.xml']).toMatch(/<cellXfs count="3"><xf [^>]*\/><xf numFmtId="0" fontId="1"[^>]*\/>/);
    expect(files['xl/styles.xml']).toContain('<font><b/>');
    expect(files['xl/worksheets/sheet1.xml']).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
  });

  it('writes a bold header, numbers as numbers, booleans as booleans, dates and arrays as text, empty cells left out', () => {
    const sheet = unzip(recordsToXlsx(records, { sheetName: 'x' }).bytes)['xl/worksheets/sheet1.xml']!;
    expect(rowCells(sheet, 1)).toEqual(
      ['name', 'score', 'active', 'day', 'tags', 'note'].map(
        (field, index) => `<c r="${columnName(index)}1" s="1" t="inlineStr"><is><t xml:space="preserve">${field}</t></is></c>`,
      ),
    );
    expect(rowCells(sheet, 2)).toEqual([
      '<c r="A2" t="inlineStr"><is><t xml:space="preserve">Ada &amp; &lt;Bob&gt;</t></is></c>',
      '<c r="B2"><v>4.5</v></c>',
      '<c r="C2" t="b"><v>1</v></c>',
      '<c r="D2" t="inlineStr"><is><t xml:space="preserve">2026-11-22</t></is></c>',
      '<c r="E2" t="inlineStr"><is><t xml:space="preserve">["a","b"]</t></is></c>',
    ]);
    expect(rowCells(sheet, 3)).toContain('<c r="B3"><v>-3</v></c>');
    expect(rowCells(sheet, 3)).toContain('<c r="C3" t="b"><v>0</v></c>');
    expect(sheet).toContain('<dimension ref="A1:F3"/>');
  });

  it('writes formula-like text as text: an inline string in the text style with a quote prefix, never a formula', () => {
    const files = unzip(recordsToXlsx(records, { sheetName: 'x' }).bytes);
    const sheet = files['xl/worksheets/sheet1.xml']!;
    expect(sheet).not.toContain('<f>');
    expect(sheet).not.toContain('<f ');
    expect(rowCells(sheet, 3)[0]).toBe('<c r="A3" s="2" t="inlineStr"><is><t xml:space="preserve">=HYPERLINK("http://x","y")</t></is></c>');
    expect(rowCells(sheet, 3).at(-1)).toBe('<c r="F3" s="2" t="inlineStr"><is><t xml:space="preserve">+1 call me</t></is></c>');
    expect(files['xl/styles.xml']).toMatch(/<xf numFmtId="49"[^>]*quotePrefix="1"\/><\/cellXfs>/);
  });

  it('holds exactly the rows and columns the CSV export holds, for the same columns and order', () => {
    const many = Array.from({ length: 5 }, (_, index) => ({ id: index, city: `C${index}`, extra: index % 2 === 0 ? 'x' : null }));
    const options = { columns: ['city', 'id'], order: [4, 1, 3] };
    const csvRows = recordsToCsv(many, options).trimEnd().split('\r\n');
    const sheet = unzip(recordsToXlsx(many, { ...options, sheetName: 'x' }).bytes)['xl/worksheets/sheet1.xml']!;
    const texts = (row: number) => rowCells(sheet, row).map((cell) => /<(?:t xml:space="preserve"|v)>(.*?)</.exec(cell)![1]);
    expect([1, 2, 3, 4].map((row) => texts(row).join(','))).toEqual(csvRows);
    expect(rowCells(sheet, 5)).toEqual([]);
  });

  it('cuts text longer than a cell holds, saying so in the cell, and counts the cut cells', () => {
    const long = 'x'.repeat(MAX_CELL_LENGTH + 10);
    const file = recordsToXlsx([{ text: long }, { text: 'short' }], { sheetName: 'x' });
    expect(file.cutCells).toBe(1);
    const text = /<t xml:space="preserve">(x+[^<]*)<\/t>/.exec(unzip(file.bytes)['xl/worksheets/sheet1.xml']!)![1]!;
    expect(text).toHaveLength(MAX_CELL_LENGTH);
    expect(text).toMatch(/cut to fit Excel's 32,767-character cell; 32,777 characters in the CSV and JSON\]$/);
  });
});

describe('escapeCellText', () => {
  it('escapes XML, keeps tabs and line breaks, and writes characters XML cannot hold as _xHHHH_', () => {
    expect(escapeCellText('a\tb\nc\r')).toBe('a\tb\nc\r');
    expect(escapeCellText('bell\u0007 and \uD800 alone')).toBe('bell_x0007_ and _xD800_ alone');
    expect(escapeCellText('literal _x0041_ stays')).toBe('literal _x005F_x0041_ stays');
    expect(escapeCellText('emoji 😀 kept')).toBe('emoji 😀 kept');
  });
});

describe('sheetNameOf', () => {
  it('keeps a name Excel accepts: 31 characters at most, without : \\ / ? * [ ]', () => {
    expect(sheetNameOf('lookup-l-incidents')).toBe('lookup-l-incidents');
    expect(sheetNameOf('a/b:c[d]')).toBe('a b c d');
    expect(sheetNameOf('x'.repeat(40))).toHaveLength(31);
    expect(sheetNameOf("''")).toBe('Records');
  });
});

describe('columnName', () => {
  it('names columns as Excel does', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
