// The demo's one consistent world for the map lookups (B, E, H, L, M). Entities are generated per
// fixed map cell from seedFrom(kind, cell), never per query, so a place always holds the same
// stations, incidents and calls whichever search finds it; queries then pick those within their
// radius by true haversine distance. Density follows a few real cities: dense near them, sparse elsewhere.
import { Faker, base, de, en, en_GB, en_US, fr, ja, nl } from '@faker-js/faker';
import type { LocaleDefinition } from '@faker-js/faker';
import { seedFrom } from './seeded.ts';

const LOCALES: Readonly<Record<string, LocaleDefinition>> = { DE: de, FR: fr, GB: en_GB, NL: nl, US: en_US, JP: ja };

export interface DemoCity {
  /** Stable id, E's `pk`. */
  pk: number;
  name: string;
  region: string;
  /** ISO 3166-1 alpha-2 and alpha-3. */
  country: string;
  country3: string;
  lat: number;
  lon: number;
  /** Distance (km) over which the city's density falls to 1/e of its centre. */
  spreadKm: number;
  timeZone: string;
  /** UN/LOCODE ("US SFO"), L's and M's city_key. */
  locode: string;
  /** Postal code shape: `#` a digit, `?` an uppercase letter. */
  postal: string;
}

export const DEMO_CITIES: readonly DemoCity[] = [
  { pk: 1, name: 'Berlin', region: 'Berlin', country: 'DE', country3: 'DEU', lat: 52.52, lon: 13.405, spreadKm: 12, timeZone: 'Europe/Berlin', locode: 'DE BER', postal: '1####' },
  { pk: 2, name: 'Munich', region: 'Bavaria', country: 'DE', country3: 'DEU', lat: 48.1372, lon: 11.5755, spreadKm: 9, timeZone: 'Europe/Berlin', locode: 'DE MUC', postal: '8####' },
  { pk: 3, name: 'Paris', region: 'Île-de-France', country: 'FR', country3: 'FRA', lat: 48.8566, lon: 2.3522, spreadKm: 12, timeZone: 'Europe/Paris', locode: 'FR PAR', postal: '750##' },
  { pk: 4, name: 'London', region: 'England', country: 'GB', country3: 'GBR', lat: 51.5074, lon: -0.1278, spreadKm: 14, timeZone: 'Europe/London', locode: 'GB LON', postal: '?## #??' },
  { pk: 5, name: 'Amsterdam', region: 'North Holland', country: 'NL', country3: 'NLD', lat: 52.3676, lon: 4.9041, spreadKm: 7, timeZone: 'Europe/Amsterdam', locode: 'NL AMS', postal: '10## ??' },
  { pk: 6, name: 'San Francisco', region: 'CA', country: 'US', country3: 'USA', lat: 37.7749, lon: -122.4194, spreadKm: 12, timeZone: 'America/Los_Angeles', locode: 'US SFO', postal: '941##' },
  { pk: 7, name: 'Oakland', region: 'CA', country: 'US', country3: 'USA', lat: 37.8044, lon: -122.2712, spreadKm: 8, timeZone: 'America/Los_Angeles', locode: 'US OAK', postal: '946##' },
  { pk: 8, name: 'Los Angeles', region: 'CA', country: 'US', country3: 'USA', lat: 34.0522, lon: -118.2437, spreadKm: 18, timeZone: 'America/Los_Angeles', locode: 'US LAX', postal: '900##' },
  { pk: 9, name: 'Chicago', region: 'IL', country: 'US', country3: 'USA', lat: 41.8781, lon: -87.6298, spreadKm: 14, timeZone: 'America/Chicago', locode: 'US CHI', postal: '606##' },
  { pk: 10, name: 'New York', region: 'NY', country: 'US', country3: 'USA', lat: 40.7128, lon: -74.006, spreadKm: 14, timeZone: 'America/New_York', locode: 'US NYC', postal: '100##' },
  { pk: 11, name: 'Seattle', region: 'WA', country: 'US', country3: 'USA', lat: 47.6062, lon: -122.3321, spreadKm: 9, timeZone: 'America/Los_Angeles', locode: 'US SEA', postal: '981##' },
  { pk: 12, name: 'Tokyo', region: 'Tokyo', country: 'JP', country3: 'JPN', lat: 35.6762, lon: 139.6503, spreadKm: 16, timeZone: 'Asia/Tokyo', locode: 'JP TYO', postal: '1##-####' },
];

