import { describe, expect, it } from 'vitest';
import { AREA_TOLERANCE_METRES, MAX_AREA_CORNERS, segmentDistance, simplifyArea } from './simplify-area.ts';
import { areaToParam } from './filter-query.ts';

const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

/** A ring of `count` corners about San Francisco, `radius` metres out, with `wobble` metres of zigzag. */
function ring(count: number, radius: number, wobble = 0): Array<[number, number]> {
  const lat0 = 37.7749;
  const lon0 = -122.4194;
  return Array.from({ length: count }, (_, index) => {
    const angle = (2 * Math.PI * index) / count;
    const r = radius + (index % 2 === 0 ? wobble : -wobble);
    return [
      lat0 + (r * Math.sin(angle)) / METRES_PER_DEGREE,
      lon0 + (r * Math.cos(angle)) / (METRES_PER_DEGREE * Math.cos((lat0 * Math.PI) / 180)),
    ];
  });
}

/** The farthest any original corner lies from the simplified outline, in metres. */
function worstDeviation(original: ReadonlyArray<readonly [number, number]>, simplified: ReadonlyArray<readonly [number, number]>): number {
  const scaleX = METRES_PER_DEGREE * Math.cos((original[0]![0] * Math.PI) / 180);
  const xy = ([lat, lon]: readonly [number, number]): [number, number] => [lon * scaleX, lat * METRES_PER_DEGREE];
  let worst = 0;
  for (const corner of original) {
    let nearest = Infinity;
    for (let index = 0; index < simplified.length; index += 1) {
      nearest = Math.min(nearest, segmentDistance(xy(corner), xy(simplified[index]!), xy(simplified[(index + 1) % simplified.length]!)));
    }
    worst = Math.max(worst, nearest);
  }
  return worst;
}

describe('simplifyArea', () => {
  it('leaves a rectangle as it is', () => {
    const rectangle: Array<[number, number]> = [
      [37.77, -122.43],
      [37.78, -122.43],
      [37.78, -122.41],
      [37.77, -122.41],
    ];
    expect(simplifyArea(rectangle)).toEqual(rectangle);
  });
  it('drops corners on a straight edge and a closing corner equal to the first', () => {
    const square: Array<[number, number]> = [
      [37.77, -122.43],
      [37.775, -122.43],
      [37.78, -122.43],
      [37.78, -122.41],
      [37.77, -122.41],
      [37.77, -122.43],
    ];
    expect(simplifyArea(square)).toEqual([
      [37.77, -122.43],
      [37.78, -122.43],
      [37.78, -122.41],
      [37.77, -122.41],
    ]);
  });
  it('keeps a smooth 5,000-corner circle within the tolerance in far fewer corners', () => {
    const circle = ring(5000, 1500);
    const simplified = simplifyArea(circle);
    expect(simplified.length).toBeLessThan(100);
    expect(worstDeviation(circle, simplified)).toBeLessThanOrEqual(AREA_TOLERANCE_METRES);
  });
  it('widens the tolerance until a jagged ring fits in MAX_AREA_CORNERS corners, and keeps it close', () => {
    const jagged = ring(5000, 1500, 40);
    const simplified = simplifyArea(jagged);
    expect(simplified.length).toBeLessThanOrEqual(MAX_AREA_CORNERS);
    expect(simplified.length).toBeGreaterThanOrEqual(3);
    // The zigzag is 80 m deep: a tolerance doubled from 5 m stops by 160 m.
    expect(worstDeviation(jagged, simplified)).toBeLessThanOrEqual(160);
  });
  it('keeps three corners of a sliver thinner than the tolerance', () => {
    const sliver: Array<[number, number]> = [
      [37.77, -122.43],
      [37.7700001, -122.42],
      [37.77, -122.41],
      [37.7699999, -122.42],
      [37.77, -122.425],
    ];
    expect(simplifyArea(sliver)).toHaveLength(3);
  });
  it('puts any drawn area in the URL in under 6 kB', () => {
    expect(encodeURIComponent(areaToParam(ring(5000, 1500, 40))!).length).toBeLessThan(6000);
  });
});
