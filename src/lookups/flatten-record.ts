// Records → flat rows for the table and the CSV export: nested objects become dot-path columns
// (`address.city`); an array is one cell, a short summary on screen and compact JSON in an export.
// Pure, in lookups/ so the server reads records as the table does (a dossier's summary, lookups/dossier-summary.ts).
import { isRecord } from './adapters.ts';

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

/**
 * How a value that stays in one cell (an array, or an object nested deeper than the columns go)
 * is written: `summary` for the screen (`[2 items]`), `json` for exports (compact JSON, lossless).
 * Either way the columns are the same, so a column chosen on screen names the same data in a file.
 */
export type NestedCells = 'summary' | 'json';

export interface FlattenOptions {
  nested?: NestedCells;
}

function flattenInto(value: unknown, prefix: string, row: FlatRow, depth: number, nested: NestedCells): void {
  if (Array.isArray(value)) {
    row[prefix || 'value'] = nested === 'json' ? JSON.stringify(value) : summariseArray(value);
  } else if (isRecord(value)) {
    const entries = Object.entries(value);
    if (depth >= MAX_DEPTH || entries.length === 0) {
      row[prefix || 'value'] = nested === 'json' ? JSON.stringify(value) : entries.length === 0 ? '{}' : `{${entries.length} keys}`;
      return;
    }
    for (const [key, item] of entries) flattenInto(item, prefix ? `${prefix}.${key}` : key, row, depth + 1, nested);
  } else if (
    value === undefined ||
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  ) {
    row[prefix || 'value'] = value ?? null;
  } else {
    row[prefix || 'value'] = String(value);
  }
}

export function flattenRecord(record: unknown, { nested = 'summary' }: FlattenOptions = {}): FlatRow {
  const row: FlatRow = {};
  flattenInto(record, '', row, 0, nested);
  return row;
}

export function flattenRecords(records: readonly unknown[], options: FlattenOptions = {}): FlatTable {
  const seen = new Set<string>();
  const rows = records.map((record) => {
    const row = flattenRecord(record, options);
    for (const column of Object.keys(row)) seen.add(column);
    return row;
  });
  return { columns: [...seen], rows };
}
