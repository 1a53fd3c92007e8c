import { describe, expect, it } from 'vitest';
import { distanceMetres, eastOf, enclosingBounds } from './geo.ts';

describe('geo', () => {
  it('measures great-circle distances', () => {
    // Berlin to Paris is about 878 km.
    expect(distanceMetres({ lat: 52.52, lon: 13.405 }, { lat: 48.8566, lon: 2.3522 }) / 1000).toBeCloseTo(878, -1);
  });

  it('puts the radius handle due east at the radius', () => {
    const center = { lat: 52.52, lon: 13.405 };
    const edge = eastOf(center, 5000);
    expect(edge.lat).toBe(52.52);
    expect(distanceMetres(center, edge)).toBeCloseTo(5000, -1);
  });

  it('encloses points and the search circle', () => {
    expect(enclosingBounds([])).toBeUndefined();
    expect(
      enclosingBounds([
        { lat: 1, lon: 2 },
        { lat: -3, lon: 4 },
      ]),
    ).toEqual([
      [-3, 2],
      [1, 4],
    ]);
    const [[south, west], [north, east]] = enclosingBounds([{ lat: 0.001, lon: 0.001 }], { lat: 0, lon: 0, radiusMetres: 111_195 })!;
    expect([south, west, north, east].map((n) => Number(n.toFixed(3)))).toEqual([-1, -1, 1, 1]);
  });
});
