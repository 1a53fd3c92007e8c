// Facets à la Datasette: a column's most frequent values with their counts, over the records the
// other columns' filters let through (so several values of one column can be picked together).
import type { TableFilters } from '../view-state.ts';
import type { FlatTable } from './flatten-records.ts';
import { cellKey, compareKeys, filterRows } from './filter-records.ts';

/** Values listed per facet; the rest are counted as "n more". */
export const FACET_SIZE = 15;

export interface FacetValue {
  /** The cell text, `''` for empty cells (shown as "(empty)"). */
  key: string;
  count: number;
}

export interface Facet {
  column: string;
  /** The most frequent values, most frequent first (ties in text order). */
  values: FacetValue[];
  /** Distinct values beyond those listed. */
  more: number;
  /** Records counted: those the other columns' filters let through. */
  counted: number;
}

/** Counts a column's values over the given row indices (every row when undefined). */
export function countValues(table: FlatTable, column: string, indices: readonly number[] | undefined, size = FACET_SIZE): Facet {
  const counts = new Map<string, number>();
  const { rows } = table;
  const total = indices ? indices.length : rows.length;
  for (let position = 0; position < total; position += 1) {
    const key = cellKey(rows[indices ? indices[position]! : position]![column]);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return { column, values: topValues(counts, size), more: Math.max(0, counts.size - size), counted: total };
}

const byFrequency = (a: FacetValue, b: FacetValue) => b.count - a.count || compareKeys(a.key, b.key);

/**
 * The `size` most frequent values, in order. Kept in a short sorted list while scanning, so a column
 * of thousands of distinct values (addresses) costs about one comparison per value, not a full sort.
 */
function topValues(counts: ReadonlyMap<string, number>, size: number): FacetValue[] {
  const top: FacetValue[] = [];
  for (const [key, count] of counts) {
    const value = { key, count };
    if (top.length === size && byFrequency(value, top[size - 1]!) >= 0) continue;
    let at = top.length;
    while (at > 0 && byFrequency(value, top[at - 1]!) < 0) at -= 1;
    top.splice(at, 0, value);
    if (top.length > size) top.pop();
  }
  return top;
}

/** A column's facet under the filters: every filter counts except the column's own. */
export function facetOf(table: FlatTable, column: string, filters: TableFilters | undefined, size = FACET_SIZE): Facet {
  return countValues(table, column, filterRows(table, filters, column), size);
}
