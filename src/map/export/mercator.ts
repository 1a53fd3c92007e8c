// Web Mercator, as Leaflet draws it, for the maps drawn without Leaflet (the dossier's exported map
// and the evidence pack's picture): a view fitted to every point, positions in pixels, the scale.
export interface LatLon {
  lat: number;
  lon: number;
}

/** A view: its centre and a zoom (fractional: a fitted view need not stop at Leaflet's steps). */
export interface MercatorView {
  centre: LatLon;
  zoom: number;
}

const TILE = 256;
const EARTH_CIRCUMFERENCE = 40_075_016.686;
const MAX_LAT = 85.05112878;

/** Pixel position at `zoom` in the whole world's picture (0,0 at the north-west corner). */
export function worldPixel(point: LatLon, zoom: number): { x: number; y: number } {
  const size = TILE * 2 ** zoom;
  const lat = Math.max(-MAX_LAT, Math.min(MAX_LAT, point.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: ((point.lon + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
}

/** Ground metres one pixel covers at `lat` and `zoom`. */
export function metresPerPixel(lat: number, zoom: number): number {
  return (EARTH_CIRCUMFERENCE * Math.cos((lat * Math.PI) / 180)) / (TILE * 2 ** zoom);
}

/** Position of a point in a width × height picture of the view (y grows downwards). */
export function projector(view: MercatorView, width: number, height: number): (point: LatLon) => { x: number; y: number } {
  const centre = worldPixel(view.centre, view.zoom);
  return (point) => {
    const pixel = worldPixel(point, view.zoom);
    return { x: pixel.x - centre.x + width / 2, y: pixel.y - centre.y + height / 2 };
  };
}

/** The four points a circle of `radiusMetres` around `centre` reaches north, south, east and west. */
export function circleExtent(centre: LatLon, radiusMetres: number): LatLon[] {
  const dLat = radiusMetres / 111_320;
  const dLon = dLat / Math.max(Math.cos((centre.lat * Math.PI) / 180), 1e-6);
  return [
    { lat: centre.lat + dLat, lon: centre.lon },
    { lat: centre.lat - dLat, lon: centre.lon },
    { lat: centre.lat, lon: centre.lon + dLon },
    { lat: centre.lat, lon: centre.lon - dLon },
  ];
}

/** The view that shows every point inside a width × height picture, `padding` pixels clear of each edge. */
export function fitView(points: readonly LatLon[], width: number, height: number, padding = 24, maxZoom = 17): MercatorView | undefined {
  if (points.length === 0) return undefined;
  const at0 = points.map((point) => worldPixel(point, 0));
  const xs = at0.map((pixel) => pixel.x);
  const ys = at0.map((pixel) => pixel.y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const room = { width: Math.max(width - 2 * padding, 1), height: Math.max(height - 2 * padding, 1) };
  const scale = Math.min(right > left ? room.width / (right - left) : Infinity, bottom > top ? room.height / (bottom - top) : Infinity);
  const zoom = Math.min(Number.isFinite(scale) ? Math.log2(scale) : maxZoom, maxZoom);
  // The centre of the pixel box, back to degrees.
  const cx = (left + right) / 2;
  const cy = (top + bottom) / 2;
  const lon = (cx / TILE) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * cy) / TILE))) * 180) / Math.PI;
  return { centre: { lat, lon }, zoom };
}
