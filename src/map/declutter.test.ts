import { describe, expect, it } from 'vitest';
import { declutter, type DisplayItem } from './declutter.ts';
import type { VisibleItem } from './cluster-tree.ts';

// Screen pixels are the coordinates themselves here: lat is y, lon is x.
const project = (lat: number, lon: number) => ({ x: lon, y: lat });
const diameterOf = (count: number) => (count < 100 ? 32 : count < 1000 ? 40 : 48);
const options = { project, diameterOf, pointRadius: 6 };
const cluster = (id: number, x: number, y: number, count: number): VisibleItem => ({ kind: 'cluster', id, lat: y, lon: x, count });
const point = (index: number, x: number, y: number): VisibleItem => ({ kind: 'point', index, lat: y, lon: x });

const total = (items: readonly DisplayItem[]) => items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0);

/** Pairs of bubbles whose circles overlap. */
function overlaps(items: readonly DisplayItem[]): string[] {
  const bubbles = items.filter((item) => item.kind === 'cluster');
  const found: string[] = [];
  for (let i = 0; i < bubbles.length; i += 1)
    for (let j = i + 1; j < bubbles.length; j += 1) {
      const [a, b] = [bubbles[i]!, bubbles[j]!];
      if (Math.hypot(a.lon - b.lon, a.lat - b.lat) < (diameterOf(a.count) + diameterOf(b.count)) / 2) found.push(`${a.key}×${b.key}`);
    }
  return found;
}

describe('declutter', () => {
  it('keeps bubbles that do not touch as they are, each zooming to its own cluster', () => {
    const items = declutter([cluster(1, 0, 0, 10), cluster(2, 40, 0, 20), point(7, 100, 100)], options);
    expect(items).toEqual([
      { kind: 'cluster', key: 'c2', lat: 0, lon: 40, count: 20, clusterId: 2 },
      { kind: 'cluster', key: 'c1', lat: 0, lon: 0, count: 10, clusterId: 1 },
      { kind: 'point', index: 7, lat: 100, lon: 100 },
    ]);
  });

  it('draws overlapping bubbles as one at the larger one’s place, with both counts', () => {
    const items = declutter([cluster(1, 0, 0, 10), cluster(2, 20, 0, 50)], options);
    expect(items).toEqual([{ kind: 'cluster', key: 'c2+1', lat: 0, lon: 20, count: 60 }]);
  });

  it('counts a point hidden under a bubble in it, and leaves a point beside it alone', () => {
    const items = declutter([cluster(1, 0, 0, 10), point(3, 10, 5), point(4, 30, 0)], options);
    expect(items).toEqual([
      { kind: 'cluster', key: 'c1p3', lat: 0, lon: 0, count: 11 },
      { kind: 'point', index: 4, lat: 0, lon: 30 },
    ]);
  });

  it('adds up the pies of the bubbles it merges and the slot of each point it takes in', () => {
    const pie = (id: number, x: number, slices: number[]): VisibleItem => ({
      kind: 'cluster',
      id,
      lat: 0,
      lon: x,
      count: slices.reduce((a, b) => a + b, 0),
      slices,
    });
    const items = declutter([pie(1, 0, [3, 0, 1]), pie(2, 20, [0, 5, 0]), point(9, 10, 5)], {
      ...options,
      slotOf: (index) => (index === 9 ? 2 : 0),
    });
    expect(items).toEqual([{ kind: 'cluster', key: 'c2+1p9', lat: 0, lon: 20, count: 10, slices: [3, 5, 2] }]);
  });

  it('leaves no two bubbles overlapping and loses no record, however crowded the view', () => {
    // Bubbles every 25 px (under one small bubble's 32 px) with counts that grow their icons as they merge.
    const crowd: VisibleItem[] = [];
    let id = 0;
    for (let x = 0; x < 400; x += 25) for (let y = 0; y < 300; y += 25) crowd.push(cluster((id += 1), x, y, 5 + ((x * 7 + y * 3) % 400)));
    for (let index = 0; index < 200; index += 1) crowd.push(point(index, (index * 37) % 400, (index * 53) % 300));
    const records = crowd.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0);
    // As the cluster tree handed them over, they overlap.
    const asGiven = crowd.map(
      (item): DisplayItem =>
        item.kind === 'cluster' ? { kind: 'cluster', key: `c${item.id}`, lat: item.lat, lon: item.lon, count: item.count } : item,
    );
    expect(overlaps(asGiven).length).toBeGreaterThan(0);

    const items = declutter(crowd, options);
    expect(overlaps(items)).toEqual([]);
    expect(total(items)).toBe(records);
    // No single point is left under a bubble.
    for (const shown of items.filter((item) => item.kind === 'point'))
      for (const bubble of items.filter((item) => item.kind === 'cluster'))
        expect(Math.hypot(shown.lon - bubble.lon, shown.lat - bubble.lat)).toBeGreaterThanOrEqual(diameterOf(bubble.count) / 2 + 6);
    expect(new Set(items.map((item) => (item.kind === 'cluster' ? item.key : `p${item.index}`))).size).toBe(items.length);
  });
});
