// The merged dataset assembled on the page from the worker's parts, in the input's order: the
// records (for exports, the map and the full value of a cell) and, handed to the table's cache,
// their flat table and column kinds, so the table's first render neither flattens nor scans.
import {
  type ColumnInfo,
  type ColumnStats,
  type FlatRow,
  type FlatTable,
  kindOfStats,
  mergeColumnStats,
  provideFlatTable,
  rememberColumnKinds,
} from '../../results/table-api.ts';
import type { MergedRow } from './merge.ts';
import type { MergedPart } from './merged-part.ts';

export interface MergedDataset {
  rows: MergedRow[];
  table: FlatTable;
  kinds: ReadonlyMap<string, ColumnInfo>;
}

/** Concatenates the parts in index order; costs a pass over the parts and their columns, not over every cell. */
export function assembleDataset(parts: Iterable<MergedPart>): MergedDataset {
  const ordered = [...parts].sort((a, b) => a.index - b.index);
  const rows: MergedRow[] = [];
  const flat: FlatRow[] = [];
  const stats = new Map<string, ColumnStats>();
  for (const part of ordered) {
    for (let at = 0; at < part.rows.length; at += 1) {
      rows.push(part.rows[at]!);
      flat.push(part.flat[at]!);
    }
    for (const column of part.columns) {
      const counted = part.stats[column]!;
      const before = stats.get(column);
      stats.set(column, before ? mergeColumnStats(before, counted) : counted);
    }
  }
  const table: FlatTable = { columns: [...stats.keys()], rows: flat };
  const kinds = new Map([...stats].map(([column, counted]) => [column, kindOfStats(counted, flat.length)]));
  provideFlatTable(rows, table);
  rememberColumnKinds(table, kinds);
  return { rows, table, kinds };
}
