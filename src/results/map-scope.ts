// The map's time window and drawn area as pure filters over an answer's records (issue 24): the
// table, its "N of M records" count, the exports and the map all narrow by the same indices, and
// none of them needs the map's code to do it.
import type { Operation } from '../lookups/define-lookup.ts';
import type { MapLook } from './view-state.ts';
import { flatTableOf } from './table/table-cache.ts';

/** Whether (lat, lon) lies inside the polygon of [lat, lon] corners (even-odd rule, flat degrees). */
export function pointInPolygon(lat: number, lon: number, polygon: ReadonlyArray<readonly [number, number]>): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [latI, lonI] = polygon[i]!;
    const [latJ, lonJ] = polygon[j]!;
    if (latI > lat !== latJ > lat && lon < ((lonJ - lonI) * (lat - latI)) / (latJ - latI) + lonI) inside = !inside;
  }
  return inside;
}

/** A cell's time in milliseconds: an ISO date or date-time (a date-time without zone reads as UTC). */
export function timeOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.length < 10) return undefined;
  const zoned = /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) || value.length === 10 ? value : `${value.replace(' ', 'T')}Z`;
  const time = Date.parse(zoned);
  return Number.isFinite(time) ? time : undefined;
}

/** The column a lookup's time histogram and `time=` read: the operation's declared time field. */
export function timeColumnOf(operation: Operation): string | undefined {
  return operation.map?.timeField;
}

/** The window's bounds in milliseconds. */
export function timeWindow(time: NonNullable<MapLook['time']>): { from: number; to: number } {
  return { from: timeOf(time.from) ?? Date.parse(time.from), to: timeOf(time.to) ?? Date.parse(time.to) };
}

const timesCache = new WeakMap<readonly unknown[], Map<string, Float64Array>>();

/** Each record's time in the column, in ms (NaN: none), read once per records array and column. */
export function recordTimes(records: readonly unknown[], column: string): Float64Array {
  let byColumn = timesCache.get(records);
  if (!byColumn) timesCache.set(records, (byColumn = new Map()));
  let times = byColumn.get(column);
  if (!times) {
    const rows = flatTableOf(records).rows;
    times = new Float64Array(records.length);
    for (let index = 0; index < records.length; index += 1) times[index] = timeOf(rows[index]![column]) ?? Number.NaN;
    byColumn.set(column, times);
  }
  return times;
}

/**
 * Indices of the records inside the look's time window and area, in the answer's order; undefined
 * when the look narrows nothing (no window, no area, or a window on an answer without a time column).
 */
export function scopeRecords(operation: Operation, records: readonly unknown[], look: MapLook | undefined): number[] | undefined {
  const column = timeColumnOf(operation);
  const time = look?.time && column ? timeWindow(look.time) : undefined;
  const area = look?.area && look.area.length >= 3 ? look.area : undefined;
  if (!time && !area) return undefined;
  const times = time ? recordTimes(records, column!) : undefined;
  const pointOf = operation.adapters?.point;
  const kept: number[] = [];
  for (let index = 0; index < records.length; index += 1) {
    if (time) {
      const at = times![index]!;
      // NaN (no time) fails both comparisons' complement: it is never inside.
      if (!(at >= time.from && at <= time.to)) continue;
    }
    if (area) {
      const point = pointOf?.(records[index]);
      if (!point || !Number.isFinite(point.lat) || !Number.isFinite(point.lon) || !pointInPolygon(point.lat, point.lon, area)) continue;
    }
    kept.push(index);
  }
  return kept;
}

const scoped = new WeakMap<readonly unknown[], { key: string; indices: number[] | undefined }>();

/** scopeRecords, remembered for the last window and area asked of these records. */
export function scopedIndicesOf(operation: Operation, records: readonly unknown[], look: MapLook | undefined): number[] | undefined {
  const key = `${operation.id}|${look?.time ? `${look.time.from}/${look.time.to}` : ''}|${look?.area ? look.area.join(';') : ''}`;
  const last = scoped.get(records);
  if (last && last.key === key) return last.indices;
  const indices = scopeRecords(operation, records, look);
  scoped.set(records, { key, indices });
  return indices;
}

/** Indices in both (each in the answer's order); either undefined stands for every record. */
export function intersectIndices(a: readonly number[] | undefined, b: readonly number[] | undefined): number[] | undefined {
  if (!a) return b ? [...b] : undefined;
  if (!b) return [...a];
  const inB = new Set(b);
  return a.filter((index) => inB.has(index));
}
