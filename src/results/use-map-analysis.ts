// The viewer's side of the map's analysis (issue 24): from the URL's map look, the records the time
// window and area keep (for the table, its count, the map and the exports alike), the legend of the
// colour column, each record's colour and size, and the changes a legend click or a brush makes.
import { useMemo } from 'react';
import type { Operation } from '../lookups/define-lookup.ts';
import { categorySlots, colorColumnOf, legendOf } from './map-legend.ts';
import { chosenColumn, colorChoices, NO_COLUMN, noneFor, sizeChoices } from './map-columns.ts';
import { intersectIndices, recordTimes, scopedIndicesOf, timeColumnOf } from './map-scope.ts';
import type { MapAnalysis } from './slots.ts';
import { columnKinds, toggleEquals } from './table/filter-records.ts';
import { filteredIndicesOf, flatTableOf } from './table/table-cache.ts';
import type { TableScope } from './table/use-table-model.ts';
import type { MapLook, ViewChange, ViewState } from './view-state.ts';

interface MapAnalysisInput {
  operation: Operation;
  /** The answer's records, every one. */
  records: readonly unknown[];
  view: ViewState;
  onViewChange: (change: ViewChange) => void;
  demo: boolean;
}

/** "Time 2024-03-01 10:00 – 2024-03-02 10:00": the window as the table's chip reads it. */
export function describeTime(time: NonNullable<MapLook['time']>): string {
  const short = (iso: string) =>
    iso
      .replace('T', ' ')
      .replace(/:\d{2}(\.\d+)?Z?$/, '')
      .replace(/Z$/, '');
  return `Time ${short(time.from)} – ${short(time.to)}`;
}

export function useMapAnalysis({ operation, records, view, onViewChange, demo }: MapAnalysisInput) {
  const look = useMemo(() => view.map ?? {}, [view.map]);
  const scope = scopedIndicesOf(operation, records, view.map);
  const changeLook = (change: Partial<MapLook>) => {
    const next: MapLook = { ...look, ...change };
    // "(none)" is written only where the definition's default would otherwise come back.
    if (next.color === NO_COLUMN) next.color = noneFor(operation.map?.colorBy);
    if (next.size === NO_COLUMN) next.size = noneFor(operation.map?.sizeBy);
    for (const key of Object.keys(next) as Array<keyof MapLook>) if (next[key] === undefined) delete next[key];
    onViewChange({ map: Object.keys(next).length > 0 ? next : undefined });
  };
  const tableScope: TableScope | undefined = scope
    ? {
        indices: scope,
        notes: [
          ...(look.time && timeColumnOf(operation)
            ? [{ text: describeTime(look.time), onRemove: () => changeLook({ time: undefined }) }]
            : []),
          ...(look.area ? [{ text: 'Inside the drawn area', onRemove: () => changeLook({ area: undefined }) }] : []),
        ],
      }
    : undefined;
  const column = colorColumnOf(operation, records, look);
  const legend = useMemo(
    () => (column ? legendOf(records, column, view.filters, scope) : undefined),
    [records, column, view.filters, scope],
  );
  const timeColumn = timeColumnOf(operation);
  const times = useMemo(() => (timeColumn ? recordTimes(records, timeColumn) : undefined), [records, timeColumn]);
  const kinds = columnKinds(flatTableOf(records));
  const answerColumns = flatTableOf(records).columns;
  const ofKind = (kind: string) => [...kinds].filter(([, info]) => info.kind === kind).map(([name]) => name);
  const categoryColumns = colorChoices(ofKind('choice'), look, operation.map?.colorBy, answerColumns);
  const numberColumns = ofKind('number');
  const sizeColumns = sizeChoices(numberColumns, look, operation.map?.sizeBy, answerColumns);
  const sizeColumn = chosenColumn(look.size, operation.map?.sizeBy);

  // Slots change only when the legend's categories or their order do, not with every count a brush changes.
  const slotKeys = legend ? JSON.stringify(legend.entries.map((entry) => entry.key)) : undefined;
  const categories = useMemo(
    () => (legend && slotKeys ? categorySlots(records, legend.column, JSON.parse(slotKeys) as string[]) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the legend's counts do not change the slots
    [records, legend?.column, slotKeys],
  );
  const sizeReadable = sizeColumn !== undefined && numberColumns.includes(sizeColumn);
  const sizes = useMemo(() => {
    if (!sizeReadable) return undefined;
    const rows = flatTableOf(records).rows;
    const values = new Float64Array(records.length);
    for (let index = 0; index < rows.length; index += 1) {
      const value = rows[index]![sizeColumn];
      values[index] = typeof value === 'number' ? value : Number.NaN;
    }
    return values;
  }, [records, sizeColumn, sizeReadable]);

  /** The analysis for the map, whose per-record arrays are indexed like the answer's records. */
  const mapAnalysis: MapAnalysis = {
    look,
    onLookChange: changeLook,
    legend,
    categories,
    onToggleCategory: (key) => column && onViewChange({ filters: toggleEquals(view.filters, column, key) }),
    sizes,
    times,
    categoryColumns,
    numberColumns: sizeColumns,
    demo,
  };
  // What the table shows and the map draws: the table's filters within the window and the area.
  const byFilters = view.filters ? filteredIndicesOf(flatTableOf(records), view.filters) : undefined;
  const shown = useMemo(() => (scope ? intersectIndices(byFilters, scope) : byFilters), [byFilters, scope]);
  return { scope, shown, tableScope, mapAnalysis };
}
