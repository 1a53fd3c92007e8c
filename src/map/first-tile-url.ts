// The URL of the tile under the map's centre, which a Leaflet tile layer asks for first, built the
// way Leaflet 1.9's TileLayer.getTileUrl builds it: probing with that very tile means a success is
// already in the browser's cache when the layer asks for it.

/** Web Mercator tile size, Leaflet's default. */
const TILE_SIZE = 256;
/** TileLayer's default maxZoom and subdomains. */
const MAX_ZOOM = 18;
const SUBDOMAINS = 'abc';

export interface TileView {
  lat: number;
  lng: number;
  /** The map's zoom (Leaflet rounds it for the tiles). */
  zoom: number;
  /** Whether the screen is high-density ({r} becomes "@2x"). */
  retina: boolean;
}

/** The tile's column and row at a zoom, as Leaflet's spherical Mercator projection places it. */
export function tileAt(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const count = 2 ** zoom;
  // Leaflet's projection clips latitude to the square world.
  const clipped = Math.max(-85.0511287798, Math.min(85.0511287798, lat));
  const sin = Math.sin((clipped * Math.PI) / 180);
  const pixelX = ((lng + 180) / 360) * count * TILE_SIZE;
  const pixelY = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * count * TILE_SIZE;
  const x = Math.floor(pixelX / TILE_SIZE);
  const y = Math.floor(pixelY / TILE_SIZE);
  // Columns wrap around the world (as Leaflet wraps them for the URL); rows stop at the poles.
  return { x: ((x % count) + count) % count, y: Math.max(0, Math.min(count - 1, y)) };
}

/** The first tile's URL, or undefined when the template holds a placeholder Leaflet would fill from options we do not know. */
export function firstTileUrl(template: string, view: TileView): string | undefined {
  const z = Math.max(0, Math.min(MAX_ZOOM, Math.round(view.zoom)));
  const { x, y } = tileAt(view.lat, view.lng, z);
  const values: Record<string, string> = {
    r: view.retina ? '@2x' : '',
    s: SUBDOMAINS[Math.abs(x + y) % SUBDOMAINS.length]!,
    x: String(x),
    y: String(y),
    z: String(z),
    '-y': String(2 ** z - 1 - y),
  };
  let unknown = false;
  // Leaflet's own placeholder pattern (Util.template).
  const url = template.replace(/\{ *([\w_ -]+) *\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) unknown = true;
    return value ?? '';
  });
  return unknown ? undefined : url;
}
