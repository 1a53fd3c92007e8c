// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sqlPoints } from './sql-points-map.tsx';

describe('a SQL result’s points', () => {
  it('keeps the rows with a usable position by their index, and counts the rest', () => {
    const rows = [
      { lat: 37.77, lon: -122.42 },
      { lat: null, lon: 1 },
      { lat: 95, lon: 0 },
      { lat: 37.8, lon: -122.4 },
    ];
    const point = (row: unknown) => {
      const { lat, lon } = row as { lat: number | null; lon: number };
      return lat === null ? undefined : { lat, lon };
    };
    expect(sqlPoints(rows, point)).toEqual({
      points: [
        { index: 0, lat: 37.77, lon: -122.42 },
        { index: 3, lat: 37.8, lon: -122.4 },
      ],
      missing: 2,
    });
  });
});
