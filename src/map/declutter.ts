// Clusters must not cover each other's counts. Supercluster keeps cluster *seeds* a radius apart,
// but a cluster sits at its members' centroid, so two bubbles can land on top of each other (M's
// 49,301 calls, a zoomed-out view). On screen, bubbles that would overlap become one bubble with
// both counts, at the larger one's place; a single point hidden under a bubble is counted in it.
import type { VisibleItem } from './cluster-tree.ts';

export interface ScreenPoint {
  x: number;
  y: number;
}

/** What the layer draws: single points as they are, and bubbles that each may stand for several clusters. */
export type DisplayItem =
  | { kind: 'point'; index: number; lat: number; lon: number }
  | {
      kind: 'cluster';
      /** Stable while the same clusters and points make it up. */
      key: string;
      lat: number;
      lon: number;
      count: number;
      /** The cluster it shows when it shows exactly one (its click zooms to where that one splits). */
      clusterId?: number;
      /** Records per colour slot (the pie), when the clusters are coloured. */
      slices?: number[];
    };

interface Group {
  x: number;
  y: number;
  lat: number;
  lon: number;
  count: number;
  ids: number[];
  points: number[];
  slices: number[] | undefined;
}

export interface DeclutterOptions {
  /** Where an item is drawn, in screen pixels. */
  project: (lat: number, lon: number) => ScreenPoint;
  /** A bubble's diameter in pixels for its count. */
  diameterOf: (count: number) => number;
  /** A single point's drawn radius in pixels. */
  pointRadius: number;
  /** A point's colour slot, for the pie of a bubble that takes it in (with coloured clusters). */
  slotOf?: (index: number) => number;
}

const distance = (a: ScreenPoint, b: ScreenPoint) => Math.hypot(a.x - b.x, a.y - b.y);

/** The bubbles placed so far, bucketed by screen cell so each looks only at its neighbours. */
class Placed {
  private readonly cells = new Map<string, Set<Group>>();
  constructor(private readonly cell: number) {}
  private keyOf(x: number, y: number) {
    return `${Math.floor(x / this.cell)},${Math.floor(y / this.cell)}`;
  }
  add(group: Group) {
    const key = this.keyOf(group.x, group.y);
    const bucket = this.cells.get(key) ?? new Set<Group>();
    bucket.add(group);
    this.cells.set(key, bucket);
  }
  delete(group: Group) {
    this.cells.get(this.keyOf(group.x, group.y))?.delete(group);
  }
  /** Groups whose centre lies within `reach` of the spot (and maybe a little further). */
  near(spot: ScreenPoint, reach: number): Group[] {
    const span = Math.ceil(reach / this.cell);
    const cx = Math.floor(spot.x / this.cell);
    const cy = Math.floor(spot.y / this.cell);
    const found: Group[] = [];
    for (let dx = -span; dx <= span; dx += 1)
      for (let dy = -span; dy <= span; dy += 1) found.push(...(this.cells.get(`${cx + dx},${cy + dy}`) ?? []));
    return found;
  }
  all(): Group[] {
    return [...this.cells.values()].flatMap((bucket) => [...bucket]);
  }
}

export function declutter(items: readonly VisibleItem[], { project, diameterOf, pointRadius, slotOf }: DeclutterOptions): DisplayItem[] {
  const groups: Group[] = [];
  const points: Array<Extract<VisibleItem, { kind: 'point' }> & ScreenPoint> = [];
  let records = 0;
  for (const item of items) {
    const at = project(item.lat, item.lon);
    if (item.kind === 'cluster')
      groups.push({
        ...at,
        lat: item.lat,
        lon: item.lon,
        count: item.count,
        ids: [item.id],
        points: [],
        slices: item.slices && [...item.slices],
      });
    else points.push({ ...item, ...at });
    records += item.kind === 'cluster' ? item.count : 1;
  }
  const radius = (group: Group) => diameterOf(group.count) / 2;
  // No bubble can grow past the one that would hold every record.
  const largest = diameterOf(records) / 2;
  const placed = new Placed(Math.max(largest * 2, 1));

  /** One of two overlapping bubbles takes the other in: the larger, which keeps its place. */
  const merge = (a: Group, b: Group): Group => {
    const [keep, gone] = a.count >= b.count ? [a, b] : [b, a];
    keep.count += gone.count;
    keep.ids.push(...gone.ids);
    keep.points.push(...gone.points);
    if (keep.slices && gone.slices) gone.slices.forEach((count, slot) => (keep.slices![slot] = (keep.slices![slot] ?? 0) + count));
    placed.delete(gone);
    return keep;
  };
  /** A bubble that grew may now cover a neighbour: merge until it covers none. */
  const settle = (start: Group) => {
    let group = start;
    for (let overlapping = true; overlapping; ) {
      overlapping = false;
      for (const other of placed.near(group, radius(group) + largest)) {
        if (other === group || distance(group, other) >= radius(group) + radius(other)) continue;
        group = merge(group, other);
        overlapping = true;
        break;
      }
    }
  };

  // Largest first: a bubble keeps its place and takes in the smaller ones it would cover.
  groups.sort((a, b) => b.count - a.count);
  for (const group of groups) {
    placed.add(group);
    settle(group);
  }
  const absorbed = new Set<number>();
  for (const point of points) {
    const cover = placed.near(point, largest + pointRadius).find((group) => distance(group, point) < radius(group) + pointRadius);
    if (!cover) continue;
    cover.count += 1;
    cover.points.push(point.index);
    const slot = slotOf?.(point.index);
    if (cover.slices && slot !== undefined) cover.slices[slot] = (cover.slices[slot] ?? 0) + 1;
    absorbed.add(point.index);
    settle(cover);
  }

  const shown: DisplayItem[] = placed.all().map((group) => ({
    kind: 'cluster',
    key: `c${group.ids.join('+')}${group.points.length > 0 ? `p${group.points.join('+')}` : ''}`,
    lat: group.lat,
    lon: group.lon,
    count: group.count,
    ...(group.ids.length === 1 && group.points.length === 0 && { clusterId: group.ids[0] }),
    ...(group.slices && { slices: group.slices }),
  }));
  for (const { index, lat, lon } of points) if (!absorbed.has(index)) shown.push({ kind: 'point', index, lat, lon });
  return shown;
}
