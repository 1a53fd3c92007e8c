// Masked positions: masking rounds a lookup's personal coordinates to 2 decimals (about 1 km;
// src/lookups/masking.ts), so on a masked answer each such point stands for a cell of the
// rounding grid, not a spot. The map says so, and draws the cell where it is big enough to see.
// Some lookups round only some records (C: companies at a residential address), so a point counts
// as rounded when it lies on the grid; an exact position lands on it by chance about once in
// ten thousand, and is then merely called approximate.
import type { LookupDefinition } from '../lookups/define-lookup.ts';
import type { LatLon } from './geo.ts';

/** The grid masking rounds coordinates to, in degrees (2 decimals; a test holds it to masking.ts). */
export const MASKED_COORDINATE_STEP = 0.01;

/** Whether masking may have rounded the records' positions: it applied, and the lookup declares coordinates personal. */
export function positionsMayBeRounded(lookup: Pick<LookupDefinition, 'personalData'>, masked: boolean): boolean {
  return masked && lookup.personalData.some((path) => path.startsWith('coordinate:'));
}

const onGrid = (degrees: number) => Math.abs(degrees / MASKED_COORDINATE_STEP - Math.round(degrees / MASKED_COORDINATE_STEP)) < 1e-6;

/** Whether a position lies on the rounding grid, as every rounded one does. */
export function onRoundingGrid(point: LatLon): boolean {
  return onGrid(point.lat) && onGrid(point.lon);
}

/** The cell a rounded position stands for: every place that rounds to it. */
export function roundingCell(point: LatLon, step = MASKED_COORDINATE_STEP): [[number, number], [number, number]] {
  const half = step / 2;
  return [
    [point.lat - half, point.lon - half],
    [point.lat + half, point.lon + half],
  ];
}

/** A point's coordinates for a popup: to about a metre, or as rounded, marked approximate. */
export function positionText(point: LatLon, rounded: boolean): string {
  if (rounded) return `≈ ${point.lat.toFixed(2)}, ${point.lon.toFixed(2)} (rounded to about 1 km)`;
  return `${point.lat.toFixed(5)}, ${point.lon.toFixed(5)}`;
}

export const APPROXIMATE_NOTE =
  'Positions are approximate: masking rounds them to about 1 km; zoomed in, a shaded cell is the area its records lie in.';
