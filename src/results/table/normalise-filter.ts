// A filter without its empty parts, and the day test it uses: apart from the table's code
// (filter-records.ts) because the URL codec (filter-query.ts) needs them on every lookup page,
// before any table exists.
import type { ColumnFilter } from '../view-state.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the text is a calendar day `YYYY-MM-DD` that exists. */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** The filter without its empty parts; undefined when nothing is left. */
export function normaliseFilter(filter: ColumnFilter | undefined): ColumnFilter | undefined {
  if (!filter) return undefined;
  const clean: ColumnFilter = {};
  if (filter.contains !== undefined && filter.contains.trim() !== '') clean.contains = filter.contains;
  if (filter.min !== undefined && Number.isFinite(filter.min)) clean.min = filter.min;
  if (filter.max !== undefined && Number.isFinite(filter.max)) clean.max = filter.max;
  if (filter.from !== undefined && isDay(filter.from)) clean.from = filter.from;
  if (filter.to !== undefined && isDay(filter.to)) clean.to = filter.to;
  if (filter.equals && filter.equals.length > 0) clean.equals = [...new Set(filter.equals)];
  if (filter.excludes && filter.excludes.length > 0) clean.excludes = [...new Set(filter.excludes)];
  return Object.keys(clean).length > 0 ? clean : undefined;
}
