// Clustering of the mapped points, built once per answer and then only counted. Each zoom's
// clusters are built greedily from the zoom above (supercluster's algorithm: a node takes in the
// unclaimed nodes within the radius when together they reach `minPoints`), and the tree remembers
// which node each point belongs to at every zoom. So a filter (the time brush, a legend click, a
// drawn area) or a recolour is one pass over the points of the zoom in view, a few milliseconds
// for 200,000, where rebuilding the clusters of what is left took tens of milliseconds per step;
// and a cluster can say how many of its points fall in each colour (its pie).
import KDBush from 'kdbush';
import type { PackedPoints } from './packed-points.ts';
import { CLUSTER_MAX_ZOOM } from './cluster-zoom.ts';

export { CLUSTER_MAX_ZOOM };

/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

export type VisibleItem =
  | {
      kind: 'cluster';
      id: number;
      lat: number;
      lon: number;
      count: number;
      /** Points per colour slot (the pie), when the points are coloured. */
      slices?: number[];
    }
  | { kind: 'point'; index: number; lat: number; lon: number };

/** What of the points is shown and how it is coloured: one value per record index. */
export interface ClusterFilter {
  /** 1 where the record is shown; undefined: every record. */
  keep?: Uint8Array | undefined;
  /** Each record's colour slot, below `slotCount`; undefined: clusters without pies. */
  slots?: Uint8Array | undefined;
  slotCount?: number;
}

const MIN_ZOOM = 0;
/** Cluster radius in pixels of a 512-pixel tile, and the fewest points a cluster holds. */
const RADIUS = 60;
const EXTENT = 512;
const MIN_POINTS = 3;
/** A cluster's id is its node and zoom in one number (zoom ≤ 31). */
const ZOOM_BITS = 32;

interface Level {
  count: number;
  /** Web Mercator position in [0, 1], the centroid of the node's points. */
  x: Float64Array;
  y: Float64Array;
  /** Points under the node. */
  num: Int32Array;
  /** The point (its position in the input) a single node stands for; -1 for a cluster. */
  point: Int32Array;
  tree: KDBush;
  /** Each node's node one zoom out; set when that zoom is built. */
  parent?: Int32Array;
}

interface Counts {
  count: Int32Array;
  sx: Float64Array;
  sy: Float64Array;
  /** The first two shown points of a node: what a node with fewer than MIN_POINTS shown is drawn as. */
  first: Int32Array;
  second: Int32Array;
  slices: Uint32Array | undefined;
  slotCount: number;
}

const lngX = (lon: number) => lon / 360 + 0.5;
function latY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return y < 0 ? 0 : y > 1 ? 1 : y;
}
const xLng = (x: number) => (x - 0.5) * 360;
const yLat = (y: number) => (360 * Math.atan(Math.exp((180 - y * 360) * (Math.PI / 180)))) / Math.PI - 90;

/** Clamps a view to the one world the tree indexes (a map panned past ±180° still asks). */
export function clampBBox([west, south, east, north]: BBox): BBox {
  if (east - west >= 360) return [-180, Math.max(-90, south), 180, Math.min(90, north)];
  return [Math.max(-180, west), Math.max(-90, south), Math.min(180, east), Math.min(90, north)];
}

function indexed(count: number, x: Float64Array, y: Float64Array): KDBush {
  const tree = new KDBush(count, 64, Float64Array);
  for (let node = 0; node < count; node += 1) tree.add(x[node]!, y[node]!);
  tree.finish();
  return tree;
}

