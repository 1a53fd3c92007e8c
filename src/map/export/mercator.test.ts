import { describe, expect, it } from 'vitest';
import { circleExtent, fitView, metresPerPixel, projector, worldPixel } from './mercator.ts';

describe('Web Mercator', () => {
  it('puts 0,0 in the middle of the world and matches Leaflet’s scale', () => {
    expect(worldPixel({ lat: 0, lon: 0 }, 0)).toEqual({ x: 128, y: 128 });
    // Leaflet's own figure at the equator, zoom 0: 156,543 m a pixel.
    expect(metresPerPixel(0, 0)).toBeCloseTo(156_543.03, 1);
    expect(metresPerPixel(60, 1)).toBeCloseTo(156_543.03 / 4, 1);
  });
});

describe('fitView', () => {
  // The dossier walk's case: points near the place and one 2.9 km away.
  const place = { lat: 33.48, lon: -112.03 };
  const far = { lat: 33.48 + 2900 / 111_320, lon: -112.03 };
  const points = [place, { lat: 33.481, lon: -112.031 }, { lat: 33.479, lon: -112.028 }, far, ...circleExtent(place, 1609)];

  it('keeps every point inside the picture, clear of the edges', () => {
    const view = fitView(points, 800, 600, 17)!;
    const at = projector(view, 800, 600);
    for (const point of points) {
      const { x, y } = at(point);
      expect(x).toBeGreaterThanOrEqual(17 - 1e-6);
      expect(x).toBeLessThanOrEqual(800 - 17 + 1e-6);
      expect(y).toBeGreaterThanOrEqual(17 - 1e-6);
      expect(y).toBeLessThanOrEqual(600 - 17 + 1e-6);
    }
  });

  it('fills the picture: the extent touches the padding on one side', () => {
    const view = fitView(points, 800, 600, 17)!;
    const at = projector(view, 800, 600);
    const ys = points.map((point) => at(point).y);
    expect(Math.min(...ys)).toBeCloseTo(17, 3);
    expect(Math.max(...ys)).toBeCloseTo(600 - 17, 3);
  });

  it('centres a single point at the closest zoom allowed, and has no view without points', () => {
    const view = fitView([place], 800, 600, 20, 16)!;
    expect(view.zoom).toBe(16);
    expect(projector(view, 800, 600)(place).x).toBeCloseTo(400, 6);
    expect(fitView([], 800, 600)).toBeUndefined();
  });
});
