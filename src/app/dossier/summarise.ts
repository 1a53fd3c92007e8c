// What a dossier section says of one answer at a glance: how many records, the most frequent values
// of its most telling category column, the records nearest the place with their distance, and the
// time span its dates cover. Generic: it reads the flattened columns and the definition's adapters.
import type { AnyOperation, GeoPoint } from '../../lookups/define-lookup.ts';
import { flattenRecord } from '../../results/table-api.ts';

export interface AnswerSummary {
  count: number;
  /** The column whose values group the records best, and its three most frequent values. */
  categories?: { column: string; top: { value: string; count: number }[] };
  nearest: { label: string; metres: number }[];
  span?: { from: string; to: string };
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (degrees: number) => (degrees * Math.PI) / 180;
/** Great-circle distance in metres (haversine; the map's geo.ts has the same, but app/ reaches map/ only lazily). */
export function metresBetween(a: GeoPoint, b: GeoPoint): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const MAX_CATEGORY_VALUES = 30;

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** A category column: text values that repeat (2 to 30 distinct over several records), the fewest distinct first. */
function categoriesOf(rows: readonly Record<string, unknown>[]): AnswerSummary['categories'] {
  if (rows.length < 2) return undefined;
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows)
    for (const [column, value] of Object.entries(row)) {
      if (typeof value !== 'string' || value === '' || ISO_DATE.test(value)) continue;
      const values = counts.get(column) ?? new Map<string, number>();
      values.set(value, (values.get(value) ?? 0) + 1);
      counts.set(column, values);
    }
  let best: { column: string; values: Map<string, number> } | undefined;
  for (const [column, values] of counts) {
    const filled = [...values.values()].reduce((sum, count) => sum + count, 0);
    if (values.size < 2 || values.size > MAX_CATEGORY_VALUES || values.size >= filled || filled < rows.length / 2) continue;
    if (!best || values.size < best.values.size) best = { column, values };
  }
  if (!best) return undefined;
  const top = [...best.values].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3);
  return { column: best.column, top: top.map(([value, count]) => ({ value, count })) };
}

/** The earliest and latest date of the first column holding ISO 8601 dates. */
function spanOf(rows: readonly Record<string, unknown>[]): AnswerSummary['span'] {
  const columns = new Set(rows.flatMap((row) => Object.keys(row)));
  for (const column of columns) {
    const dates = rows.map((row) => row[column]).filter((value): value is string => typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)));
    if (dates.length === 0) continue;
    const sorted = dates.sort((a, b) => Date.parse(a) - Date.parse(b));
    return { from: sorted[0]!, to: sorted.at(-1)! };
  }
  return undefined;
}

export function summariseAnswer(operation: AnyOperation, records: readonly unknown[], place: GeoPoint | undefined, nearestCount = 3): AnswerSummary {
  const rows = records.map((record) => flattenRecord(record));
  const nearest = place
    ? records
        .flatMap((record, index) => {
          const point = safely(() => operation.adapters?.point?.(record));
          if (!point) return [];
          const label = safely(() => operation.adapters?.label?.(record)) || `Record ${index + 1}`;
          return [{ label, metres: metresBetween(place, point) }];
        })
        .sort((a, b) => a.metres - b.metres)
        .slice(0, nearestCount)
    : [];
  const categories = categoriesOf(rows);
  const span = spanOf(rows);
  return { count: records.length, ...(categories && { categories }), nearest, ...(span && { span }) };
}

export function distanceText(metres: number): string {
  return metres < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(metres < 10_000 ? 2 : 1)} km`;
}
