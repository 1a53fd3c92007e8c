// The CSV writer: every CSV the app writes comes from here. RFC 4180 by Papa Parse's `unparse`
// (header row, comma, quotes doubled, CRLF line ends), UTF-8 with an optional byte-order mark,
// the records flattened like the table's columns, and formula injection neutralised (OWASP).
import Papa from 'papaparse';
import { flattenRecords } from '../table/flatten-records.ts';
import { exportRows, type ExportRowsOptions } from './export-rows.ts';

/** Excel reads a CSV as UTF-8 only when it starts with this mark; other tools do not need it. */
export const UTF8_BOM = '\uFEFF';

/**
 * A text cell that a spreadsheet would run as a formula: it starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return (OWASP's list). Such a cell is written with a leading `'`, and quoted.
 * Papa Parse's own default (`/^[=+\-@\t\r].*$/`) misses a formula followed by a line break
 * (`.` stops at `\n`), so the test here looks at the first character only. Not neutralised:
 * number values (they are written as numbers, `-122.4` stays a number), and text that is a plain
 * decimal number such as `-122.4` or `+3` (a spreadsheet reads it as that number; no formula fits in it).
 */
export const FORMULA_START = /^(?![+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$)[=+\-@\t\r]/;

/** The rule for nested values, as the export menu and the README state it. */
export const NESTED_VALUES_RULE =
  'Nested objects become dot-path columns (address.city); arrays, and objects nested more than six levels deep, are written as compact JSON in one cell.';

export interface CsvOptions extends ExportRowsOptions {
  /** Start the file with a UTF-8 byte-order mark (for Excel). */
  bom?: boolean;
}

/** Every column the CSV of these records has by default (the table's columns, in the same order). */
export function csvColumns(records: readonly unknown[]): string[] {
  return flattenRecords(records, { nested: 'json' }).columns;
}

/** The records as CSV text: a header row, then one row per record. */
export function recordsToCsv(records: readonly unknown[], { columns, order, bom = false }: CsvOptions = {}): string {
  const { fields, rows } = exportRows(records, { columns, order });
  // With one column an empty cell would make an empty line, which readers skip: write it as "".
  const single = fields.length === 1;
  const data = single ? rows.map(([cell]) => [cell ?? '']) : rows;
  const csv = Papa.unparse(
    { fields, data },
    { header: true, newline: '\r\n', delimiter: ',', quoteChar: '"', escapeChar: '"', escapeFormulae: FORMULA_START, quotes: single ? (value: unknown) => value === '' : false },
  );
  // unparse ends the last record without a line break (but a header alone with one); RFC 4180
  // allows either, and a file conventionally ends with one.
  return `${bom ? UTF8_BOM : ''}${csv.endsWith('\r\n') ? csv : `${csv}\r\n`}`;
}
