// The demo world's streets around a view, for the map where tiles are missing (issue 24): the
// place that view's centre belongs to and its grid's lines (street-grid.ts), the same streets the
// demo's addresses name. A module of its own: the map loads it lazily, at city zoom only.
import { placeAt } from './geo-world.ts';
import { gridLines, type GridLine } from './street-grid.ts';

export type { GridLine } from './street-grid.ts';

export function demoStreets(
  south: number,
  west: number,
  north: number,
  east: number,
  avenuesOnly = false,
): { place: string; lines: GridLine[] } {
  const place = placeAt((south + north) / 2, (west + east) / 2);
  return { place: place.name, lines: gridLines(place, south, west, north, east, avenuesOnly) };
}
