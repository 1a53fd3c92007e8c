// The demo's one consistent world for the map lookups (B, E, H, L, M). Entities are generated per
// fixed map cell from seedFrom(kind, cell), never per query, so a place always holds the same
// stations, incidents and calls whichever search finds it; queries then pick those within their
// radius by true haversine distance. The world is land only (land-mask.ts): every point is drawn on
// land, away from the shore, and a cell's density is its population density times its share of
// land. Density follows population: every US place by size (us-places.ts) over a thin rural floor
// across the country, and a few cities elsewhere (DEMO_CITIES) with their surroundings.
import { haversineMetres } from '../lookups/earth.ts';
import { createRng, seedFrom, seededFakerFor, type Rng } from './seeded.ts';
import { DEMO_CITIES, DEMO_TOWNS, KNOWN_STREETS, US_STREET_NAMES, type DemoCity, type DemoPlace, type DemoTown } from './geo-world-data.ts';
import { boxLand, isInland, landRegionAt, RASTER, type BoxLand, type LandRegion } from './land-mask.ts';
import { usPlaces, type UsPlace } from './us-places.ts';

export function townByZipcode(zipcode: string): DemoTown | undefined {
  return DEMO_TOWNS.find((town) => town.zipcodes.includes(zipcode));
}

export function cityByPk(pk: number): DemoCity | undefined {
  return DEMO_CITIES.find((city) => city.pk === pk);
}

const RAD = Math.PI / 180;

/** The city nearest a point, with its distance in metres. */
export function nearestCity(lat: number, lon: number): { city: DemoCity; distance: number } {
  let best = { city: DEMO_CITIES[0]!, distance: Infinity };
  for (const city of DEMO_CITIES) {
    const distance = haversineMetres(lat, lon, city.lat, city.lon);
    if (distance < best.distance) best = { city, distance };
  }
  return best;
}

/** Beyond this distance from every city outside the US the world there is empty. */
const INHABITED_KM = 300;
/** The thin density of the countryside, where no place is near. */
const RURAL_FLOOR = 0.01;
const MAX_DENSITY = 1.2;

// US places by 1° square, for the few near a point (a place reaches at most four of its spreads, under 1.2°).
const PLACE_SQUARE = 1;
let placeSquares: Map<string, UsPlace[]> | undefined;

function placesNear(lat: number, lon: number): UsPlace[] {
  if (!placeSquares) {
    placeSquares = new Map();
    for (const place of usPlaces()) {
      const key = `${Math.floor(place.lat / PLACE_SQUARE)}:${Math.floor(place.lon / PLACE_SQUARE)}`;
      placeSquares.set(key, [...(placeSquares.get(key) ?? []), place]);
    }
  }
  const [i, j] = [Math.floor(lat / PLACE_SQUARE), Math.floor(lon / PLACE_SQUARE)];
  const near: UsPlace[] = [];
  for (let a = i - 2; a <= i + 2; a++) for (let b = j - 2; b <= j + 2; b++) near.push(...(placeSquares.get(`${a}:${b}`) ?? []));
  return near;
}

/** Population density in the US: the places' bells over the rural floor. */
function usDensity(lat: number, lon: number): number {
  let density = RURAL_FLOOR;
  for (const place of placesNear(lat, lon)) {
    const km = haversineMetres(lat, lon, place.lat, place.lon) / 1000;
    if (km < place.spreadKm * 4) density += place.peak * Math.exp(-((km / place.spreadKm) ** 2));
  }
  return Math.min(density, MAX_DENSITY);
}

/** Density around the cities outside the US: about 1 at a centre, the floor within INHABITED_KM, 0 beyond. */
function otherDensity(lat: number, lon: number): number {
  let density = 0;
  let inhabited = false;
  for (const city of DEMO_CITIES) {
    if (city.country === 'US') continue;
    const km = haversineMetres(lat, lon, city.lat, city.lon) / 1000;
    if (km < INHABITED_KM) inhabited = true;
    if (km < city.spreadKm * 4) density += Math.exp(-((km / city.spreadKm) ** 2));
  }
  return inhabited ? Math.min(density + RURAL_FLOOR, MAX_DENSITY) : 0;
}

