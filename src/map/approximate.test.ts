import { describe, expect, it } from 'vitest';
import { maskPersonalData } from '../lookups/masking.ts';
import { lookups } from '../lookups/registry.ts';
import { MASKED_COORDINATE_STEP, onRoundingGrid, positionText, positionsMayBeRounded, roundingCell } from './approximate.ts';

describe('rounded positions', () => {
  it('uses the grid masking rounds coordinates to', () => {
    const masked = maskPersonalData({ lat: 37.774_929, lon: -122.419_416 }, ['coordinate:lat', 'coordinate:lon']);
    for (const [raw, rounded] of [
      [37.774_929, masked.lat],
      [-122.419_416, masked.lon],
    ] as const) {
      expect(Math.abs(rounded - raw)).toBeLessThanOrEqual(MASKED_COORDINATE_STEP / 2);
      // On the grid: a whole number of steps.
      expect(Math.abs(rounded / MASKED_COORDINATE_STEP - Math.round(rounded / MASKED_COORDINATE_STEP))).toBeLessThan(1e-9);
    }
  });

  it('applies when masking is on and the lookup declares personal coordinates', () => {
    expect(positionsMayBeRounded(lookups.L, true)).toBe(true);
    expect(positionsMayBeRounded(lookups.L, false)).toBe(false);
    // B's stations are public places: masking leaves their positions alone.
    expect(positionsMayBeRounded(lookups.B, true)).toBe(false);
  });

  it('tells a rounded position by its lying on the grid (C rounds only residential addresses)', () => {
    const masked = maskPersonalData({ lat: 51.507_351, lon: -0.127_758 }, ['coordinate:lat', 'coordinate:lon']);
    expect(onRoundingGrid(masked)).toBe(true);
    expect(onRoundingGrid({ lat: -33.87, lon: 151.21 })).toBe(true);
    expect(onRoundingGrid({ lat: 51.507_351, lon: -0.127_758 })).toBe(false);
    expect(onRoundingGrid({ lat: 51.5, lon: -0.127_758 })).toBe(false);
  });

  it('gives the cell a rounded point stands for, and marks its coordinates approximate', () => {
    const [[south, west], [north, east]] = roundingCell({ lat: 37.77, lon: -122.42 });
    expect([south, west, north, east].map((n) => Number(n.toFixed(4)))).toEqual([37.765, -122.425, 37.775, -122.415]);
    expect(positionText({ lat: 37.77, lon: -122.42 }, true)).toBe('≈ 37.77, -122.42 (rounded to about 1 km)');
    expect(positionText({ lat: 37.774_929, lon: -122.419_416 }, false)).toBe('37.77493, -122.41942');
  });
});
