// Where the demo world has land: the regions of land-mask-data.ts (the United States, and land
// around the European and Japanese demo cities) less the water of land-water-data.ts. Points are
// tested by even-odd crossing counts: each 0.05° bucket keeps the ring edges that touch it and the
// parity at its centre, so a test counts only the edges between the bucket's centre and the point.
// `isInland` adds a margin, so a point the outlines' precision (a few hundred metres) could put in
// the sea is refused too.
import { LAND_REGIONS, type LandRegionData } from './land-mask-data.ts';
import { WATER_BODIES } from './land-water-data.ts';

export type LandRegion = LandRegionData['id'];

/** Side of an index bucket in degrees (the demo world's map cells are 0.05° too). */
const BUCKET = 0.05;
/** Distance a point must keep from any shore, in metres: more than the outlines' error. */
export const SHORE_MARGIN_M = 400;
const METRES_PER_DEGREE = 111_320;

interface Region {
  id: LandRegion;
  box: readonly [number, number, number, number];
  /** Edges as flat [lat1, lon1, lat2, lon2] quadruples. */
  edges: Float64Array;
  /** Edge indexes per bucket key. */
  buckets: Map<number, number[]>;
  /** Edge indexes per latitude band, for the one full ray cast a bucket's centre needs. */
  bands: Map<number, number[]>;
  /** Parity (inside or not) at each bucket's centre, computed when first needed. */
  centres: Map<number, boolean>;
}

const bucketKey = (i: number, j: number) => (i + 2000) * 10_000 + (j + 5000);

