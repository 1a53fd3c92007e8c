import Supercluster from 'supercluster';
import { describe, expect, it } from 'vitest';
import { clampBBox, CLUSTER_MAX_ZOOM, ClusterTree, type VisibleItem } from './cluster-tree.ts';
import { packPoints } from './packed-points.ts';
import type { MappedPoint } from './points.ts';

const WORLD: [number, number, number, number] = [-180, -90, 180, 90];
const grid = (count: number, lat = 52, lon = 13, first = 0): MappedPoint[] =>
  Array.from({ length: count }, (_, offset) => ({
    index: first + offset,
    lat: lat + (offset % 100) * 0.001,
    lon: lon + Math.floor(offset / 100) * 0.001,
  }));
const treeOf = (points: readonly MappedPoint[]) => new ClusterTree(packPoints(points));
const total = (items: readonly VisibleItem[]) => items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0);
const pointIndices = (items: readonly VisibleItem[]) =>
  items.flatMap((item) => (item.kind === 'point' ? [item.index] : [])).sort((a, b) => a - b);
const keepOnly = (size: number, kept: (index: number) => boolean) => Uint8Array.from({ length: size }, (_, index) => (kept(index) ? 1 : 0));

describe('the cluster tree', () => {
  it('groups dense points at a low zoom and accounts for every point at every zoom', () => {
    const tree = treeOf(grid(5000));
    expect(tree.clusters(WORLD, 3).length).toBeLessThan(5);
    for (let zoom = 0; zoom <= CLUSTER_MAX_ZOOM + 1; zoom += 1) expect(total(tree.clusters(WORLD, zoom))).toBe(5000);
  });

  it('shows single points, with their record index and exact position, when zoomed in', () => {
    const items = treeOf([
      { index: 7, lat: 52.1234567, lon: 13.7654321 },
      { index: 9, lat: -33, lon: 151 },
    ]).clusters([0, 40, 20, 60], 10);
    expect(items).toEqual([{ kind: 'point', index: 7, lat: 52.1234567, lon: 13.7654321 }]);
  });

  it('places a cluster at the centroid of its points', () => {
    const points = [
      { index: 0, lat: 10, lon: 20 },
      { index: 1, lat: 10.002, lon: 20 },
      { index: 2, lat: 10, lon: 20.004 },
    ];
    const [cluster] = treeOf(points).clusters(WORLD, 5);
    expect(cluster).toMatchObject({ kind: 'cluster', count: 3, lat: expect.closeTo(10.000667, 5), lon: expect.closeTo(20.001333, 5) });
  });

  it('counts only the kept records, without rebuilding', () => {
    const tree = treeOf([...grid(3000, 52, 13), ...grid(3000, 48.85, 2.35, 3000)]);
    tree.setFilter({ keep: keepOnly(6000, (index) => index % 3 === 0) });
    for (const zoom of [2, 8, 12, CLUSTER_MAX_ZOOM + 1]) expect(total(tree.clusters(WORLD, zoom))).toBe(2000);
    // Only Paris kept: one bubble at Paris at a low zoom.
    tree.setFilter({ keep: keepOnly(6000, (index) => index >= 3000) });
    const [paris, ...none] = tree.clusters(WORLD, 4);
    expect(none).toEqual([]);
    expect(paris).toMatchObject({ kind: 'cluster', count: 3000, lat: expect.closeTo(48.9, 1), lon: expect.closeTo(2.4, 1) });
    tree.setFilter({});
    expect(total(tree.clusters(WORLD, 4))).toBe(6000);
  });

  it('draws a cluster left with fewer than three kept records as those records', () => {
    const tree = treeOf(grid(50));
    tree.setFilter({ keep: keepOnly(50, (index) => index === 4 || index === 31) });
    expect(pointIndices(tree.clusters(WORLD, 3))).toEqual([4, 31]);
    tree.setFilter({ keep: keepOnly(50, () => false) });
    expect(tree.clusters(WORLD, 3)).toEqual([]);
  });

  it('gives each cluster the count of its records per colour slot (its pie)', () => {
    const points = [...grid(400, 52, 13), ...grid(200, 40.4, -3.7, 400)];
    const slots = Uint8Array.from({ length: 600 }, (_, index) => (index < 400 ? index % 2 : 2));
    const tree = treeOf(points);
    tree.setFilter({ slots, slotCount: 3 });
    const clusters = tree.clusters(WORLD, 4).filter((item) => item.kind === 'cluster');
    expect(clusters.map((cluster) => cluster.slices).sort()).toEqual([
      [0, 0, 200],
      [200, 200, 0],
    ]);
    // With a filter too: only the kept records are in the slices.
    tree.setFilter({ slots, slotCount: 3, keep: keepOnly(600, (index) => index % 4 === 0) });
    const kept = tree.clusters(WORLD, 4).filter((item) => item.kind === 'cluster');
    expect(kept.map((cluster) => cluster.slices).sort()).toEqual([
      [0, 0, 50],
      [100, 0, 0],
    ]);
  });

  it('says the zoom at which a cluster splits: one bubble just below it, several at it', () => {
    // Two tight groups 0.05° apart: one cluster when zoomed out, two once zoomed in far enough.
    const tree = treeOf([...grid(20, 52, 13), ...grid(20, 52.05, 13, 20)]);
    const [cluster] = tree.clusters(WORLD, 3);
    expect(cluster?.kind).toBe('cluster');
    const zoom = tree.expansionZoom((cluster as Extract<VisibleItem, { kind: 'cluster' }>).id);
    const around: [number, number, number, number] = [12.9, 51.9, 13.2, 52.2];
    expect(tree.clusters(around, zoom - 1)).toHaveLength(1);
    expect(tree.clusters(around, zoom).length).toBeGreaterThan(1);
    // Kept to one group, the same cluster never splits in two groups.
    tree.setFilter({ keep: keepOnly(40, (index) => index < 20) });
    const [alone] = tree.clusters(WORLD, 3);
    expect(tree.expansionZoom((alone as Extract<VisibleItem, { kind: 'cluster' }>).id)).toBeGreaterThan(zoom);
  });

  it('makes the clusters supercluster makes, at every zoom (the algorithm it follows)', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const points: MappedPoint[] = Array.from({ length: 4000 }, (_, index) => ({
      index,
      lat: 40 + random() * 2 + (index % 3) * 5,
      lon: -3 + random() * 3 + (index % 4) * 6,
    }));
    const reference = new Supercluster({ radius: 60, maxZoom: CLUSTER_MAX_ZOOM, minPoints: 3 });
    reference.load(
      points.map((point) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [point.lon, point.lat] }, properties: {} })),
    );
    const tree = treeOf(points);
    const summary = (counts: number[]) => [counts.length, counts.filter((count) => count === 1).length, Math.max(...counts)];
    for (let zoom = 0; zoom <= CLUSTER_MAX_ZOOM + 1; zoom += 1) {
      const ours = tree.clusters(WORLD, zoom).map((item) => (item.kind === 'cluster' ? item.count : 1));
      const theirs = reference.getClusters(WORLD, zoom).map((feature) => (feature.properties.cluster ? feature.properties.point_count : 1));
      expect(summary(ours), `zoom ${zoom}`).toEqual(summary(theirs));
    }
  });

  it('clamps views that run past the antimeridian', () => {
    expect(clampBBox([-200, -95, 30, 95])).toEqual([-180, -90, 30, 90]);
    expect(clampBBox([-400, 0, 400, 10])).toEqual([-180, 0, 180, 10]);
  });
});
