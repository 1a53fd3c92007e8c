// The United States of the demo world, read from us-places-data.ts: a place for every zip code of
// the 50 states and DC (by its 3-digit prefix), the places by population for the density of B, L and
// M, and each place's time zone, UN/LOCODE-like city key and zip prefix.
import type { DemoPlace } from './geo-world-data.ts';
import { OUTSIDE_PREFIXES, US_PLACE_ROWS } from './us-places-data.ts';

export interface UsPlace extends DemoPlace {
  state: string;
  /** The place's own 3-digit zip prefix (its first in the table). */
  zip3: string;
  /** Population in thousands. */
  population: number;
}

// Each state's zone; split states name where the other zone starts (west of a longitude, or north of a latitude).
const STATE_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};
const SPLIT_ZONES: ReadonlyArray<{ state: string; zone: string; west?: number; east?: number; north?: number }> = [
  { state: 'FL', zone: 'America/Chicago', west: -85.0 },
  { state: 'IN', zone: 'America/Chicago', west: -86.9 },
  { state: 'KY', zone: 'America/Chicago', west: -86.0 },
  { state: 'MI', zone: 'America/Menominee', west: -87.6 },
  { state: 'TN', zone: 'America/New_York', east: -85.4 },
  { state: 'NE', zone: 'America/Denver', west: -101.5 },
  { state: 'SD', zone: 'America/Denver', west: -101.0 },
  { state: 'TX', zone: 'America/Denver', west: -104.9 },
  { state: 'ID', zone: 'America/Los_Angeles', north: 45.5 },
  { state: 'OR', zone: 'America/Boise', east: -117.5 },
  { state: 'AK', zone: 'America/Juneau', east: -141 },
];

function zoneOf(state: string, lat: number, lon: number): string {
  const split = SPLIT_ZONES.find(
    (entry) =>
      entry.state === state &&
      (entry.west === undefined || lon < entry.west) &&
      (entry.east === undefined || lon > entry.east) &&
      (entry.north === undefined || lat > entry.north),
  );
  return split?.zone ?? STATE_ZONES[state] ?? 'America/New_York';
}

// UN/LOCODEs of the larger places; elsewhere a code made from the name (three letters, as the standard's are).
const LOCODES: Readonly<Record<string, string>> = {
  'New York NY': 'NYC',
  'San Francisco CA': 'SFO',
  'Los Angeles CA': 'LAX',
  'Phoenix AZ': 'PHX',
  'Salt Lake City UT': 'SLC',
  'Las Vegas NV': 'LAS',
  'San Antonio TX': 'SAT',
  'San Diego CA': 'SAN',
  'San Jose CA': 'SJC',
  'Kansas City MO': 'MKC',
  'Saint Louis MO': 'STL',
  'New Orleans LA': 'MSY',
  'Minneapolis MN': 'MES',
  'Washington DC': 'WAS',
  'Fort Worth TX': 'FTW',
  'Oklahoma City OK': 'OKC',
  'Colorado Springs CO': 'COS',
};

function locodeOf(name: string, state: string): string {
  const known = LOCODES[`${name} ${state}`];
  if (known) return `US ${known}`;
  const words = name
    .toUpperCase()
    .replace(/[^A-Z ]/g, '')
    .split(' ')
    .filter(Boolean);
  const code = words.length > 1 ? `${words[0]![0]}${words[1]![0]}${words[1]![1] ?? 'X'}` : words[0]!.slice(0, 3);
  return `US ${code}`;
}

/** Density at a place's centre and how far it spreads, from its population (thousands). */
function shapeOf(population: number): { peak: number; spreadKm: number } {
  return {
    peak: Math.min(1.2, Math.max(0.1, 0.35 * Math.log10(population) - 0.05)),
    spreadKm: 3 + 2.5 * Math.sqrt(population / 100),
  };
}

interface Parsed {
  /** One entry per row, in prefix order. */
  rows: Array<{ from: number; place: UsPlace }>;
  /** Each place once (the same city can name several prefix ranges). */
  places: UsPlace[];
  outside: Set<number>;
}

let parsed: Parsed | undefined;

function read(): Parsed {
  if (parsed) return parsed;
  const byName = new Map<string, UsPlace>();
  const rows = US_PLACE_ROWS.trim()
    .split('\n')
    .map((line) => {
      const [zip3, name, state, lat, lon, population] = line.split('|') as [string, string, string, string, string, string];
      const key = `${name} ${state}`;
      let place = byName.get(key);
      if (!place) {
        const [latitude, longitude, people] = [Number(lat), Number(lon), Number(population)];
        place = {
          name,
          region: state,
          state,
          country: 'US',
          country3: 'USA',
          lat: latitude,
          lon: longitude,
          timeZone: zoneOf(state, latitude, longitude),
          locode: locodeOf(name, state),
          postal: `${zip3}##`,
          zip3,
          population: people,
          ...shapeOf(people),
        };
        byName.set(key, place);
      }
      return { from: Number(zip3), place };
    });
  const outside = new Set<number>();
  for (const range of OUTSIDE_PREFIXES.split(',')) {
    const [first, last = first] = range.split('-').map(Number) as [number, number?];
    for (let prefix = first; prefix <= last!; prefix++) outside.add(prefix);
  }
  parsed = { rows, places: [...byName.values()], outside };
  return parsed;
}

/** Every place of the table, each once. */
export function usPlaces(): readonly UsPlace[] {
  return read().places;
}

/** The place a 5-digit zip code belongs to, or undefined when its prefix is no state's (or it is not 5 digits). */
export function placeOfZip(zipcode: string): UsPlace | undefined {
  if (!/^\d{5}$/.test(zipcode)) return undefined;
  const prefix = Number(zipcode.slice(0, 3));
  const { rows, outside } = read();
  if (outside.has(prefix) || prefix < rows[0]!.from) return undefined;
  let found = rows[0]!;
  for (const row of rows) {
    if (row.from > prefix) break;
    found = row;
  }
  return found.place;
}
