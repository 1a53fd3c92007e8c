// Records → flat rows for the table: nested objects become dot-path columns, arrays a short summary.
import { isRecord } from '../../lookups/adapters.ts';

export type Cell = string | number | boolean | null;
export type FlatRow = Record<string, Cell>;

export interface FlatTable {
  /** Every column, in the order first seen. */
  columns: string[];
  rows: FlatRow[];
}

const MAX_DEPTH = 6;
const INLINE_ARRAY_ITEMS = 5;

/** An array as one cell: short lists of plain values inline, anything else counted. */
export function summariseArray(items: readonly unknown[]): string {
  if (items.length === 0) return '[]';
  const plain = items.every((item) => item === null || ['string', 'number', 'boolean'].includes(typeof item));
  if (plain && items.length <= INLINE_ARRAY_ITEMS) return items.map(String).join(', ');
  return `[${items.length.toLocaleString('en-US')} item${items.length === 1 ? '' : 's'}]`;
}

function flattenInto(value: unknown, prefix: string, row: FlatRow, depth: number): void {
  if (Array.isArray(value)) {
    row[prefix || 'value'] = summariseArray(value);
  } else if (isRecord(value)) {
    const entries = Object.entries(value);
    if (depth >= MAX_DEPTH || entries.length === 0) {
      row[prefix || 'value'] = entries.length === 0 ? '{}' : `{${entries.length} keys}`;
      return;
    }
    for (const [key, item] of entries) flattenInto(item, prefix ? `${prefix}.${key}` : key, row, depth + 1);
  } else if (value === undefined || value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    row[prefix || 'value'] = value ?? null;
  } else {
    row[prefix || 'value'] = String(value);
  }
}

export function flattenRecord(record: unknown): FlatRow {
  const row: FlatRow = {};
  flattenInto(record, '', row, 0);
  return row;
}

export function flattenRecords(records: readonly unknown[]): FlatTable {
  const seen = new Set<string>();
  const rows = records.map((record) => {
    const row = flattenRecord(record);
    for (const column of Object.keys(row)) seen.add(column);
    return row;
  });
  return { columns: [...seen], rows };
}

export type SortDirection = 'ascending' | 'descending';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Numbers by value, everything else as text (numeric-aware); empty cells always last. */
export function compareCells(a: Cell | undefined, b: Cell | undefined): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** Row indices in display order; stable, and empty cells stay last in both directions. */
export function sortedOrder(rows: readonly FlatRow[], column: string | undefined, direction: SortDirection): number[] {
  const order = rows.map((_, index) => index);
  if (!column) return order;
  const sign = direction === 'ascending' ? 1 : -1;
  return order.sort((i, j) => {
    const a = rows[i]![column];
    const b = rows[j]![column];
    const aEmpty = a === null || a === undefined || a === '';
    const bEmpty = b === null || b === undefined || b === '';
    if (aEmpty || bEmpty) return compareCells(a, b) || i - j;
    return sign * compareCells(a, b) || i - j;
  });
}

export function cellText(cell: Cell | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell);
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV of the chosen columns, rows in the given order. */
export function toCsv(columns: readonly string[], rows: readonly FlatRow[], order: readonly number[]): string {
  const lines = [columns.map(csvField).join(',')];
  for (const index of order) {
    const row = rows[index]!;
    lines.push(columns.map((column) => csvField(cellText(row[column]))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
