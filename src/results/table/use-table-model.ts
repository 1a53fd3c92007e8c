import { useMemo, useState } from 'react';
import type { SortDirection } from './flatten-records.ts';
import { flattenRecords, sortedOrder } from './flatten-records.ts';

/** Columns shown at first; the rest are a checkbox away, and wide records stay readable. */
export const INITIAL_COLUMNS = 12;

export interface SortState {
  column: string;
  direction: SortDirection;
}

/** Flat rows, chosen columns and sort order of the table; all derived once per records array. */
export function useTableModel(records: readonly unknown[]) {
  const table = useMemo(() => flattenRecords(records), [records]);
  const [hidden, setHidden] = useState<{ of: readonly unknown[]; columns: ReadonlySet<string> | undefined }>({ of: records, columns: undefined });
  const [sort, setSort] = useState<SortState | undefined>(undefined);

  const hiddenColumns = useMemo(
    () => (hidden.of === records && hidden.columns ? hidden.columns : new Set(table.columns.slice(INITIAL_COLUMNS))),
    [hidden, records, table.columns],
  );
  const visibleColumns = useMemo(() => table.columns.filter((column) => !hiddenColumns.has(column)), [table.columns, hiddenColumns]);
  const activeSort = sort && table.columns.includes(sort.column) ? sort : undefined;
  const order = useMemo(
    () => sortedOrder(table.rows, activeSort?.column, activeSort?.direction ?? 'ascending'),
    [table.rows, activeSort?.column, activeSort?.direction],
  );

  function setColumnShown(column: string, shown: boolean) {
    const next = new Set(hiddenColumns);
    if (shown) next.delete(column);
    else next.add(column);
    setHidden({ of: records, columns: next });
  }

  function showAll(shown: boolean) {
    setHidden({ of: records, columns: new Set(shown ? [] : table.columns) });
  }

  /** Ascending, then descending, then back to the body's order. */
  function toggleSort(column: string) {
    if (activeSort?.column !== column) setSort({ column, direction: 'ascending' });
    else if (activeSort.direction === 'ascending') setSort({ column, direction: 'descending' });
    else setSort(undefined);
  }

  return { table, visibleColumns, hiddenColumns, order, sort: activeSort, toggleSort, setColumnShown, showAll };
}
