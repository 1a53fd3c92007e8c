// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import L from 'leaflet';
import { firstTileUrl, tileAt } from './first-tile-url.ts';

const TEMPLATE = 'https://{s}.tiles.example/{z}/{x}/{y}{r}.png';

/** The URLs Leaflet itself asks for, on a 512×512 map at this view. */
function leafletTiles(template: string, lat: number, lng: number, zoom: number): string[] {
  const container = document.createElement('div');
  // jsdom lays nothing out: give the map a size, or it has no tiles in view.
  Object.defineProperty(container, 'clientWidth', { value: 512 });
  Object.defineProperty(container, 'clientHeight', { value: 512 });
  document.body.append(container);
  const map = L.map(container, { zoomAnimation: false, fadeAnimation: false }).setView([lat, lng], zoom);
  const requested: string[] = [];
  L.tileLayer(template)
    .on('tileloadstart', (event) => requested.push((event as L.TileEvent).tile.src))
    .addTo(map);
  maps.push(map);
  return requested;
}

const maps: L.Map[] = [];
afterEach(() => {
  for (const map of maps.splice(0)) map.remove();
});

describe('firstTileUrl', () => {
  it.each([
    { lat: 20, lng: 0, zoom: 2 },
    { lat: 39.78, lng: -89.65, zoom: 11 },
    { lat: -33.87, lng: 151.21, zoom: 15 },
    { lat: 51.5, lng: -0.12, zoom: 4.4 },
  ])('is a tile Leaflet asks for at $lat, $lng, zoom $zoom', ({ lat, lng, zoom }) => {
    // The centre's own tile: the first Leaflet asks for, unless the centre lies on a tile's edge.
    expect(leafletTiles(TEMPLATE, lat, lng, zoom)).toContain(firstTileUrl(TEMPLATE, { lat, lng, zoom, retina: false }));
  });

  it('fills {r} on a high-density screen and {-y} for TMS servers', () => {
    expect(firstTileUrl('https://t.example/{z}/{x}/{y}{r}.png', { lat: 0.1, lng: 0.1, zoom: 1, retina: true })).toBe(
      'https://t.example/1/1/0@2x.png',
    );
    expect(firstTileUrl('https://t.example/{z}/{x}/{-y}.png', { lat: 0.1, lng: 0.1, zoom: 1, retina: false })).toBe(
      'https://t.example/1/1/1.png',
    );
  });

  it('wraps columns around the world and keeps rows inside it', () => {
    expect(tileAt(0.1, 180.5 + 360, 1)).toEqual({ x: 0, y: 0 });
    expect(tileAt(-89.9, -0.1, 3)).toEqual({ x: 3, y: 7 });
    expect(tileAt(89.9, 0.1, 3)).toEqual({ x: 4, y: 0 });
  });

  it('gives up on a placeholder only the layer’s options could fill', () => {
    expect(firstTileUrl('https://t.example/{z}/{x}/{y}.png?key={apikey}', { lat: 0, lng: 0, zoom: 2, retina: false })).toBeUndefined();
  });
});
