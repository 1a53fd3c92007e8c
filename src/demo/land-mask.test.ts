// @vitest-environment node
// The demo world's land against places whose land or water the map settles: independent of the
// outlines' data, so a region or a lake drawn wrong shows here.
import { describe, expect, it } from 'vitest';
import { boxLand, isInland, isLand, landRegionAt, RASTER } from './land-mask.ts';

const land: Record<string, readonly [number, number, string]> = {
  'San Francisco, Market St': [37.7749, -122.4194, 'US'],
  Oakland: [37.8044, -122.2712, 'US'],
  'Chicago, the Loop': [41.8781, -87.6298, 'US'],
  Denver: [39.7392, -104.9903, 'US'],
  'Manhattan, Midtown': [40.758, -73.9855, 'US'],
  Honolulu: [21.3069, -157.8583, 'US'],
  Anchorage: [61.2181, -149.9003, 'US'],
  'Amsterdam, Dam': [52.3731, 4.8926, 'EU'],
  Maastricht: [50.8514, 5.691, 'EU'],
  Berlin: [52.52, 13.405, 'EU'],
  London: [51.5074, -0.1278, 'EU'],
  Tokyo: [35.6762, 139.6503, 'JP'],
};
const water: Record<string, readonly [number, number]> = {
  'Pacific off Ocean Beach': [37.76, -122.53],
  'San Francisco Bay': [37.8, -122.38],
  'South Bay': [37.6, -122.25],
  'Lake Michigan off Chicago': [41.88, -87.58],
  'Lake Erie off Cleveland': [41.6, -81.7],
  'Great Salt Lake': [41.1, -112.5],
  'Hudson River': [40.75, -74.012],
  IJsselmeer: [52.75, 5.35],
  Markermeer: [52.55, 5.2],
  'the IJ behind Amsterdam Centraal': [52.3835, 4.9],
  Waddenzee: [53.2, 5.2],
  'Tokyo Bay': [35.5, 139.9],
  'mid-Atlantic': [40, -30],
};

describe('the land mask', () => {
  it('finds land and its region where the map has land', () => {
    for (const [name, [lat, lon, region]] of Object.entries(land)) {
      expect(landRegionAt(lat, lon), name).toBe(region);
      expect(isInland(lat, lon), name).toBe(true);
    }
  });

  it('finds water where the map has sea, a bay, a lake or a river, and nothing outside its regions', () => {
    for (const [name, [lat, lon]] of Object.entries(water)) expect(isLand(lat, lon), name).toBe(false);
    expect(landRegionAt(43.65, -79.38)).toBeUndefined(); // Toronto: land, but not the demo's
    expect(landRegionAt(19.43, -99.13)).toBeUndefined(); // Mexico City
  });

  it('keeps a margin from the shore: a point on the beach is land but not inland', () => {
    // Ocean Beach, 180 m inland of the outline's shore (at -122.5146 there).
    expect(isLand(37.76, -122.5125)).toBe(true);
    expect(isInland(37.76, -122.5125)).toBe(false);
  });

  it('rasters a coastal box into inland sub-boxes, and a box without shore into one whole', () => {
    const coast = boxLand(37.75, -122.55, 0.05);
    expect(coast.whole).toBe(false);
    expect(coast.fraction).toBeGreaterThan(0);
    expect(coast.fraction).toBeLessThan(0.5);
    const step = 0.05 / RASTER;
    for (const at of coast.inland)
      expect(isInland(37.75 + (Math.floor(at / RASTER) + 0.5) * step, -122.55 + ((at % RASTER) + 0.5) * step)).toBe(true);
    expect(boxLand(39.7, -105, 0.05)).toMatchObject({ whole: true, fraction: 1, region: 'US' });
    expect(boxLand(40, -30, 0.05)).toMatchObject({ whole: false, fraction: 0, region: undefined });
  });
});
