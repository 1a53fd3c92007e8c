import { describe, expect, it } from 'vitest';
import { circlePolygon, coveringCircle } from './area-shapes.ts';

describe('area shapes', () => {
  it('writes a circle as a polygon whose corners lie on it', () => {
    const polygon = circlePolygon(37.77, -122.42, 1000);
    expect(polygon.length).toBeGreaterThan(8);
    const circle = coveringCircle(polygon);
    expect(circle.lat).toBeCloseTo(37.77, 3);
    expect(circle.lon).toBeCloseTo(-122.42, 3);
    expect(circle.radiusMetres).toBeGreaterThan(990);
    expect(circle.radiusMetres).toBeLessThan(1010);
  });
  it('covers every corner of a rectangle', () => {
    const circle = coveringCircle([
      [37.7, -122.5],
      [37.8, -122.5],
      [37.8, -122.4],
      [37.7, -122.4],
    ]);
    expect(circle.lat).toBeCloseTo(37.75, 6);
    expect(circle.radiusMetres).toBeGreaterThan(6000);
    expect(circle.radiusMetres).toBeLessThan(8000);
  });
});