/** The nodes of `zoom` built from the level above; sets `above.parent`. */
function clusterLevel(above: Level, zoom: number): Level {
  const radius = RADIUS / (EXTENT * 2 ** zoom);
  const parent = new Int32Array(above.count);
  const claimed = new Uint8Array(above.count);
  const x = new Float64Array(above.count);
  const y = new Float64Array(above.count);
  const num = new Int32Array(above.count);
  const point = new Int32Array(above.count);
  let count = 0;
  const carry = (node: number) => {
    x[count] = above.x[node]!;
    y[count] = above.y[node]!;
    num[count] = above.num[node]!;
    point[count] = above.point[node]!;
    parent[node] = count;
    count += 1;
  };
  for (let node = 0; node < above.count; node += 1) {
    if (claimed[node]) continue;
    claimed[node] = 1;
    const neighbours = above.tree.within(above.x[node]!, above.y[node]!, radius);
    const own = above.num[node]!;
    let total = own;
    for (const other of neighbours) if (!claimed[other]) total += above.num[other]!;
    if (total > own && total >= MIN_POINTS) {
      let wx = above.x[node]! * own;
      let wy = above.y[node]! * own;
      for (const other of neighbours) {
        if (claimed[other]) continue;
        claimed[other] = 1;
        const weight = above.num[other]!;
        wx += above.x[other]! * weight;
        wy += above.y[other]! * weight;
        parent[other] = count;
      }
      parent[node] = count;
      x[count] = wx / total;
      y[count] = wy / total;
      num[count] = total;
      point[count] = -1;
      count += 1;
    } else {
      carry(node);
      // Too few to cluster: the neighbours stay as they are at this zoom too.
      if (total > own) {
        for (const other of neighbours) {
          if (claimed[other]) continue;
          claimed[other] = 1;
          carry(other);
        }
      }
    }
  }
  // Nothing merged and nothing moved: this zoom is the one above (no parent step, the same index).
  if (count === above.count && parent.every((to, from) => to === from)) {
    above.parent = undefined;
    return { ...above, parent: undefined };
  }
  above.parent = parent;
  const level = { count, x: x.slice(0, count), y: y.slice(0, count), num: num.slice(0, count), point: point.slice(0, count) };
  return { ...level, tree: indexed(count, level.x, level.y) };
}

export class ClusterTree {
  private readonly levels: Level[] = [];
  private readonly lats: Float64Array;
  private readonly lons: Float64Array;
  private readonly indices: Int32Array;
  /** Per zoom, each point's node (computed when first asked). */
  private readonly nodeOf: Array<Int32Array | undefined> = [];
  private filter: ClusterFilter = {};
  private readonly counted = new Map<number, Counts>();

  constructor({ lats, lons, indices }: PackedPoints) {
    this.lats = lats;
    this.lons = lons;
    this.indices = indices;
    const count = lats.length;
    const x = new Float64Array(count);
    const y = new Float64Array(count);
    for (let position = 0; position < count; position += 1) {
      x[position] = lngX(lons[position]!);
      y[position] = latY(lats[position]!);
    }
    const point = Int32Array.from({ length: count }, (_, position) => position);
    this.levels[CLUSTER_MAX_ZOOM + 1] = { count, x, y, num: new Int32Array(count).fill(1), point, tree: indexed(count, x, y) };
    for (let zoom = CLUSTER_MAX_ZOOM; zoom >= MIN_ZOOM; zoom -= 1) this.levels[zoom] = clusterLevel(this.levels[zoom + 1]!, zoom);
  }

  get size(): number {
    return this.indices.length;
  }

  /** Shows only the kept records and colours clusters by the slots; undefined parts: all, no pies. */
  setFilter(filter: ClusterFilter): void {
    this.filter = filter;
    this.counted.clear();
  }

  clusters(bbox: BBox, zoom: number): VisibleItem[] {
    const level = limitZoom(zoom);
    const nodes = this.levels[level]!;
    const [west, south, east, north] = clampBBox(bbox);
    const found = nodes.tree.range(lngX(west), latY(north), lngX(east), latY(south));
    const counts = this.countsAt(level);
    const items: VisibleItem[] = [];
    for (const node of found) {
      const single = nodes.point[node]!;
      if (single >= 0) {
        if (this.shows(single)) items.push(this.pointItem(single));
        continue;
      }
      if (!counts) {
        items.push({
          kind: 'cluster',
          id: node * ZOOM_BITS + level,
          lat: yLat(nodes.y[node]!),
          lon: xLng(nodes.x[node]!),
          count: nodes.num[node]!,
        });
        continue;
      }
      const shown = counts.count[node]!;
      if (shown >= MIN_POINTS) {
        const cluster: VisibleItem = {
          kind: 'cluster',
          id: node * ZOOM_BITS + level,
          lat: yLat(counts.sy[node]! / shown),
          lon: xLng(counts.sx[node]! / shown),
          count: shown,
        };
        if (counts.slices) cluster.slices = Array.from(counts.slices.subarray(node * counts.slotCount, (node + 1) * counts.slotCount));
        items.push(cluster);
      } else {
        if (shown >= 1) items.push(this.pointItem(counts.first[node]!));
        if (shown >= 2) items.push(this.pointItem(counts.second[node]!));
      }
    }
    return items;
  }

