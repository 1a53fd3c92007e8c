import { describe, expect, it } from 'vitest';
import { placeAt } from './geo-world.ts';
import { gridAddress, gridLines } from './street-grid.ts';

describe('gridLines', () => {
  // Around San Francisco's centre: the demo's densest example area.
  const place = placeAt(37.7749, -122.4194);
  const [south, west, north, east] = [place.lat - 0.01, place.lon - 0.012, place.lat + 0.01, place.lon + 0.012];
  const lines = gridLines(place, south, west, north, east);

  it('draws north-south and east-west lines across the box', () => {
    const vertical = lines.filter((line) => line.from[1] === line.to[1]);
    const horizontal = lines.filter((line) => line.from[0] === line.to[0]);
    expect(vertical.length).toBeGreaterThan(5);
    expect(horizontal.length).toBeGreaterThan(5);
    for (const line of lines) {
      expect(line.from[0]).toBeGreaterThanOrEqual(south);
      expect(line.to[0]).toBeLessThanOrEqual(north);
    }
  });

  it('names each line as the addresses of the points on it name their street', () => {
    for (const line of lines.slice(0, 20)) {
      // A point a third of the way along the line, away from crossings.
      const lat = line.from[0] + (line.to[0] - line.from[0]) * 0.337;
      const lon = line.from[1] + (line.to[1] - line.from[1]) * 0.337;
      const address = gridAddress(place, lat, lon);
      expect([address.street, address.crossing]).toContain(line.name);
    }
  });

  it('draws nothing for a box far larger than a city view', () => {
    expect(gridLines(place, place.lat - 2, place.lon - 2, place.lat + 2, place.lon + 2)).toEqual([]);
  });
});

describe('how busy each street is', () => {
  const place = placeAt(37.7749, -122.4194);
  const lines = gridLines(place, place.lat - 0.02, place.lon - 0.025, place.lat + 0.02, place.lon + 0.025);

  it('makes every fourth street each way an avenue, the centre lines among them', () => {
    const avenues = lines.filter((line) => line.major);
    expect(avenues.length).toBeGreaterThan(3);
    expect(avenues.length).toBeLessThan(lines.length / 3);
    expect(avenues.some((line) => Math.abs(line.from[1] - place.lon) < 1e-9)).toBe(true);
    expect(avenues.some((line) => Math.abs(line.from[0] - place.lat) < 1e-9)).toBe(true);
  });

  it('ranks avenues before side streets, and nearer the centre before further out', () => {
    const worstAvenue = Math.max(...lines.filter((line) => line.major).map((line) => line.rank));
    const bestSide = Math.min(...lines.filter((line) => !line.major).map((line) => line.rank));
    expect(worstAvenue).toBeLessThan(bestSide);
    const centre = lines.find((line) => line.major && Math.abs(line.from[1] - place.lon) < 1e-9)!;
    expect(centre.rank).toBe(0);
  });
});

describe('avenues only, for a wider view', () => {
  const place = placeAt(37.7749, -122.4194);
  const box = [place.lat - 0.1, place.lon - 0.12, place.lat + 0.1, place.lon + 0.12] as const;

  it('draws only the avenues, where all the streets would be too many', () => {
    expect(gridLines(place, ...box)).toEqual([]);
    const avenues = gridLines(place, ...box, true);
    expect(avenues.length).toBeGreaterThan(10);
    expect(avenues.every((line) => line.major)).toBe(true);
  });

  it('draws the same avenues the full grid draws', () => {
    const near = [place.lat - 0.02, place.lon - 0.025, place.lat + 0.02, place.lon + 0.025] as const;
    const fromAll = gridLines(place, ...near).filter((line) => line.major);
    expect(gridLines(place, ...near, true)).toEqual(fromAll);
  });
});
