// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRng } from './seeded.ts';
import { haversineMetres } from '../lookups/earth.ts';
import {
  cellsAround,
  densityAt,
  entitiesWithin,
  fillPattern,
  nearestCity,
  pointInCell,
  cellRng,
  townByZipcode,
  cityByPk,
  streetsOf,
} from './geo-world.ts';
import type { Cell } from './geo-world.ts';

const generate = (cell: Cell) => {
  const rng = cellRng('test', cell);
  return Array.from({ length: 5 }, (_, index) => ({ ...pointInCell(rng, cell), id: `${cell.i}:${cell.j}:${index}` }));
};

describe('the demo world', () => {
  it('measures great-circle distances in metres', () => {
    expect(haversineMetres(52.52, 13.405, 52.52, 13.405)).toBe(0);
    // Berlin to Paris is about 878 km.
    expect(haversineMetres(52.52, 13.405, 48.8566, 2.3522) / 1000).toBeCloseTo(878, -1);
    expect(haversineMetres(0, 0, 0, 1)).toBeCloseTo(111_195, -1);
  });

  it('is dense at city centres, sparse around them and empty far away', () => {
    expect(densityAt(37.7749, -122.4194)).toBeGreaterThan(0.9);
    expect(densityAt(37.2, -121.6)).toBeLessThan(0.05);
    expect(densityAt(40, -30)).toBe(0);
  });

  it('finds the same entities of a place whichever circle contains it', () => {
    const small = entitiesWithin(52.52, 13.405, 2000, generate);
    const large = entitiesWithin(52.53, 13.42, 8000, generate);
    expect(small.length).toBeGreaterThan(0);
    const largeIds = new Set(large.map(({ entity }) => entity.id));
    for (const { entity, distance } of small) {
      expect(largeIds.has(entity.id)).toBe(true);
      expect(distance).toBeLessThanOrEqual(2000);
      expect(distance).toBeCloseTo(haversineMetres(52.52, 13.405, entity.lat, entity.lon), 6);
    }
  });

  it('covers the whole circle with cells', () => {
    const cells = cellsAround(37.7749, -122.4194, 16_093);
    const lats = cells.map((cell) => cell.south);
    expect(Math.min(...lats)).toBeLessThanOrEqual(37.7749 - 0.145);
    expect(Math.max(...lats) + 0.05).toBeGreaterThanOrEqual(37.7749 + 0.145);
  });

  it('draws the same numbers from the same seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const first = [a.next(), a.int(1, 6), a.pick(['x', 'y', 'z'])];
    expect([b.next(), b.int(1, 6), b.pick(['x', 'y', 'z'])]).toEqual(first);
    expect(fillPattern(createRng(1), '?## #??')).toMatch(/^[A-Z]\d\d \d[A-Z]{2}$/);
  });

  it('looks up cities, towns and streets', () => {
    expect(nearestCity(37.8, -122.42).city.name).toBe('San Francisco');
    expect(cityByPk(1)?.name).toBe('Berlin');
    expect(cityByPk(999)).toBeUndefined();
    expect(townByZipcode('62701')?.name).toBe('Springfield');
    expect(townByZipcode('00000')).toBeUndefined();
    const paris = cityByPk(3)!;
    expect(streetsOf(paris)).toEqual(streetsOf(paris));
    expect(streetsOf(paris).length).toBeGreaterThan(10);
  });
});
