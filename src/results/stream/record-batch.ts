// One batch of records as the table takes it: each flattened the way the table flattens (a flat
// record is its own row, so it is neither copied nor sent twice), the columns first seen, and the
// batch's counts per column (merged on the page into the column kinds, as a bulk run's are).
import { isRecord } from '../../lookups/adapters.ts';
import { type ColumnStats, columnStats } from '../table/filter-records.ts';
import { type FlatRow, flattenRecord } from '../table/flatten-records.ts';

/** A record whose flat row is itself: an object of plain values (no nesting, no empty key). */
export function isFlatRecord(record: unknown): record is FlatRow {
  if (!isRecord(record)) return false;
  let keys = 0;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const value = record[key];
    if (key === '' || (value !== null && typeof value === 'object')) return false;
    keys += 1;
  }
  return keys > 0;
}

export interface FlatBatch {
  rows: Array<FlatRow | null>;
  columns: string[];
  stats: Array<[string, ColumnStats]>;
}

/** Flattens a batch; `seen` holds the columns of the batches before (and gets this batch's). */
export function flattenBatch(records: readonly unknown[], seen: Set<string>): FlatBatch {
  const rows: Array<FlatRow | null> = [];
  const resolved: FlatRow[] = [];
  const columns: string[] = [];
  const present = new Set<string>();
  for (const record of records) {
    const flat = isFlatRecord(record);
    const row = flat ? record : flattenRecord(record);
    rows.push(flat ? null : row);
    resolved.push(row);
    for (const column in row) {
      if (present.has(column)) continue;
      present.add(column);
      if (!seen.has(column)) {
        seen.add(column);
        columns.push(column);
      }
    }
  }
  return { rows, columns, stats: [...present].map((column) => [column, columnStats(resolved, column)]) };
}