/** Relative population density at a point: about 1 at a large city's centre, a rural floor of 0.01, 0 at sea and outside the world. */
export function densityAt(lat: number, lon: number): number {
  const region = landRegionAt(lat, lon);
  if (!region) return 0;
  return region === 'US' ? usDensity(lat, lon) : otherDensity(lat, lon);
}

/** Side of a map cell in degrees. */
export const CELL_DEGREES = 0.05;

export interface Cell {
  i: number;
  j: number;
  south: number;
  west: number;
  /** Density of the cell: its population density times its share of land (0 for a cell of water). */
  density: number;
  /** The land region the cell's land belongs to; undefined for a cell of water or outside the world. */
  region: LandRegion | undefined;
}

interface CellFacts {
  density: number;
  land: BoxLand;
}

// A cell's land and density never change: computed once per process (a worker thread keeps them).
const cellFacts = new Map<number, CellFacts>();
const MAX_REMEMBERED_CELLS = 400_000;
const cellKey = (i: number, j: number) => (i + 4000) * 10_000 + (j + 5000);

function factsOf(i: number, j: number): CellFacts {
  const key = cellKey(i, j);
  let facts = cellFacts.get(key);
  if (!facts) {
    const [south, west] = [i * CELL_DEGREES, j * CELL_DEGREES];
    const land = boxLand(south, west, CELL_DEGREES);
    const [lat, lon] = [south + CELL_DEGREES / 2, west + CELL_DEGREES / 2];
    const base = land.region === undefined ? 0 : land.region === 'US' ? usDensity(lat, lon) : otherDensity(lat, lon);
    facts = { density: base * land.fraction, land };
    if (cellFacts.size >= MAX_REMEMBERED_CELLS) cellFacts.clear();
    cellFacts.set(key, facts);
  }
  return facts;
}

export function cellAt(i: number, j: number): Cell {
  const facts = factsOf(i, j);
  return { i, j, south: i * CELL_DEGREES, west: j * CELL_DEGREES, density: facts.density, region: facts.land.region };
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
  return (
    (Math.floor((lat + dLat) / CELL_DEGREES) - Math.floor((lat - dLat) / CELL_DEGREES) + 1) *
    (Math.floor((lon + dLon) / CELL_DEGREES) - Math.floor((lon - dLon) / CELL_DEGREES) + 1)
  );
}

export function cellRng(kind: string, cell: Cell, ...extra: ReadonlyArray<string | number>): Rng {
  return createRng(seedFrom(kind, cell.i, cell.j, ...extra));
}

/** How many entities a cell holds: `peak` at a city centre, scaled by density, never negative. */
export function cellCount(rng: Rng, cell: Cell, peak: number): number {
  return Math.floor(peak * cell.density + rng.next());
}

/**
 * A point uniformly inside the cell's land, away from the shore: anywhere in a cell with no shore,
 * else in one of its inland sub-boxes (land-mask.ts's raster), picked at random. Only cells with land
 * hold entities (their density is 0 otherwise); a cell of water gives its centre.
 */
export function pointInCell(rng: Rng, cell: Cell): { lat: number; lon: number } {
  const { land } = factsOf(cell.i, cell.j);
  if (land.whole) return { lat: cell.south + rng.next() * CELL_DEGREES, lon: cell.west + rng.next() * CELL_DEGREES };
  if (land.inland.length === 0) return { lat: cell.south + CELL_DEGREES / 2, lon: cell.west + CELL_DEGREES / 2 };
  const at = land.inland[Math.floor(rng.next() * land.inland.length)]!;
  const step = CELL_DEGREES / RASTER;
  return { lat: cell.south + (Math.floor(at / RASTER) + rng.next()) * step, lon: cell.west + ((at % RASTER) + rng.next()) * step };
}

