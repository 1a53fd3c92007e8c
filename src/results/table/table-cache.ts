// The flat table and the filtered indices are needed by the table, the map and the exports of one
// answer; computed once per records array and filter state, whichever asks first.
import type { TableFilters } from '../view-state.ts';
import { type FlatTable, flattenRecords } from './flatten-records.ts';
import { filterRows } from './filter-records.ts';

const tables = new WeakMap<readonly unknown[], FlatTable>();
const filtered = new WeakMap<FlatTable, { filters: TableFilters | undefined; indices: number[] | undefined }>();

/** The records flattened for the screen (the table's columns), once per records array. */
export function flatTableOf(records: readonly unknown[]): FlatTable {
  let table = tables.get(records);
  if (!table) {
    table = flattenRecords(records);
    tables.set(records, table);
  }
  return table;
}

/**
 * Hands over rows already flattened elsewhere (a bulk run's merge worker) for a records array, so
 * the table, map and exports never flatten them again on the page's thread. `table.rows[i]` must be
 * `flattenRecord(records[i])`, and `table.columns` their columns in first-seen order.
 */
export function provideFlatTable(records: readonly unknown[], table: FlatTable): void {
  tables.set(records, table);
}

/** The indices the filters let through (undefined: all), remembered for the last filters asked. */
export function filteredIndicesOf(table: FlatTable, filters: TableFilters | undefined): number[] | undefined {
  const last = filtered.get(table);
  if (last && last.filters === filters) return last.indices;
  const indices = filterRows(table, filters);
  filtered.set(table, { filters, indices });
  return indices;
}
