// The CSV writer of the page's exports: the records flattened like the table's columns, written by
// the one CSV row writer (lookups/csv-lines.ts: RFC 4180, CRLF, formula injection neutralised in
// header and cells alike), UTF-8 with an optional byte-order mark.
import { csvHeaderLine, csvRowLines } from '../../lookups/csv-lines.ts';
import { flattenRecords } from '../table/flatten-records.ts';
import { exportRows, type ExportRowsOptions } from './export-rows.ts';

/** Excel reads a CSV as UTF-8 only when it starts with this mark; other tools do not need it. */
export const UTF8_BOM = '\uFEFF';

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
  return `${bom ? UTF8_BOM : ''}${csvHeaderLine(fields)}${csvRowLines(fields, rows)}`;
}
