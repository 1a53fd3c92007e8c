// Events in space and time for L (crime incidents) and M (911 calls): generated per map cell and
// per UTC day, so a given cell-day always holds the same events whatever window or circle finds it.
// Only positions and times are drawn here (cheap); callers build full records for the page they send.
import { distanceToMetres } from '../lookups/param.ts';
import type { LocationWindowParams } from '../lookups/l-m-location-window.ts';
import type { Cell } from './geo-world.ts';
import { CELL_DEGREES, cellCount, cellCountAround, cellRng, cellsAround, haversineMetres } from './geo-world.ts';

const DAY_MS = 86_400_000;

/** Busier afternoons and evenings than nights, as in real dispatch logs (relative weight per local hour). */
const HOUR_WEIGHTS = [3, 2, 2, 1, 1, 1, 2, 3, 4, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7, 7, 6, 5, 4, 4];
const HOUR_CUMULATIVE = HOUR_WEIGHTS.map((_, hour) => HOUR_WEIGHTS.slice(0, hour + 1).reduce((a, b) => a + b, 0));
const HOUR_TOTAL = HOUR_CUMULATIVE[23]!;

export interface EventSeed {
  lat: number;
  lon: number;
  /** Epoch milliseconds (UTC). */
  time: number;
  cell: Cell;
  day: number;
  index: number;
  distance: number;
}

export interface EventQuery {
  lat: number;
  lon: number;
  radius: number;
  from: number;
  until: number;
}

/** The largest search the demo answers, in cell-days, so one request cannot stall the server. */
export const MAX_CELL_DAYS = 250_000;

/** Reads the parsed L/M parameters; a message when the demo cannot answer them. */
export function eventQueryFrom(params: LocationWindowParams): EventQuery | { error: string } {
  const { lat, lon } = params;
  const radius = distanceToMetres(params.distance);
  const from = Date.parse(params.datetime_ini);
  const until = Date.parse(params.datetime_end);
  if (radius === undefined || Number.isNaN(from) || Number.isNaN(until)) return { error: 'Invalid parameters' };
  const days = Math.floor(until / DAY_MS) - Math.floor(from / DAY_MS) + 1;
  if (cellCountAround(lat, lon, radius) * Math.max(days, 0) > MAX_CELL_DAYS)
    return { error: 'The search is too large: reduce the distance or the time window' };
  return { lat, lon, radius, from, until };
}

/** Every event within the circle and the window, newest first. */
export function eventsWithin(kind: string, query: EventQuery, peakPerCellDay: number): EventSeed[] {
  const found: EventSeed[] = [];
  if (query.until < query.from) return found;
  const firstDay = Math.floor(query.from / DAY_MS);
  const lastDay = Math.floor(query.until / DAY_MS);
  for (const cell of cellsAround(query.lat, query.lon, query.radius)) {
    if (cell.density === 0) continue;
    // Skip cells wholly outside the circle cheaply: their nearest corner is too far.
    const nearestLat = Math.min(Math.max(query.lat, cell.south), cell.south + CELL_DEGREES);
    const nearestLon = Math.min(Math.max(query.lon, cell.west), cell.west + CELL_DEGREES);
    if (haversineMetres(query.lat, query.lon, nearestLat, nearestLon) > query.radius) continue;
    // Solar time from the longitude: close enough to local time for the shape of a day.
    const offsetHours = Math.round(cell.west / 15);
    for (let day = firstDay; day <= lastDay; day++) {
      const rng = cellRng(kind, cell, day);
      const count = cellCount(rng, cell, peakPerCellDay);
      for (let index = 0; index < count; index++) {
        const lat = cell.south + rng.next() * CELL_DEGREES;
        const lon = cell.west + rng.next() * CELL_DEGREES;
        const pick = rng.next() * HOUR_TOTAL;
        const localHour = HOUR_CUMULATIVE.findIndex((limit) => pick < limit);
        const utcHour = (((localHour - offsetHours) % 24) + 24) % 24;
        const time = day * DAY_MS + utcHour * 3_600_000 + Math.floor(rng.next() * 3_600_000);
        if (time < query.from || time > query.until) continue;
        const distance = haversineMetres(query.lat, query.lon, lat, lon);
        if (distance <= query.radius) found.push({ lat, lon, time, cell, day, index, distance });
      }
    }
  }
  return found.sort((a, b) => b.time - a.time || a.cell.i - b.cell.i || a.cell.j - b.cell.j || a.index - b.index);
}
