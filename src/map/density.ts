// Density of points for the heat layer, as pure functions the density worker runs: each point adds
// a small Gaussian kernel into a grid of screen cells. Web Mercator pixels as Leaflet's own at the
// zoom, so the grid lines up with the map.

/** Screen pixels per heat cell; the canvas is drawn at this step and stretched smooth. */
export const HEAT_CELL_PX = 4;
/** The kernel's reach, in cells each side. */
const KERNEL_CELLS = 4;

export interface HeatRequest {
  lats: Float64Array;
  lons: Float64Array;
  zoom: number;
  /** World pixel (at `zoom`) of the view's top-left corner. */
  originX: number;
  originY: number;
  width: number;
  height: number;
}

export interface HeatGrid {
  columns: number;
  rows: number;
  values: Float32Array;
  max: number;
}

/** Web Mercator world pixel of a position at a zoom (Leaflet's EPSG:3857 with 256 px tiles). */
export function worldPixel(lat: number, lon: number, zoom: number): [number, number] {
  const scale = 256 * 2 ** zoom;
  const clamped = Math.max(-85.0511, Math.min(85.0511, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return [((lon + 180) / 360) * scale, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale];
}

const KERNEL = (() => {
  const size = KERNEL_CELLS * 2 + 1;
  const kernel = new Float32Array(size * size);
  const sigma = KERNEL_CELLS / 2;
  for (let dy = -KERNEL_CELLS; dy <= KERNEL_CELLS; dy += 1)
    for (let dx = -KERNEL_CELLS; dx <= KERNEL_CELLS; dx += 1)
      kernel[(dy + KERNEL_CELLS) * size + dx + KERNEL_CELLS] = Math.exp(-(dx * dx + dy * dy) / (2 * sigma * sigma));
  return kernel;
})();

export function heatGrid({ lats, lons, zoom, originX, originY, width, height }: HeatRequest): HeatGrid {
  const columns = Math.ceil(width / HEAT_CELL_PX);
  const rows = Math.ceil(height / HEAT_CELL_PX);
  const values = new Float32Array(columns * rows);
  const size = KERNEL_CELLS * 2 + 1;
  const worldWidth = 256 * 2 ** zoom;
  for (let index = 0; index < lats.length; index += 1) {
    const [x, y] = worldPixel(lats[index]!, lons[index]!, zoom);
    // The view may straddle the antimeridian: the copy of the point nearest the view counts.
    let px = x - originX;
    if (px < -worldWidth / 2) px += worldWidth;
    const column = Math.floor(px / HEAT_CELL_PX);
    const row = Math.floor((y - originY) / HEAT_CELL_PX);
    if (column < -KERNEL_CELLS || row < -KERNEL_CELLS || column >= columns + KERNEL_CELLS || row >= rows + KERNEL_CELLS) continue;
    for (let dy = -KERNEL_CELLS; dy <= KERNEL_CELLS; dy += 1) {
      const r = row + dy;
      if (r < 0 || r >= rows) continue;
      for (let dx = -KERNEL_CELLS; dx <= KERNEL_CELLS; dx += 1) {
        const c = column + dx;
        if (c < 0 || c >= columns) continue;
        values[r * columns + c]! += KERNEL[(dy + KERNEL_CELLS) * size + dx + KERNEL_CELLS]!;
      }
    }
  }
  let max = 0;
  for (const value of values) if (value > max) max = value;
  return { columns, rows, values, max };
}

/** The heat ramp: transparent → blue → yellow → red, as RGBA for a share 0..1 of the maximum. */
export function heatColor(share: number): [number, number, number, number] {
  if (share <= 0) return [0, 0, 0, 0];
  const t = Math.sqrt(Math.min(1, share));
  const alpha = Math.round(Math.min(1, t * 1.6) * 200);
  if (t < 0.5) return [Math.round(30 + 400 * t), Math.round(90 + 300 * t), Math.round(220 - 200 * t), alpha];
  return [230, Math.round(240 - 400 * (t - 0.5)), 30, alpha];
}

/** An H3 resolution (hexbins.ts) with hexagons a few dozen pixels across at this zoom. */
export function resolutionForZoom(zoom: number): number {
  return Math.max(0, Math.min(12, Math.round(zoom * 0.72 - 1.2)));
}
