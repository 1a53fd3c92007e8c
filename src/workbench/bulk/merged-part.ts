// One input row's share of the merged dataset, made in the merge worker: its output rows, the same
// rows flattened for the table, their columns and each column's counts (what the filter kinds are
// decided from). The page then only concatenates parts: it never flattens or scans 200,000 rows.
import { type ColumnStats, columnStats, type FlatRow, flattenRecord } from '../../results/table-api.ts';
import type { MergedRow } from './merge.ts';

export interface MergedPart {
  /** The input row's index in the run. */
  index: number;
  rows: MergedRow[];
  /** `flattenRecord(rows[i])`; the very same object when the row is flat already (most are), so it is cloned once. */
  flat: FlatRow[];
  /** The flat rows' columns in first-seen order. */
  columns: string[];
  /** Counts per column, over this part's rows. */
  stats: Record<string, ColumnStats>;
}

function isFlat(row: MergedRow): row is FlatRow {
  for (const key in row) {
    const value = row[key];
    if (key === '' || (value !== null && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean'))
      return false;
  }
  return true;
}

export function mergedPart(index: number, rows: MergedRow[]): MergedPart {
  const flat = rows.map((row) => (isFlat(row) ? row : flattenRecord(row)));
  const seen = new Set<string>();
  for (const row of flat) for (const column in row) seen.add(column);
  const columns = [...seen];
  const stats: Record<string, ColumnStats> = {};
  for (const column of columns) stats[column] = columnStats(flat, column);
  return { index, rows, flat, columns, stats };
}
