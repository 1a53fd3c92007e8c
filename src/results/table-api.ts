// The record table's data API for other parts: flattening records, column statistics and kinds,
// and the cache the table reads its flat table from (so workbench's bulk merge can hand it a table
// made in its worker). No React here: the merge worker imports it.
// The component itself is results/table-component.ts; the rest of results/table/ is internal
// (lint refuses it outside results/ and the shell, app/; see house-rules.mjs).
export { type FlatRow, type FlatTable, flattenRecord, flattenRecords } from './table/flatten-records.ts';
export {
  type ColumnInfo,
  type ColumnStats,
  columnKinds,
  columnStats,
  kindOfStats,
  mergeColumnStats,
  rememberColumnKinds,
} from './table/filter-records.ts';
export { flatTableOf, provideFlatTable } from './table/table-cache.ts';