export interface DemoTown {
  name: string;
  /** US state code. */
  state: string;
  lat: number;
  lon: number;
  zipcodes: readonly string[];
}

/** H's towns: real US towns with some of their real zip codes. */
export const DEMO_TOWNS: readonly DemoTown[] = [
  { name: 'Springfield', state: 'IL', lat: 39.7817, lon: -89.6501, zipcodes: ['62701', '62702', '62703', '62704'] },
  { name: 'Dayton', state: 'OH', lat: 39.7589, lon: -84.1916, zipcodes: ['45402', '45403', '45405', '45406'] },
  { name: 'Boise', state: 'ID', lat: 43.615, lon: -116.2023, zipcodes: ['83702', '83704', '83705', '83706'] },
  { name: 'Bakersfield', state: 'CA', lat: 35.3733, lon: -119.0187, zipcodes: ['93301', '93304', '93305', '93307'] },
  { name: 'Tulsa', state: 'OK', lat: 36.154, lon: -95.9928, zipcodes: ['74103', '74104', '74105', '74106'] },
  { name: 'Savannah', state: 'GA', lat: 32.0809, lon: -81.0912, zipcodes: ['31401', '31404', '31405', '31406'] },
  { name: 'Spokane', state: 'WA', lat: 47.6588, lon: -117.426, zipcodes: ['99201', '99202', '99203', '99205'] },
  { name: 'Burlington', state: 'VT', lat: 44.4759, lon: -73.2121, zipcodes: ['05401', '05408'] },
];

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

/** A small fast PRNG (mulberry32): faker is too slow for tens of thousands of records. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
  };
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

// Real street names where the examples point, faker's localised ones elsewhere.
const KNOWN_STREETS: Readonly<Record<number, readonly string[]>> = {
  1: ['Friedrichstraße', 'Unter den Linden', 'Torstraße', 'Karl-Marx-Allee', 'Kastanienallee', 'Oranienstraße', 'Kurfürstendamm', 'Invalidenstraße', 'Schönhauser Allee', 'Leipziger Straße', 'Potsdamer Straße', 'Sonnenallee', 'Frankfurter Allee', 'Greifswalder Straße', 'Hermannstraße', 'Bergmannstraße', 'Warschauer Straße', 'Kantstraße', 'Prenzlauer Allee', 'Müllerstraße'],
  6: ['MISSION ST', 'MARKET ST', 'VALENCIA ST', 'GEARY BLVD', 'VAN NESS AVE', 'FOLSOM ST', 'HOWARD ST', 'BRYANT ST', 'POLK ST', 'LARKIN ST', 'HAIGHT ST', 'DIVISADERO ST', 'FILLMORE ST', 'IRVING ST', 'JUDAH ST', 'TARAVAL ST', 'GEARY ST', 'POST ST', 'SUTTER ST', 'BUSH ST', 'CALIFORNIA ST', 'COLUMBUS AVE', 'STOCKTON ST', 'KEARNY ST', '3RD ST', '16TH ST', '24TH ST', 'CESAR CHAVEZ ST', 'POTRERO AVE', 'ALEMANY BLVD', 'OCEAN AVE', 'SAN BRUNO AVE', 'EDDY ST', 'ELLIS ST', 'OFARRELL ST', 'TURK ST', 'GOLDEN GATE AVE', 'LOMBARD ST', 'CHESTNUT ST', 'CLEMENT ST'],
};

const streetCache = new Map<number, readonly string[]>();

/** About forty street names for a city, always the same ones. */
export function streetsOf(city: DemoCity): readonly string[] {
  const known = KNOWN_STREETS[city.pk];
  if (known) return known;
  let streets = streetCache.get(city.pk);
  if (!streets) {
    const faker = new Faker({ locale: [LOCALES[city.country] ?? en, en, base] });
    faker.seed(seedFrom('streets', city.pk));
    streets = [...new Set(Array.from({ length: 60 }, () => faker.location.street()))].slice(0, 40);
    streetCache.set(city.pk, streets);
  }
  return streets;
}
