// The one CSV row writer, for the page's exports and the server's job results alike: rows of cells
// as RFC 4180 lines by Papa Parse's `unparse` (comma, quotes doubled, CRLF after every line), the
// header row written like any other row, so one formula guard (OWASP) covers header and cells.
// Column names come from whoever sends a job and from the provider: they are data, not trusted text.
import Papa from 'papaparse';

/**
 * A text cell that a spreadsheet would run as a formula: it starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return (OWASP's list). Such a cell is written with a leading `'`, and quoted.
 * Papa Parse's own default (`/^[=+\-@\t\r].*$/`) misses a formula followed by a line break
 * (`.` stops at `\n`), so the test here looks at the first character only. Not neutralised:
 * number values (they are written as numbers, `-122.4` stays a number), and text that is a plain
 * decimal number such as `-122.4` or `+3` (a spreadsheet reads it as that number; no formula fits in it).
 */
export const FORMULA_START = /^(?![+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$)[=+\-@\t\r]/;

/** A cell as CSV holds it: nothing for a missing value, compact JSON for an object or a list. */
function cellValue(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : value;
}

/**
 * Rows of cells, each aligned with `fields`, as CSV lines (each ending CRLF; no rows, no text).
 * With one column an empty cell would make an empty line, which readers skip: it is written as "".
 */
export function csvRowLines(fields: readonly string[], rows: readonly (readonly unknown[])[]): string {
  if (rows.length === 0) return '';
  const single = fields.length === 1;
  const text = Papa.unparse(
    { fields: [], data: rows.map((row) => row.map(cellValue)) },
    {
      header: false,
      newline: '\r\n',
      delimiter: ',',
      quoteChar: '"',
      escapeChar: '"',
      escapeFormulae: FORMULA_START,
      quotes: single ? (value: unknown) => value === '' : false,
    },
  );
  return `${text}\r\n`;
}

/** The header line of a CSV with these columns: guarded like a row of cells. */
export function csvHeaderLine(fields: readonly string[]): string {
  return csvRowLines(fields, [fields]);
}
