// Hexagon bins for the hex layer, with Uber's H3 grid (h3-js): every point counted into its cell at
// a resolution that suits the zoom, each cell's outline for drawing. Run by the density worker only,
// so h3-js (a WebAssembly-sized library) never weighs on the map's chunk.
import { cellToBoundary, latLngToCell } from 'h3-js';

export interface HexBin {
  /** Corners [lat, lon] of the hexagon. */
  boundary: Array<[number, number]>;
  count: number;
}

export function hexBins(lats: Float64Array, lons: Float64Array, resolution: number): HexBin[] {
  const counts = new Map<string, number>();
  for (let index = 0; index < lats.length; index += 1) {
    const cell = latLngToCell(lats[index]!, lons[index]!, resolution);
    counts.set(cell, (counts.get(cell) ?? 0) + 1);
  }
  return [...counts].map(([cell, count]) => ({ boundary: cellToBoundary(cell) as Array<[number, number]>, count }));
}