  /** The zoom at which a cluster's shown points no longer share one node, capped one past the clustering limit. */
  expansionZoom(clusterId: number): number {
    const level = clusterId % ZOOM_BITS;
    const node = (clusterId - level) / ZOOM_BITS;
    const atLevel = this.pointNodes(level);
    const members: number[] = [];
    for (let position = 0; position < atLevel.length; position += 1)
      if (atLevel[position] === node && this.shows(position)) members.push(position);
    if (members.length === 0) return Math.min(level + 1, CLUSTER_MAX_ZOOM + 1);
    for (let zoom = level + 1; zoom <= CLUSTER_MAX_ZOOM; zoom += 1) {
      const at = this.pointNodes(zoom);
      const first = at[members[0]!];
      if (members.some((position) => at[position] !== first)) return zoom;
    }
    return CLUSTER_MAX_ZOOM + 1;
  }

  private shows(position: number): boolean {
    const keep = this.filter.keep;
    return !keep || keep[this.indices[position]!] === 1;
  }

  private pointItem(position: number): VisibleItem {
    return { kind: 'point', index: this.indices[position]!, lat: this.lats[position]!, lon: this.lons[position]! };
  }

  private pointNodes(zoom: number): Int32Array {
    const known = this.nodeOf[zoom];
    if (known) return known;
    let nodes: Int32Array;
    if (zoom === CLUSTER_MAX_ZOOM + 1) nodes = this.levels[zoom]!.point;
    else {
      const above = this.pointNodes(zoom + 1);
      const parent = this.levels[zoom + 1]!.parent;
      nodes = parent ? above.map((node) => parent[node]!) : above;
    }
    this.nodeOf[zoom] = nodes;
    return nodes;
  }

  /** Shown points, their centroid and colours per node of the zoom; undefined when nothing is filtered or coloured. */
  private countsAt(zoom: number): Counts | undefined {
    const { keep, slots, slotCount = 0 } = this.filter;
    if (!keep && !slots) return undefined;
    const known = this.counted.get(zoom);
    if (known) return known;
    const nodes = this.levels[zoom]!;
    const at = this.pointNodes(zoom);
    const points = this.levels[CLUSTER_MAX_ZOOM + 1]!;
    const counts: Counts = {
      count: new Int32Array(nodes.count),
      sx: new Float64Array(nodes.count),
      sy: new Float64Array(nodes.count),
      first: new Int32Array(nodes.count),
      second: new Int32Array(nodes.count),
      slices: slots && slotCount > 0 ? new Uint32Array(nodes.count * slotCount) : undefined,
      slotCount,
    };
    const { count, sx, sy, first, second, slices } = counts;
    for (let position = 0; position < at.length; position += 1) {
      const record = this.indices[position]!;
      if (keep && keep[record] !== 1) continue;
      const node = at[position]!;
      const seen = count[node]!;
      if (seen === 0) first[node] = position;
      else if (seen === 1) second[node] = position;
      count[node] = seen + 1;
      sx[node] = sx[node]! + points.x[position]!;
      sy[node] = sy[node]! + points.y[position]!;
      if (slices) {
        const slice = node * slotCount + Math.min(slots![record]!, slotCount - 1);
        slices[slice] = slices[slice]! + 1;
      }
    }
    this.counted.set(zoom, counts);
    return counts;
  }
}

function limitZoom(zoom: number): number {
  return Math.max(MIN_ZOOM, Math.min(Math.round(zoom), CLUSTER_MAX_ZOOM + 1));
}
