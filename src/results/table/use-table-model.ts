import { useMemo, useState } from 'react';
import { columnChoiceOf, isColumnLayout, type TableSort, type TableView } from '../view-state.ts';
import { sortedOrder } from './flatten-records.ts';
import { filteredIndicesOf, flatTableOf } from './table-cache.ts';
import { intersectIndices } from '../map-scope.ts';

/** Columns shown at first; the rest are a checkbox away, and wide records stay readable. */
export const INITIAL_COLUMNS = 12;

/** How the table's CSV and JSON exports are written; the defaults write everything, in the answer's order. */
export interface ExportChoice {
  /** CSV and XLSX columns: every column of the flattened records (default), or only those the table shows. */
  visibleOnly: boolean;
  /** Rows in the table's sort order instead of the answer's (the map's GeoJSON is always in the answer's). */
  sorted: boolean;
  /** Start the CSV with a UTF-8 byte-order mark, for Excel. */
  bom: boolean;
}

export const DEFAULT_EXPORT: ExportChoice = { visibleOnly: false, sorted: false, bom: false };

export type SortState = TableSort;

/** A narrowing from outside the table's own filters (the map's time window and area). */
export interface TableScope {
  /** The records kept, in the answer's order; undefined keeps every record. */
  indices: readonly number[] | undefined;
  /** How each part reads ("Time 2024-03-01 – 2024-03-02"), with a way to drop it. */
  notes: ReadonlyArray<{ text: string; onRemove: () => void }>;
}

/** The sort, columns, filters and facets held by the caller (the URL), and how to change them. */
export interface ControlledTableView {
  view: TableView;
  onChange: (change: TableView) => void;
}

/** The answer's columns with the operation's key columns first, in their order; a key column the answer lacks is skipped. */
export function keyColumnsFirst(columns: readonly string[], keyColumns: readonly string[]): string[] {
  const present = new Set(columns);
  const first = [...new Set(keyColumns)].filter((column) => present.has(column));
  const placed = new Set(first);
  return [...first, ...columns.filter((column) => !placed.has(column))];
}

/** The answer's columns in the order the table shows them: the key columns of a layout first. */
export function orderedColumns(columns: readonly string[], chosen: TableView['columns']): string[] {
  return isColumnLayout(chosen) ? keyColumnsFirst(columns, chosen.keyColumns) : [...columns];
}

/**
 * The columns shown for a choice, in the table's order (key columns first): all, the chosen ones
 * that this answer has, or the first twelve when there is no choice or none of the chosen columns is here.
 */
export function shownColumns(columns: readonly string[], chosen: TableView['columns']): string[] {
  const ordered = orderedColumns(columns, chosen);
  const choice = columnChoiceOf(chosen);
  if (choice === 'all') return ordered;
  if (choice) {
    const wanted = new Set(choice);
    const shown = ordered.filter((column) => wanted.has(column));
    if (shown.length > 0 || choice.length === 0) return shown;
  }
  return ordered.slice(0, INITIAL_COLUMNS);
}

/** The sorted order restricted to the filtered indices (all of it when there is no filter). */
export function visibleOrder(sorted: readonly number[], filtered: readonly number[] | undefined, rowCount: number): number[] {
  if (!filtered) return [...sorted];
  const shown = new Uint8Array(rowCount);
  for (const index of filtered) shown[index] = 1;
  return sorted.filter((index) => shown[index] === 1);
}

/**
 * Flat rows, chosen columns, filters and sort order of the table; all derived once per records
 * array. The view is the caller's when `controlled` is given (the page keeps it in the URL).
 */
export function useTableModel(records: readonly unknown[], controlled?: ControlledTableView, within?: readonly number[]) {
  const table = flatTableOf(records);
  const [own, setOwn] = useState<TableView>({});
  const [exportChoice, setExportChoice] = useState<ExportChoice>(DEFAULT_EXPORT);
  const view = controlled ? controlled.view : own;
  const change = (next: TableView) => (controlled ? controlled.onChange(next) : setOwn((current) => ({ ...current, ...next })));

  const columns = useMemo(() => orderedColumns(table.columns, view.columns), [table.columns, view.columns]);
  const visibleColumns = useMemo(() => shownColumns(table.columns, view.columns), [table.columns, view.columns]);
  const hiddenColumns = useMemo(() => {
    const shown = new Set(visibleColumns);
    return new Set(columns.filter((column) => !shown.has(column)));
  }, [columns, visibleColumns]);
  const sort = view.sort;
  const activeSort = sort && table.columns.includes(sort.column) ? sort : undefined;
  const sorted = useMemo(
    () => sortedOrder(table.rows, activeSort?.column, activeSort?.direction ?? 'ascending'),
    [table.rows, activeSort?.column, activeSort?.direction],
  );
  const filters = view.filters;
  /** Indices the filters let through, in the answer's order; undefined when nothing is filtered. */
  const byFilters = filteredIndicesOf(table, filters);
  const filtered = useMemo(() => (within ? intersectIndices(byFilters, within) : byFilters), [byFilters, within]);
  const order = useMemo(() => visibleOrder(sorted, filtered, table.rows.length), [sorted, filtered, table.rows.length]);

  function setColumnShown(column: string, shown: boolean) {
    const next = columns.filter((name) => (name === column ? shown : !hiddenColumns.has(name)));
    change({ columns: next.length === columns.length ? 'all' : next });
  }

  function showAll(shown: boolean) {
    change({ columns: shown ? 'all' : [] });
  }

  /** Ascending, then descending, then back to the body's order. */
  function toggleSort(column: string) {
    if (activeSort?.column !== column) change({ sort: { column, direction: 'ascending' } });
    else if (activeSort.direction === 'ascending') change({ sort: { column, direction: 'descending' } });
    else change({ sort: undefined });
  }

  function chooseExport(change: Partial<ExportChoice>) {
    setExportChoice((current) => ({ ...current, ...change }));
  }

  return {
    table,
    /** Every column in the table's order: the operation's key columns first. */
    columns,
    visibleColumns,
    hiddenColumns,
    order,
    filtered,
    filters,
    facets: view.facets,
    changeView: change,
    sort: activeSort,
    toggleSort,
    setColumnShown,
    showAll,
    exportChoice,
    chooseExport,
  };
}
