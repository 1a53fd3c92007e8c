// The demo's own street grid, so that an address agrees with its position: around each place,
// streets run north-south every 200 m and east-west every 150 m, each line with its own name, and a
// point takes the nearest line. The block (or house) number counts the distance along that street
// from the place's centre, so "1200 Block of OAK ST" is twelve blocks out along Oak Street wherever
// it is drawn, and a point in the ocean could never be on it (the world has no points there).
import type { DemoPlace } from './geo-world-data.ts';
import { streetsOf } from './geo-world.ts';

const METRES_PER_DEGREE = 111_320;
/** Metres between two north-south streets (a block east-west) and between two east-west streets. */
const COLUMN_M = 200;
const ROW_M = 150;
/** Within this of both lines, a point is at their intersection. */
const CORNER_M = 25;

export interface GridAddress {
  /** The street the point is on. */
  street: string;
  /** The crossing street when the point is at an intersection. */
  crossing?: string;
  /** Metres from the place's centre along the street. */
  along: number;
  /** Whole blocks from the centre along the street (the cross streets passed). */
  block: number;
}

const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'TH' : (['TH', 'ST', 'ND', 'RD'][n % 10] ?? 'TH')}`;

/** Names of a place's north-south streets by column (the place's list), and of its east-west ones by row. */
function columnName(place: DemoPlace, column: number): string {
  const names = streetsOf(place);
  const half = Math.floor(names.length / 2);
  // US places: the list names the north-south streets, numbered streets cross them; elsewhere the list's two halves.
  const count = place.country === 'US' ? names.length : half;
  const index = column + Math.floor(count / 2);
  if (index >= 0 && index < count) return names[index]!;
  return place.country === 'US'
    ? `${ordinal(Math.abs(column))} AVE ${column < 0 ? 'W' : 'E'}`
    : `${names[((index % count) + count) % count]!} ${Math.floor(Math.abs(column) / count) + 1}`;
}

function rowName(place: DemoPlace, row: number): string {
  if (place.country === 'US') return row === 0 ? 'CENTER ST' : `${row < 0 ? 'S' : 'N'} ${ordinal(Math.abs(row))} ST`;
  const names = streetsOf(place);
  const half = Math.floor(names.length / 2);
  const count = names.length - half;
  const index = row + Math.floor(count / 2);
  if (index >= 0 && index < count) return names[half + index]!;
  return `${names[half + (((index % count) + count) % count)]!} ${Math.floor(Math.abs(row) / count) + 1}`;
}

/** The street (and crossing) of the grid at a point, and how far along it from the centre. */
export function gridAddress(place: DemoPlace, lat: number, lon: number): GridAddress {
  const east = (lon - place.lon) * METRES_PER_DEGREE * Math.cos((place.lat * Math.PI) / 180);
  const north = (lat - place.lat) * METRES_PER_DEGREE;
  const column = Math.round(east / COLUMN_M);
  const row = Math.round(north / ROW_M);
  const offColumn = Math.abs(east - column * COLUMN_M);
  const offRow = Math.abs(north - row * ROW_M);
  const onColumn = offColumn / COLUMN_M <= offRow / ROW_M;
  const street = onColumn ? columnName(place, column) : rowName(place, row);
  const along = onColumn ? Math.abs(north) : Math.abs(east);
  const block = Math.floor(along / (onColumn ? ROW_M : COLUMN_M));
  if (offColumn <= CORNER_M && offRow <= CORNER_M)
    return { street, crossing: onColumn ? rowName(place, row) : columnName(place, column), along, block };
  return { street, along, block };
}

/** "700 Block of LARKIN ST", or "LARKIN ST / N 3RD ST" at an intersection: as US police data writes it. */
export function blockAddress(place: DemoPlace, lat: number, lon: number): string {
  const { street, crossing, block } = gridAddress(place, lat, lon);
  return crossing ? `${street} / ${crossing}` : `${block * 100} Block of ${street}`;
}

/** A street and house number: numbers rise by one every 6 m from the centre, odd on one side. */
export function streetAddress(place: DemoPlace, lat: number, lon: number): { street: string; number: number } {
  const { street, along } = gridAddress(place, lat, lon);
  return { street, number: Math.floor(along / 6) + 1 };
}

/** One street of the grid as drawn: a straight line across the box asked for, with its name. */
export interface GridLine {
  name: string;
  /** [lat, lon] at each end. */
  from: readonly [number, number];
  to: readonly [number, number];
  /** An avenue: every fourth street each way, through the centre, drawn heavier and named first. */
  major: boolean;
  /** How busy the street is, 0 the busiest: avenues first, then by blocks from the place's centre. */
  rank: number;
}

/** Every this many streets one is an avenue, counted from the centre's two. */
const AVENUE_EVERY = 4;

function busyness(index: number): { major: boolean; rank: number } {
  const major = index % AVENUE_EVERY === 0;
  // Avenues rank before every side street; within each kind, the nearer the centre the busier.
  return { major, rank: (major ? 0 : 1000) + Math.abs(index) };
}

/** At most this many lines each way: a box too big for a city view gets none (the map asks at city zoom). */
const MAX_LINES = 120;

/**
 * The streets of a place's grid that cross a box (south, west, north, east in degrees), named as its
 * addresses name them: what the map draws where tiles are missing, so an incident at "700 Block of
 * LARKIN ST" sits on the line labelled LARKIN ST. `avenuesOnly`: only every fourth street each way
 * (a wider view, where side streets would be a few pixels apart).
 */
export function gridLines(place: DemoPlace, south: number, west: number, north: number, east: number, avenuesOnly = false): GridLine[] {
  const metresPerLon = METRES_PER_DEGREE * Math.cos((place.lat * Math.PI) / 180);
  const eastOf = (lon: number) => (lon - place.lon) * metresPerLon;
  const northOf = (lat: number) => (lat - place.lat) * METRES_PER_DEGREE;
  const step = avenuesOnly ? AVENUE_EVERY : 1;
  const firstColumn = Math.ceil(eastOf(west) / COLUMN_M / step) * step;
  const lastColumn = Math.floor(eastOf(east) / COLUMN_M);
  const firstRow = Math.ceil(northOf(south) / ROW_M / step) * step;
  const lastRow = Math.floor(northOf(north) / ROW_M);
  if ((lastColumn - firstColumn) / step > MAX_LINES || (lastRow - firstRow) / step > MAX_LINES) return [];
  const lines: GridLine[] = [];
  for (let column = firstColumn; column <= lastColumn; column += step) {
    const lon = place.lon + (column * COLUMN_M) / metresPerLon;
    lines.push({ name: columnName(place, column), from: [south, lon], to: [north, lon], ...busyness(column) });
  }
  for (let row = firstRow; row <= lastRow; row += step) {
    const lat = place.lat + (row * ROW_M) / METRES_PER_DEGREE;
    lines.push({ name: rowName(place, row), from: [lat, west], to: [lat, east], ...busyness(row) });
  }
  return lines;
}
