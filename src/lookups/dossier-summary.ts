// What a dossier section says of one answer at a glance: how many records, the most frequent values
// of its most telling category column, the records nearest the place with their distance, and the
// time span its dates cover. Generic: it reads the flattened columns and the definition's adapters.
import type { AnyOperation, GeoPoint } from './define-lookup.ts';
import { haversineMetres } from './earth.ts';
import { flattenRecord } from './flatten-record.ts';

export interface AnswerSummary {
  count: number;
  /** The column whose values group the records best, and its three most frequent values. */
  categories?: { column: string; top: { value: string; count: number }[] };
  nearest: { label: string; metres: number }[];
  span?: { from: string; to: string };
}

/** Great-circle distance in metres (lookups/earth.ts's, the one the map and SQL use). */
export function metresBetween(a: GeoPoint, b: GeoPoint): number {
  return haversineMetres(a.lat, a.lon, b.lat, b.lon);
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

// Columns that place or name a record rather than describe it: coordinates, ids, codes, keys.
const NOT_DESCRIPTIVE =
  /(?:^|[._])(?:lat|lng|lon|latitude|longitude|coords?|x|y|id|ids|code|key|uuid|zip|zipcode|postcode|fips|geohash)$|_id$|_key$/i;
const NUMBER_LIKE = /^[-+]?\d+(?:[.,]\d+)?$/;
// Columns that usually say what a record is: preferred when several could group the records.
const DESCRIPTIVE = /offen[cs]e|type|category|kind|class|description|status|crime|nature|reason/i;

/**
 * A category column: text values that repeat (2 to 30 distinct over several records), never a
 * coordinate, id or number. Of those, a column whose name says what the record is (offense, type…)
 * wins, then the one with the most distinct values: a yes/no column tells least.
 */
function categoriesOf(rows: readonly Record<string, unknown>[]): AnswerSummary['categories'] {
  if (rows.length < 2) return undefined;
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows)
    for (const [column, value] of Object.entries(row)) {
      if (
        typeof value !== 'string' ||
        value === '' ||
        ISO_DATE.test(value) ||
        NUMBER_LIKE.test(value.trim()) ||
        NOT_DESCRIPTIVE.test(column)
      )
        continue;
      const values = counts.get(column) ?? new Map<string, number>();
      values.set(value, (values.get(value) ?? 0) + 1);
      counts.set(column, values);
    }
  let best: { column: string; values: Map<string, number>; score: number } | undefined;
  for (const [column, values] of counts) {
    const filled = [...values.values()].reduce((sum, count) => sum + count, 0);
    if (values.size < 2 || values.size > MAX_CATEGORY_VALUES || values.size >= filled || filled < rows.length / 2) continue;
    const score = (DESCRIPTIVE.test(column) ? 1000 : 0) + values.size;
    if (!best || score > best.score) best = { column, values, score };
  }
  if (!best) return undefined;
  const top = [...best.values].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3);
  return { column: best.column, top: top.map(([value, count]) => ({ value, count })) };
}

/** The earliest and latest date of the first column holding ISO 8601 dates. */
function spanOf(rows: readonly Record<string, unknown>[]): AnswerSummary['span'] {
  const columns = new Set(rows.flatMap((row) => Object.keys(row)));
  for (const column of columns) {
    const dates = rows
      .map((row) => row[column])
      .filter((value): value is string => typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)));
    if (dates.length === 0) continue;
    const sorted = dates.sort((a, b) => Date.parse(a) - Date.parse(b));
    return { from: sorted[0]!, to: sorted.at(-1)! };
  }
  return undefined;
}

export function summariseAnswer(
  operation: AnyOperation,
  records: readonly unknown[],
  place: GeoPoint | undefined,
  nearestCount = 3,
): AnswerSummary {
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

/**
 * A distance in words. Between exact positions: "420 m", "1.23 km". Where either end is a masked
 * (rounded, about 1 km) position the figure cannot be closer than that, so it never reads "0 m":
 * "within about 1 km (rounded position)", or "about 2.9 km (rounded position)".
 */
export function distanceText(metres: number, rounded = false): string {
  if (!rounded) return metres < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(metres < 10_000 ? 2 : 1)} km`;
  return metres < 1000 ? 'within about 1 km (rounded position)' : `about ${(metres / 1000).toFixed(1)} km (rounded position)`;
}

/** The pack's and the page's one line on how the distances were measured. */
export function distanceBasis(rounded: boolean): string {
  return rounded
    ? 'Distances are measured between rounded (masked) positions, about 1 km from the true ones, so they are approximate to about 1 km; none is stated closer than that.'
    : 'Distances are measured from the exact position of the place to the exact position of each record.';
}

/** What a section states beside its summary: whether the answer is one page of several, whether distances are rounded. */
export interface SummaryContext {
  /** "page 1 of 3 (50 of 145 records)" when the answer holds one page of several. */
  partial?: string | undefined;
  /** The place or the records are masked (rounded) positions. */
  rounded: boolean;
}

/** The summary as term and value lines, the same on the page and in the evidence pack. */
export function summaryLines(summary: AnswerSummary, context: SummaryContext): { term: string; value: string }[] {
  const records = `${summary.count.toLocaleString('en-US')} ${summary.count === 1 ? 'record' : 'records'}`;
  return [
    { term: 'Count', value: context.partial ? `${records}: ${context.partial}` : records },
    ...(summary.categories
      ? [
          {
            term: `Top ${summary.categories.column}`,
            value: summary.categories.top.map((item) => `${item.value} (${item.count})`).join(', '),
          },
        ]
      : []),
    ...(summary.nearest.length > 0
      ? [
          {
            term: 'Nearest',
            value: summary.nearest.map((item) => `${item.label} — ${distanceText(item.metres, context.rounded)}`).join('; '),
          },
        ]
      : []),
    ...(summary.span ? [{ term: 'Time span', value: `${summary.span.from} to ${summary.span.to}` }] : []),
  ];
}