function decode(encoded: string): number[] {
  const points: number[] = [];
  let [lat, lon, at] = [0, 0, 0];
  const next = () => {
    let [result, shift, byte] = [0, 0, 0x20];
    while (byte >= 0x20) {
      byte = encoded.charCodeAt(at++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    }
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (at < encoded.length) {
    lat += next();
    lon += next();
    points.push(lat / 1e4, lon / 1e4);
  }
  return points;
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Indexes edges given as closed rings of flat [lat, lon, …] points. */
function indexRings(id: LandRegion, box: Region['box'], rings: readonly number[][]): Region {
  const count = rings.reduce((sum, ring) => sum + ring.length / 2, 0);
  const edges = new Float64Array(count * 4);
  const buckets = new Map<number, number[]>();
  const bands = new Map<number, number[]>();
  let edge = 0;
  for (const ring of rings) {
    const n = ring.length / 2;
    for (let k = 0; k < n; k++) {
      const [lat1, lon1] = [ring[2 * k]!, ring[2 * k + 1]!];
      const [lat2, lon2] = [ring[(2 * k + 2) % ring.length]!, ring[(2 * k + 3) % ring.length]!];
      edges.set([lat1, lon1, lat2, lon2], edge * 4);
      const [iMin, iMax] = [Math.floor(Math.min(lat1, lat2) / BUCKET), Math.floor(Math.max(lat1, lat2) / BUCKET)];
      const [jMin, jMax] = [Math.floor(Math.min(lon1, lon2) / BUCKET), Math.floor(Math.max(lon1, lon2) / BUCKET)];
      for (let i = iMin; i <= iMax; i++) {
        push(bands, i, edge);
        for (let j = jMin; j <= jMax; j++) push(buckets, bucketKey(i, j), edge);
      }
      edge++;
    }
  }
  return { id, box, edges, buckets, bands, centres: new Map() };
}

interface State {
  regions: Region[];
  /** All water bodies as one region (they never overlap), and each body's box for a quick miss. */
  water: Region;
  waterBoxes: Float64Array;
}

let state: State | undefined;

function boxOfRing(ring: ReadonlyArray<readonly [number, number]>): [number, number, number, number] {
  const lats = ring.map(([lat]) => lat);
  const lons = ring.map(([, lon]) => lon);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

function loaded(): State {
  state ??= {
    regions: LAND_REGIONS.map((data) => indexRings(data.id, data.box, data.rings.map(decode))),
    water: indexRings(
      'US',
      [-180, -90, 180, 90],
      WATER_BODIES.map((body) => body.ring.flat()),
    ),
    waterBoxes: Float64Array.from(WATER_BODIES.flatMap((body) => boxOfRing(body.ring))),
  };
  return state;
}

function inWaterBox(boxes: Float64Array, lat: number, lon: number): boolean {
  for (let at = 0; at < boxes.length; at += 4)
    if (lon >= boxes[at]! && lat >= boxes[at + 1]! && lon <= boxes[at + 2]! && lat <= boxes[at + 3]!) return true;
  return false;
}

/** Whether segment (a→b) crosses edge e of the region (a proper crossing). Hot: no allocation. */
function crosses(edges: Float64Array, e: number, aLat: number, aLon: number, bLat: number, bLon: number): boolean {
  const at = e * 4;
  const pLat = edges[at]!;
  const pLon = edges[at + 1]!;
  const qLat = edges[at + 2]!;
  const qLon = edges[at + 3]!;
  const d1 = (bLon - aLon) * (pLat - aLat) - (bLat - aLat) * (pLon - aLon);
  const d2 = (bLon - aLon) * (qLat - aLat) - (bLat - aLat) * (qLon - aLon);
  if (d1 > 0 === d2 > 0) return false;
  const d3 = (qLon - pLon) * (aLat - pLat) - (qLat - pLat) * (aLon - pLon);
  const d4 = (qLon - pLon) * (bLat - pLat) - (qLat - pLat) * (bLon - pLon);
  return d3 > 0 !== d4 > 0;
}

/** Parity at a bucket's centre: a ray towards the east, counting every edge of its band. */
function centreInside(region: Region, i: number, j: number, key: number): boolean {
  const known = region.centres.get(key);
  if (known !== undefined) return known;
  const lat = (i + 0.5) * BUCKET;
  const lon = (j + 0.5) * BUCKET;
  const edges = region.edges;
  let inside = false;
  for (const e of region.bands.get(i) ?? []) {
    const lat1 = edges[e * 4]!;
    const lon1 = edges[e * 4 + 1]!;
    const lat2 = edges[e * 4 + 2]!;
    const lon2 = edges[e * 4 + 3]!;
    if (lat1 > lat !== lat2 > lat && lon < lon1 + ((lat - lat1) * (lon2 - lon1)) / (lat2 - lat1)) inside = !inside;
  }
  region.centres.set(key, inside);
  return inside;
}

function inside(region: Region, lat: number, lon: number): boolean {
  const box = region.box;
  if (lon < box[0] || lat < box[1] || lon > box[2] || lat > box[3]) return false;
  const i = Math.floor(lat / BUCKET);
  const j = Math.floor(lon / BUCKET);
  const key = bucketKey(i, j);
  let result = centreInside(region, i, j, key);
  const edges = region.buckets.get(key);
  if (edges) {
    const cLat = (i + 0.5) * BUCKET;
    const cLon = (j + 0.5) * BUCKET;
    for (let k = 0; k < edges.length; k++) if (crosses(region.edges, edges[k]!, cLat, cLon, lat, lon)) result = !result;
  }
  return result;
}

/** The region whose land holds the point (no margin), or undefined in the sea, a lake or outside every region. */
export function landRegionAt(lat: number, lon: number): LandRegion | undefined {
  const { water, waterBoxes, regions } = loaded();
  if (inWaterBox(waterBoxes, lat, lon) && inside(water, lat, lon)) return undefined;
  for (const region of regions) if (inside(region, lat, lon)) return region.id;
  return undefined;
}

export function isLand(lat: number, lon: number): boolean {
  return landRegionAt(lat, lon) !== undefined;
}

/** Land, and SHORE_MARGIN_M from the shore in the four directions as well. */
export function isInland(lat: number, lon: number): boolean {
  const dLat = SHORE_MARGIN_M / METRES_PER_DEGREE;
  const dLon = dLat / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  return isLand(lat, lon) && isLand(lat + dLat, lon) && isLand(lat - dLat, lon) && isLand(lat, lon + dLon) && isLand(lat, lon - dLon);
}

/** Whether any shore (a land or water edge) passes within the margin of a box: only then can a point in it be refused. */
function shoreNear(south: number, west: number, north: number, east: number): boolean {
  const dLat = SHORE_MARGIN_M / METRES_PER_DEGREE;
  const dLon = dLat / Math.max(Math.cos((Math.max(Math.abs(south), Math.abs(north)) * Math.PI) / 180), 0.01);
  const [s, w, n, e] = [south - dLat, west - dLon, north + dLat, east + dLon];
  const { regions, water } = loaded();
  for (const region of [...regions, water]) {
    for (let i = Math.floor(s / BUCKET); i <= Math.floor(n / BUCKET); i++) {
      for (let j = Math.floor(w / BUCKET); j <= Math.floor(e / BUCKET); j++) {
        for (const edge of region.buckets.get(bucketKey(i, j)) ?? []) {
          const [lat1, lon1, lat2, lon2] = [
            region.edges[edge * 4]!,
            region.edges[edge * 4 + 1]!,
            region.edges[edge * 4 + 2]!,
            region.edges[edge * 4 + 3]!,
          ];
          if (Math.max(lat1, lat2) >= s && Math.min(lat1, lat2) <= n && Math.max(lon1, lon2) >= w && Math.min(lon1, lon2) <= e) return true;
        }
      }
    }
  }
  return false;
}

/** How much of a box is inland, and where: a raster of RASTER × RASTER sub-boxes, each inland or not at its centre. */
export interface BoxLand {
  /** Share of the box that is inland, 0 to 1. */
  fraction: number;
  /** No shore near: every point of the box is inland, so no point needs a test. */
  whole: boolean;
  /** Row-major indexes (row × RASTER + column, rows from the south) of the inland sub-boxes of a box with a shore. */
  inland: Uint16Array;
  /** The land region the box lies in (its centre's, or its first inland sub-box's). */
  region: LandRegion | undefined;
}

/**
 * Sub-boxes per side: at 0.05°, about 230 × 185 m each. A point anywhere in a sub-box whose centre is
 * inland stays within 150 m of that centre, so it keeps most of SHORE_MARGIN_M from the shore.
 */
export const RASTER = 24;

/** The inland part of a box [south, west] of side `size` degrees. */
export function boxLand(south: number, west: number, size: number): BoxLand {
  const centre = landRegionAt(south + size / 2, west + size / 2);
  if (!shoreNear(south, west, south + size, west + size)) {
    return { fraction: centre ? 1 : 0, whole: centre !== undefined, inland: new Uint16Array(0), region: centre };
  }
  const inland: number[] = [];
  const step = size / RASTER;
  for (let row = 0; row < RASTER; row++) {
    for (let column = 0; column < RASTER; column++) {
      if (isInland(south + (row + 0.5) * step, west + (column + 0.5) * step)) inland.push(row * RASTER + column);
    }
  }
  const first = inland[0];
  const region =
    centre ??
    (first === undefined
      ? undefined
      : landRegionAt(south + (Math.floor(first / RASTER) + 0.5) * step, west + ((first % RASTER) + 0.5) * step));
  return { fraction: inland.length / (RASTER * RASTER), whole: false, inland: Uint16Array.from(inland), region };
}
