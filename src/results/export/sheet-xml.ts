// One worksheet of SpreadsheetML (the XML inside an .xlsx): a bold header row frozen in place,
// then one row per record. Every text is an inline string (t="inlineStr"): the file holds no
// formula element at all, so no cell can run as a formula whatever its text, and text that looks
// like one (FORMULA_START) also gets a text style with a quote prefix, so editing the cell in
// Excel keeps it text. Numbers are numbers, booleans booleans, ISO dates stay text as the answer has them.
import type { Cell } from '../table/flatten-records.ts';
import { FORMULA_START } from '../../lookups/csv-lines.ts';

/** Excel's limit on one cell's text. */
export const MAX_CELL_LENGTH = 32_767;

/** Style indices into the workbook's cellXfs (xlsx.ts writes them in this order). */
export const STYLE = { normal: 0, header: 1, formulaLikeText: 2 } as const;

/** A, B, … Z, AA, AB, …: the column part of a cell reference. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

// Characters XML 1.0 cannot hold (control characters but tab, LF and CR; lone surrogates;
// U+FFFE/FFFF) are written as OOXML's _xHHHH_ escape, and a literal "_xHHHH_" in the text gets
// its underscore escaped, so Excel reads back exactly the text given.
const NOT_IN_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const hex4 = (char: string) => `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;

export function escapeCellText(text: string): string {
  return text
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(NOT_IN_XML, hex4);
}

/** Text longer than a cell holds is cut, ending with a note saying so (never inside a surrogate pair). */
export function fitCellText(text: string): { text: string; cut: boolean } {
  if (text.length <= MAX_CELL_LENGTH) return { text, cut: false };
  const note = ` … [cut to fit Excel's ${MAX_CELL_LENGTH.toLocaleString('en-US')}-character cell; ${text.length.toLocaleString('en-US')} characters in the CSV and JSON]`;
  let end = MAX_CELL_LENGTH - note.length;
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  return { text: text.slice(0, end) + note, cut: true };
}

function textCell(ref: string, text: string, style: number): string {
  const styled = style === STYLE.normal ? '' : ` s="${style}"`;
  return `<c r="${ref}"${styled} t="inlineStr"><is><t xml:space="preserve">${escapeCellText(text)}</t></is></c>`;
}

/** One cell's XML; an empty cell is left out. Counts a cut text in `cuts`. */
function cellXml(ref: string, cell: Cell, cuts: { count: number }): string {
  if (cell === null || cell === '') return '';
  if (typeof cell === 'number')
    return Number.isFinite(cell) ? `<c r="${ref}"><v>${cell}</v></c>` : textCell(ref, String(cell), STYLE.normal);
  if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
  const { text, cut } = fitCellText(cell);
  if (cut) cuts.count += 1;
  return textCell(ref, text, FORMULA_START.test(text) ? STYLE.formulaLikeText : STYLE.normal);
}

const COLUMN_WIDTH = 18;

/** The worksheet XML for a header and rows; `cutCells` counts the texts cut to fit a cell. */
export function sheetXml(fields: readonly string[], rows: readonly (readonly Cell[])[]): { xml: string; cutCells: number } {
  const names = fields.map((_, index) => columnName(index));
  const cuts = { count: 0 };
  const header = `<row r="1">${fields.map((field, index) => textCell(`${names[index]}1`, field, STYLE.header)).join('')}</row>`;
  const body = rows.map((row, rowIndex) => {
    const number = rowIndex + 2;
    return `<row r="${number}">${row.map((cell, index) => cellXml(`${names[index]}${number}`, cell, cuts)).join('')}</row>`;
  });
  const last = `${names.at(-1) ?? 'A'}${rows.length + 1}`;
  const cols = fields.length > 0 ? `<cols><col min="1" max="${fields.length}" width="${COLUMN_WIDTH}" customWidth="1"/></cols>` : '';
  const xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<dimension ref="A1:${last}"/>` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/>${cols}<sheetData>${header}${body.join('')}</sheetData></worksheet>`;
  return { xml, cutCells: cuts.count };
}
