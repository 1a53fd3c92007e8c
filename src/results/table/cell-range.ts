// A rectangular range of the table's cells, in the table's coordinates: positions in its row order
// (sorted, filtered) and indices of its visible columns. Pure, so the copy reads the model and
// never the DOM: a range over rows the virtualised table has not rendered copies their values too.
import { FORMULA_START } from '../../lookups/csv-lines.ts';
import { type Cell, flattenRecord } from './flatten-records.ts';

export interface CellPoint {
  /** Position in the table's row order. */
  position: number;
  /** Index into the visible columns. */
  column: number;
}

/** Where the range started (the anchor) and the cell it was extended to (the focus). */
export interface CellRange {
  anchor: CellPoint;
  focus: CellPoint;
}

export interface RangeBounds {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export function boundsOf({ anchor, focus }: CellRange): RangeBounds {
  return {
    top: Math.min(anchor.position, focus.position),
    bottom: Math.max(anchor.position, focus.position),
    left: Math.min(anchor.column, focus.column),
    right: Math.max(anchor.column, focus.column),
  };
}

export function rangeSize(range: CellRange): { rows: number; columns: number } {
  const { top, bottom, left, right } = boundsOf(range);
  return { rows: bottom - top + 1, columns: right - left + 1 };
}

export function inRange(bounds: RangeBounds | undefined, position: number, column: number): boolean {
  return bounds !== undefined && position >= bounds.top && position <= bounds.bottom && column >= bounds.left && column <= bounds.right;
}

const STEPS: Record<string, { rows: number; columns: number }> = {
  ArrowUp: { rows: -1, columns: 0 },
  ArrowDown: { rows: 1, columns: 0 },
  ArrowLeft: { rows: 0, columns: -1 },
  ArrowRight: { rows: 0, columns: 1 },
};

/** The cell one arrow key away from `from`, kept inside the table; undefined for any other key. */
export function stepped(from: CellPoint, key: string, rowCount: number, columnCount: number): CellPoint | undefined {
  const step = STEPS[key];
  if (!step) return undefined;
  const clamp = (value: number, count: number) => Math.max(0, Math.min(count - 1, value));
  return { position: clamp(from.position + step.rows, rowCount), column: clamp(from.column + step.columns, columnCount) };
}

/**
 * One cell as a spreadsheet reads pasted text: text with a tab or a line break, or starting with a
 * quote, is quoted (quotes doubled; a quote inside other text needs nothing), and text a spreadsheet would run as a formula gets a leading ' as in the CSV.
 */
export function tsvCell(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  const text = String(cell);
  const safe = typeof cell === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return /[\t\n\r]/.test(safe) || safe.startsWith('"') ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export interface RangeSource {
  records: readonly unknown[];
  /** Record indices in the table's row order. */
  order: readonly number[];
  columns: readonly string[];
}

/**
 * The range as tab-separated lines (CRLF between rows, as Excel puts on the clipboard), read from
 * the records: arrays and deep objects as compact JSON, as the exports write them. With
 * `withHeader`, the range's column names come first.
 */
export function rangeToTsv({ records, order, columns }: RangeSource, range: CellRange, withHeader: boolean): string {
  const { top, bottom, left, right } = boundsOf(range);
  const fields = columns.slice(left, right + 1);
  const lines = withHeader ? [fields.map(tsvCell).join('\t')] : [];
  for (let position = top; position <= bottom && position < order.length; position++) {
    const row = flattenRecord(records[order[position]!], { nested: 'json' });
    lines.push(fields.map((field) => tsvCell(row[field])).join('\t'));
  }
  return lines.join('\r\n');
}
