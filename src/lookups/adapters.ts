// Small helpers that definitions compose into their response adapters.
import type { GeoPoint, PageInfo, PageJump, Params } from './define-lookup.ts';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a dot path (`status.code`, `data.item`) from a body; undefined when any step is missing. */
export function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
    else if (isRecord(current)) current = current[key];
    else return undefined;
  }
  return current;
}

/** The array at `path` (the body itself for ''), or undefined. */
export function arrayAt(body: unknown, path = ''): unknown[] | undefined {
  const value = path ? readPath(body, path) : body;
  return Array.isArray(value) ? value : undefined;
}

/** A number from a number or a numeric string (H's and D/G's string coordinates). */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** A point from two fields of a record, rejecting out-of-range and the (0,0) "no location" placeholder. */
export function pointFrom(record: unknown, latPath: string, lonPath: string): GeoPoint | undefined {
  const lat = toNumber(readPath(record, latPath));
  const lon = toNumber(readPath(record, lonPath));
  if (lat === undefined || lon === undefined) return undefined;
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return undefined;
  if (lat === 0 && lon === 0) return undefined;
  return { lat, lon };
}

/**
 * Paging by a page parameter: "Page 2 of 7", with neighbours when in range and every page
 * reachable (first, last, any number). Without a page parameter there is only the summary.
 */
export function pageNumberPaging(page: number, totalPages: number, params: Params, pageParam?: string): PageInfo {
  const info: PageInfo = { summary: totalPages > 0 ? `Page ${page} of ${totalPages}` : 'No pages' };
  if (pageParam) {
    if (page < totalPages) info.next = { ...params, [pageParam]: page + 1 };
    if (page > 1) info.prev = { ...params, [pageParam]: page - 1 };
    if (totalPages > 1) info.pages = { page, last: totalPages, to: (to) => ({ ...params, [pageParam]: clampPage(to, totalPages) }) };
  }
  return info;
}

/** Pages of `pageSize` records reached by an offset parameter (T): page n starts at (n - 1) × pageSize. */
export function offsetPageJump(offset: number, pageSize: number, total: number, params: Params, offsetParam: string): PageJump | undefined {
  const last = Math.ceil(total / pageSize);
  if (last <= 1 || pageSize <= 0) return undefined;
  const page = Math.min(Math.floor(offset / pageSize) + 1, last);
  return { page, last, to: (to) => ({ ...params, [offsetParam]: (clampPage(to, last) - 1) * pageSize }) };
}

function clampPage(page: number, last: number): number {
  return Math.min(Math.max(1, Math.trunc(page)), last);
}

/** Whether a parsed parameter holds a value (an empty list counts as unset). */
function isSet(value: unknown): boolean {
  return value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
}

/** The parameters among `names` the query left unset, in that order: the filters still free to narrow it. */
export function unsetParams(params: Params, names: readonly string[]): string[] {
  return names.filter((name) => !isSet(params[name]));
}

/**
 * How many windows to split a cut answer into: enough for the reported total at 80% of an
 * answer's capacity, since records are not spread evenly over time (a window still cut is split again).
 */
export function windowCount(total: number, perAnswer: number): number {
  return Math.max(2, Math.ceil(total / Math.max(1, Math.floor(perAnswer * 0.8))));
}

/** A count and its noun, agreeing: `1 row`, `2 rows`; `many` for nouns that do not just take an s (`queries`). */
export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? word : many}`;
}
