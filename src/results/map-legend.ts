// The map's legend as data (issue 24): the colour column's categories with their counts, counted like
// a facet (every filter but the column's own, and the map's time window and area), and which are
// picked. Clicking an entry toggles it in the column's "is one of" filter, so the legend filters the
// table, its count, the map and the exports exactly as the table's facet does.
import type { Operation } from '../lookups/define-lookup.ts';
import { countValues } from './table/facets.ts';
import { cellKey, filterRows } from './table/filter-records.ts';
import { flatTableOf } from './table/table-cache.ts';
import { intersectIndices } from './map-scope.ts';
import { chosenColumn } from './map-columns.ts';
import type { MapLook, TableFilters } from './view-state.ts';

/** Categories given their own colour; the rest share "Other". */
export const LEGEND_SIZE = 8;

export interface LegendEntry {
  /** The cell text, `''` for an empty cell. */
  key: string;
  count: number;
  /** Shown on the map: no category of the column is picked, or this one is. */
  shown: boolean;
}

export interface MapLegend {
  column: string;
  /** Most frequent first; an entry's position is its colour. */
  entries: LegendEntry[];
  /** Records in categories beyond the listed ones (drawn as "Other"). */
  others: number;
}

/** The colour column: the look's, else the operation's declared default (none for `none`), when the answer has it. */
export function colorColumnOf(operation: Operation, records: readonly unknown[], look: MapLook | undefined): string | undefined {
  const column = chosenColumn(look?.color, operation.map?.colorBy);
  return column && flatTableOf(records).columns.includes(column) ? column : undefined;
}

/** The legend of `column` over the records, under the filters (but its own) and the map's scope. */
export function legendOf(
  records: readonly unknown[],
  column: string,
  filters: TableFilters | undefined,
  scope: readonly number[] | undefined,
): MapLegend {
  const table = flatTableOf(records);
  const counted = intersectIndices(filterRows(table, filters, column), scope);
  const facet = countValues(table, column, counted, LEGEND_SIZE);
  const picked = filters?.[column]?.equals;
  const entries = facet.values.map(({ key, count }) => ({ key, count, shown: !picked || picked.includes(key) }));
  return { column, entries, others: facet.counted - entries.reduce((sum, entry) => sum + entry.count, 0) };
}

/** Each record's colour slot: its category's place among the legend's `keys`, LEGEND_SIZE for "Other". */
export function categorySlots(records: readonly unknown[], column: string, keys: readonly string[]): Uint8Array {
  const table = flatTableOf(records);
  const slotOf = new Map(keys.map((key, position) => [key, position]));
  const slots = new Uint8Array(records.length);
  for (let index = 0; index < records.length; index += 1) {
    slots[index] = slotOf.get(cellKey(table.rows[index]![column])) ?? LEGEND_SIZE;
  }
  return slots;
}
