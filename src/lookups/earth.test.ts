import { describe, expect, it } from 'vitest';
import { haversineMetres } from './earth.ts';

describe('haversineMetres', () => {
  it('measures a hundredth of a degree of latitude as 1,112 m and a point to itself as 0', () => {
    expect(Math.round(haversineMetres(37.7749, -122.4194, 37.7849, -122.4194))).toBe(1112);
    expect(haversineMetres(33.48, -112.03, 33.48, -112.03)).toBe(0);
  });
});
