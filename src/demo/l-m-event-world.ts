// Events in space and time for L (crime incidents) and M (911 calls): generated per map cell and
// per UTC day, so a given cell-day always holds the same events whatever window or circle finds it.
// Only positions and times are drawn here (cheap); callers build full records for the page they send.
// The two lookups cover the United States: events lie on its land only (none at sea, none abroad).
import { distanceToMetres } from '../lookups/param.ts';
import type { LocationWindowParams } from '../lookups/location-window.ts';
import type { Cell } from './geo-world.ts';
import { haversineMetres } from '../lookups/earth.ts';
import { CELL_DEGREES, cellCount, cellCountAround, cellRng, cellsAround, pointInCell } from './geo-world.ts';
import { firstDraw, seedFrom } from './seeded.ts';

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

/** Where L's and M's events happen: crime and dispatch data of the United States. */
export const EVENT_REGION = 'US';

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

/** A cell that may hold events within the circle, and whether all of it lies inside. */
interface CandidateCell {
  cell: Cell;
  /** Every point of the cell is within the radius: its events need no distance test to be counted. */
  inside: boolean;
  /** Solar time from the longitude: close enough to local time for the shape of a day. */
  offsetHours: number;
}

/**
 * The cells whose events the circle may reach. Cells wholly outside are skipped cheaply: their
 * nearest point is too far. A cell is wholly inside when its four corners are: along a parallel
 * or a meridian the distance from the centre is largest at an end, so a corner is the farthest
 * point of the box (a millimetre of margin covers rounding).
 */
function candidateCells(query: EventQuery): CandidateCell[] {
  const candidates: CandidateCell[] = [];
  for (const cell of cellsAround(query.lat, query.lon, query.radius)) {
    if (cell.density === 0 || cell.region !== EVENT_REGION) continue;
    const nearestLat = Math.min(Math.max(query.lat, cell.south), cell.south + CELL_DEGREES);
    const nearestLon = Math.min(Math.max(query.lon, cell.west), cell.west + CELL_DEGREES);
    if (haversineMetres(query.lat, query.lon, nearestLat, nearestLon) > query.radius) continue;
    const north = cell.south + CELL_DEGREES;
    const east = cell.west + CELL_DEGREES;
    const farthest = Math.max(
      haversineMetres(query.lat, query.lon, cell.south, cell.west),
      haversineMetres(query.lat, query.lon, cell.south, east),
      haversineMetres(query.lat, query.lon, north, cell.west),
      haversineMetres(query.lat, query.lon, north, east),
    );
    candidates.push({ cell, inside: farthest <= query.radius - 0.001, offsetHours: Math.round(cell.west / 15) });
  }
  return candidates;
}

/**
 * Draws one cell-day's events in order and hands on those within the circle and the window. Its
 * random stream is the cell-day's alone, so any subset of cell-days gives the same events.
 */
function drawCellDay(kind: string, query: EventQuery, peak: number, candidate: CandidateCell, day: number, found: EventSeed[]): void {
  const { cell, offsetHours } = candidate;
  const rng = cellRng(kind, cell, day);
  const count = cellCount(rng, cell, peak);
  for (let index = 0; index < count; index++) {
    const { lat, lon } = pointInCell(rng, cell);
    const pick = rng.next() * HOUR_TOTAL;
    const localHour = HOUR_CUMULATIVE.findIndex((limit) => pick < limit);
    const utcHour = (((localHour - offsetHours) % 24) + 24) % 24;
    const time = day * DAY_MS + utcHour * 3_600_000 + Math.floor(rng.next() * 3_600_000);
    if (time < query.from || time > query.until) continue;
    const distance = haversineMetres(query.lat, query.lon, lat, lon);
    if (distance <= query.radius) found.push({ lat, lon, time, cell, day, index, distance });
  }
}

/** How many events a cell-day holds: cellCount(cellRng(kind, cell, day), cell, peak), the generator's first draw, without making it. */
export function cellDayCount(kind: string, cell: Cell, day: number, peak: number): number {
  return Math.floor(peak * cell.density + firstDraw(seedFrom(kind, cell.i, cell.j, day)));
}

/** Newest first; ties by cell, then by the order drawn. */
function newestFirst(a: EventSeed, b: EventSeed): number {
  return b.time - a.time || a.cell.i - b.cell.i || a.cell.j - b.cell.j || a.index - b.index;
}

/**
 * Every event within the circle and the window, newest first: the definition eventPage answers
 * a page of. It draws every event of every cell-day, so the generators ask eventPage instead.
 */
export function eventsWithin(kind: string, query: EventQuery, peakPerCellDay: number): EventSeed[] {
  const found: EventSeed[] = [];
  if (query.until < query.from) return found;
  const firstDay = Math.floor(query.from / DAY_MS);
  const lastDay = Math.floor(query.until / DAY_MS);
  for (const candidate of candidateCells(query)) {
    for (let day = firstDay; day <= lastDay; day++) drawCellDay(kind, query, peakPerCellDay, candidate, day, found);
  }
  return found.sort(newestFirst);
}

export interface EventPage {
  /** How many events lie within the circle and the window. */
  total: number;
  /** eventsWithin(…).slice(offset, offset + limit), the same events in the same order. */
  events: EventSeed[];
}

/**
 * One page of eventsWithin without drawing the whole world: an event's time lies within its UTC
 * day, so newest first is day by day, newest day first. Each cell-day's count is its generator's
 * first draw; only cell-days cut by the circle's edge or the window's ends draw their events to
 * count them. Then only the days that hold the page are drawn in full and sorted.
 */
export function eventPage(kind: string, query: EventQuery, peakPerCellDay: number, offset: number, limit: number): EventPage {
  if (query.until < query.from) return { total: 0, events: [] };
  const firstDay = Math.floor(query.from / DAY_MS);
  const lastDay = Math.floor(query.until / DAY_MS);
  const candidates = candidateCells(query);
  const perDay: number[] = [];
  const scratch: EventSeed[] = [];
  let total = 0;
  for (let day = lastDay; day >= firstDay; day--) {
    const wholeDay = day * DAY_MS >= query.from && (day + 1) * DAY_MS - 1 <= query.until;
    let count = 0;
    for (const candidate of candidates) {
      if (wholeDay && candidate.inside) {
        count += cellDayCount(kind, candidate.cell, day, peakPerCellDay);
      } else {
        scratch.length = 0;
        drawCellDay(kind, query, peakPerCellDay, candidate, day, scratch);
        count += scratch.length;
      }
    }
    perDay.push(count);
    total += count;
  }
  const events: EventSeed[] = [];
  const end = Math.min(offset + limit, total);
  // perDay[k] counts day lastDay - k; `before` the events of the newer days.
  let before = 0;
  for (let k = 0; k < perDay.length && before < end; k++) {
    const count = perDay[k]!;
    if (count > 0 && before + count > offset) {
      const day = lastDay - k;
      const found: EventSeed[] = [];
      for (const candidate of candidates) drawCellDay(kind, query, peakPerCellDay, candidate, day, found);
      found.sort(newestFirst);
      for (let at = Math.max(offset - before, 0); at < Math.min(count, end - before); at++) events.push(found[at]!);
    }
    before += count;
  }
  return { total, events };
}
