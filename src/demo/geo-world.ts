// The demo's one consistent world for the map lookups (B, E, H, L, M). Entities are generated per
// fixed map cell from seedFrom(kind, cell), never per query, so a place always holds the same
// stations, incidents and calls whichever search finds it; queries then pick those within their
// radius by true haversine distance. Density follows a few real cities: dense near them, sparse elsewhere.
import { createRng, seedFrom, seededFakerFor, type Rng } from './seeded.ts';
import { DEMO_CITIES, DEMO_TOWNS, KNOWN_STREETS, type DemoCity, type DemoTown } from './geo-world-data.ts';

export function townByZipcode(zipcode: string): DemoTown | undefined {
  return DEMO_TOWNS.find((town) => town.zipcodes.includes(zipcode));
}

export function cityByPk(pk: number): DemoCity | undefined {
  return DEMO_CITIES.find((city) => city.pk === pk);
}

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance in metres. */
export function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The city nearest a point, with its distance in metres. */
export function nearestCity(lat: number, lon: number): { city: DemoCity; distance: number } {
  let best = { city: DEMO_CITIES[0]!, distance: Infinity };
  for (const city of DEMO_CITIES) {
    const distance = haversineMetres(lat, lon, city.lat, city.lon);
    if (distance < best.distance) best = { city, distance };
  }
  return best;
}

/** Beyond this distance from every demo city the world is empty (no stations in mid-ocean). */
const INHABITED_KM = 300;

/** Relative density at a point: about 1 at a city centre, a rural floor of 0.01 near cities, 0 far away. */
export function densityAt(lat: number, lon: number): number {
  let density = 0;
  let inhabited = false;
  for (const city of DEMO_CITIES) {
    const km = haversineMetres(lat, lon, city.lat, city.lon) / 1000;
    if (km < INHABITED_KM) inhabited = true;
    if (km < city.spreadKm * 4) density += Math.exp(-((km / city.spreadKm) ** 2));
  }
  return inhabited ? Math.min(density + 0.01, 1.2) : 0;
}

/** Side of a map cell in degrees. */
export const CELL_DEGREES = 0.05;

export interface Cell {
  i: number;
  j: number;
  south: number;
  west: number;
  /** Density at the cell's centre (densityAt). */
  density: number;
}

export function cellAt(i: number, j: number): Cell {
  const south = i * CELL_DEGREES;
  const west = j * CELL_DEGREES;
  return { i, j, south, west, density: densityAt(south + CELL_DEGREES / 2, west + CELL_DEGREES / 2) };
}

/** Cells whose box may hold a point within radius metres of (lat, lon). Longitudes do not wrap at ±180. */
export function cellsAround(lat: number, lon: number, radius: number): Cell[] {
  const dLat = radius / 111_320;
  const dLon = radius / (111_320 * Math.max(Math.cos(Math.min(Math.abs(lat) + dLat, 89.9) * RAD), 0.001));
  const cells: Cell[] = [];
  const iMin = Math.floor((lat - dLat) / CELL_DEGREES);
  const iMax = Math.floor((lat + dLat) / CELL_DEGREES);
  const jMin = Math.floor((lon - dLon) / CELL_DEGREES);
  const jMax = Math.floor((lon + dLon) / CELL_DEGREES);
  for (let i = iMin; i <= iMax; i++) for (let j = jMin; j <= jMax; j++) cells.push(cellAt(i, j));
  return cells;
}

/** Number of cells a search would visit, for refusing searches too wide for the demo. */
export function cellCountAround(lat: number, lon: number, radius: number): number {
  const dLat = radius / 111_320;
  const dLon = radius / (111_320 * Math.max(Math.cos(Math.min(Math.abs(lat) + dLat, 89.9) * RAD), 0.001));
  return (Math.floor((lat + dLat) / CELL_DEGREES) - Math.floor((lat - dLat) / CELL_DEGREES) + 1) *
    (Math.floor((lon + dLon) / CELL_DEGREES) - Math.floor((lon - dLon) / CELL_DEGREES) + 1);
}

export function cellRng(kind: string, cell: Cell, ...extra: ReadonlyArray<string | number>): Rng {
  return createRng(seedFrom(kind, cell.i, cell.j, ...extra));
}

/** How many entities a cell holds: `peak` at a city centre, scaled by density, never negative. */
export function cellCount(rng: Rng, cell: Cell, peak: number): number {
  return Math.floor(peak * cell.density + rng.next());
}

/** A point uniformly inside the cell. */
export function pointInCell(rng: Rng, cell: Cell): { lat: number; lon: number } {
  return { lat: cell.south + rng.next() * CELL_DEGREES, lon: cell.west + rng.next() * CELL_DEGREES };
}

export interface Located {
  lat: number;
  lon: number;
}

/**
 * Everything `generate` places in the cells around a point that lies within `radius` metres of
 * it, each with its true distance. `generate` must depend only on its cell (and fixed `kind` data).
 */
export function entitiesWithin<T extends Located>(
  lat: number,
  lon: number,
  radius: number,
  generate: (cell: Cell) => readonly T[],
): Array<{ entity: T; distance: number }> {
  const found: Array<{ entity: T; distance: number }> = [];
  for (const cell of cellsAround(lat, lon, radius)) {
    for (const entity of generate(cell)) {
      const distance = haversineMetres(lat, lon, entity.lat, entity.lon);
      if (distance <= radius) found.push({ entity, distance });
    }
  }
  return found;
}

/** Rounds to `digits` decimals (coordinates as providers publish them). */
export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Fills a shape like `941##` or `?## #??` from the rng. */
export function fillPattern(rng: Rng, pattern: string): string {
  return pattern.replace(/[#?]/g, (mark) => (mark === '#' ? String(rng.int(0, 9)) : String.fromCharCode(65 + rng.int(0, 25))));
}

const streetCache = new Map<number, readonly string[]>();

/** About forty street names for a city, always the same ones. */
export function streetsOf(city: DemoCity): readonly string[] {
  const known = KNOWN_STREETS[city.pk];
  if (known) return known;
  let streets = streetCache.get(city.pk);
  if (!streets) {
    const faker = seededFakerFor(city.country, 'streets', city.pk);
    streets = [...new Set(Array.from({ length: 60 }, () => faker.location.street()))].slice(0, 40);
    streetCache.set(city.pk, streets);
  }
  return streets;
}