/**
 * A point on land (away from the shore) within `radius` metres of a centre, drawn from `next`
 * (uniform in [0, 1)); the centre itself when a few draws find no land (every place's centre is land).
 */
export function landPointNear(next: () => number, lat: number, lon: number, radius: number): { lat: number; lon: number } {
  for (let attempt = 0; attempt < 16; attempt++) {
    const distance = radius * Math.sqrt(next());
    const angle = 2 * Math.PI * next();
    const point = {
      lat: lat + (distance * Math.cos(angle)) / 111_320,
      lon: lon + (distance * Math.sin(angle)) / (111_320 * Math.cos(lat * RAD)),
    };
    if (isInland(point.lat, point.lon)) return point;
  }
  return { lat, lon };
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

/** The named place a point belongs to: the nearest US place in the US, the nearest other city elsewhere. */
export function placeAt(lat: number, lon: number): DemoPlace {
  const key = cellKey(Math.floor(lat / CELL_DEGREES), Math.floor(lon / CELL_DEGREES));
  let place = placeOfCell.get(key);
  if (!place) {
    const region = factsOf(Math.floor(lat / CELL_DEGREES), Math.floor(lon / CELL_DEGREES)).land.region ?? landRegionAt(lat, lon);
    place = region === 'US' ? nearestUsPlace(lat, lon) : nearestOtherCity(lat, lon);
    if (placeOfCell.size >= MAX_REMEMBERED_CELLS) placeOfCell.clear();
    placeOfCell.set(key, place);
  }
  return place;
}

// Places are named per cell (every point of a cell belongs to the same place), once per process.
const placeOfCell = new Map<number, DemoPlace>();

function nearestUsPlace(lat: number, lon: number): DemoPlace {
  const near = placesNear(lat, lon);
  const candidates = near.length > 0 ? near : usPlaces();
  let best = candidates[0]!;
  let bestDistance = Infinity;
  for (const place of candidates) {
    const distance = haversineMetres(lat, lon, place.lat, place.lon);
    if (distance < bestDistance) [best, bestDistance] = [place, distance];
  }
  return best;
}

// The cities outside the US as places (their centres are about 1: see otherDensity).
const OTHER_PLACES: readonly DemoPlace[] = DEMO_CITIES.filter((city) => city.country !== 'US').map((city) => ({ ...city, peak: 1 }));

function nearestOtherCity(lat: number, lon: number): DemoPlace {
  let best = OTHER_PLACES[0]!;
  for (const city of OTHER_PLACES)
    if (haversineMetres(lat, lon, city.lat, city.lon) < haversineMetres(lat, lon, best.lat, best.lon)) best = city;
  return best;
}

// By place object (places are made once), so the addresses of many records cost one lookup each.
const streetCache = new WeakMap<object, readonly string[]>();

/** About forty street names for a place, always the same ones. */
export function streetsOf(place: Pick<DemoPlace, 'locode' | 'name' | 'country'>): readonly string[] {
  let streets = streetCache.get(place);
  if (!streets) {
    streets = KNOWN_STREETS[place.locode] ?? namesFor(place);
    streetCache.set(place, streets);
  }
  return streets;
}

function namesFor(place: Pick<DemoPlace, 'locode' | 'name' | 'country'>): readonly string[] {
  const key = `${place.locode} ${place.name}`;
  if (place.country === 'US') {
    // The same common names in a different order per place.
    const rng = createRng(seedFrom('streets', key));
    return [...US_STREET_NAMES]
      .map((name) => ({ name, order: rng.next() }))
      .sort((a, b) => a.order - b.order)
      .map(({ name }) => name)
      .slice(0, 40);
  }
  const faker = seededFakerFor(place.country, 'streets', key);
  return [...new Set(Array.from({ length: 60 }, () => faker.location.street()))].slice(0, 40);
}
