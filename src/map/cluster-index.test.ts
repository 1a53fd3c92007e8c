import { describe, expect, it } from 'vitest';
import { buildPointIndex, clampBBox, visibleItems } from './cluster-index.ts';
import type { MappedPoint } from './points.ts';

const grid = (count: number): MappedPoint[] =>
  Array.from({ length: count }, (_, index) => ({ index, lat: 52 + (index % 100) * 0.001, lon: 13 + Math.floor(index / 100) * 0.001 }));

describe('clustering', () => {
  it('groups dense points at a low zoom and accounts for every point', () => {
    const items = visibleItems(buildPointIndex(grid(5000)), [-180, -90, 180, 90], 3);
    expect(items.length).toBeLessThan(5);
    const total = items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0);
    expect(total).toBe(5000);
  });

  it('shows single points, with their record index, when zoomed in', () => {
    const items = visibleItems(buildPointIndex([{ index: 7, lat: 52, lon: 13 }, { index: 9, lat: -33, lon: 151 }]), [0, 40, 20, 60], 10);
    expect(items).toEqual([{ kind: 'point', index: 7, lat: expect.closeTo(52, 9), lon: expect.closeTo(13, 9) }]);
  });

  it('clamps views that run past the antimeridian', () => {
    expect(clampBBox([-200, -95, 30, 95])).toEqual([-180, -90, 30, 90]);
    expect(clampBBox([-400, 0, 400, 10])).toEqual([-180, 0, 180, 10]);
  });
});
