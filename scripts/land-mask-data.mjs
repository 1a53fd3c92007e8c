// Writes src/demo/land-mask-data.ts, the demo world's land: Natural Earth's 1:10m outlines (the
// world-atlas package the map already bundles) cut to what the demo covers, the United States (the
// country's own outline, so a point in Canada or Mexico is outside) and boxes of land around its
// European and Japanese cities. Rings are stored as encoded polylines (1e-4 degrees), so the module
// stays small and needs no parser. Run `node scripts/land-mask-data.mjs` after changing a region;
// lakes and inland seas the outlines keep as land are cut out by hand in src/demo/land-water-data.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { feature } from 'topojson-client';

const read = (name) => JSON.parse(readFileSync(fileURLToPath(new URL(`../node_modules/world-atlas/${name}`, import.meta.url)), 'utf8'));
const OUT = fileURLToPath(new URL('../src/demo/land-mask-data.ts', import.meta.url));

/** Below Natural Earth's own quantization (0.0036 by 0.0017 degrees): drops only points on a near-straight line. */
const FINE = 0.0012;
/** [west, south, east, north] in degrees. */
const US_BOXES = [
  { box: [-125.5, 24, -66, 49.5], tolerance: FINE }, // the 48 states
  { box: [-161, 18.5, -154.5, 22.5], tolerance: FINE }, // Hawaii
  { box: [-170, 51, -129, 72], tolerance: 0.01, minVertices: 30 }, // Alaska, simplified (~1 km)
];
const OTHER_BOXES = [
  { id: 'EU', box: [-2, 46.5, 15, 54.7] }, // London, Paris, Amsterdam, Berlin, Munich and their regions
  { id: 'JP', box: [138, 34.5, 141.5, 37] }, // Tokyo and its region
];

const polygonsOf = (geometry) => (geometry.type === 'MultiPolygon' ? geometry.coordinates : [geometry.coordinates]);

function bboxOf(ring) {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ring) [w, s, e, n] = [Math.min(w, x), Math.min(s, y), Math.max(e, x), Math.max(n, y)];
  return [w, s, e, n];
}
const overlaps = (a, b) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** Sutherland–Hodgman: the part of a ring inside a box (edges along the box are harmless for even-odd tests inside it). */
function clip(ring, [w, s, e, n]) {
  const sides = [
    [(p) => p[0] >= w, (a, b) => [w, a[1] + ((b[1] - a[1]) * (w - a[0])) / (b[0] - a[0])]],
    [(p) => p[0] <= e, (a, b) => [e, a[1] + ((b[1] - a[1]) * (e - a[0])) / (b[0] - a[0])]],
    [(p) => p[1] >= s, (a, b) => [a[0] + ((b[0] - a[0]) * (s - a[1])) / (b[1] - a[1]), s]],
    [(p) => p[1] <= n, (a, b) => [a[0] + ((b[0] - a[0]) * (n - a[1])) / (b[1] - a[1]), n]],
  ];
  let points = ring.slice(0, -1);
  for (const [inside, cross] of sides) {
    const next = [];
    for (let i = 0; i < points.length; i++) {
      const current = points[i];
      const previous = points[(i + points.length - 1) % points.length];
      if (inside(current)) {
        if (!inside(previous)) next.push(cross(previous, current));
        next.push(current);
      } else if (inside(previous)) next.push(cross(previous, current));
    }
    points = next;
    if (points.length === 0) return [];
  }
  return points;
}

/** Douglas–Peucker over an open ring; tolerance in degrees. */
function simplify(points, tolerance) {
  if (tolerance === 0 || points.length < 8) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop();
    const [ax, ay] = points[first];
    const [bx, by] = points[last];
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let worst = -1;
    let at = -1;
    for (let i = first + 1; i < last; i++) {
      // A ring clipped at a corner can start and end at the same point: then the distance is to that point.
      const distance =
        length === 0
          ? Math.hypot(points[i][0] - ax, points[i][1] - ay)
          : Math.abs(dy * points[i][0] - dx * points[i][1] + bx * ay - by * ax) / length;
      if (distance > worst) [worst, at] = [distance, i];
    }
    if (worst > tolerance) {
      keep[at] = 1;
      stack.push([first, at], [at, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/** Google's encoded polyline (lat, lon order) at 1e-4 degrees. */
function encode(points) {
  let out = '';
  let [lastLat, lastLon] = [0, 0];
  const put = (value) => {
    let v = value < 0 ? ~(value << 1) : value << 1;
    while (v >= 0x20) {
      out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
      v >>= 5;
    }
    out += String.fromCharCode(v + 63);
  };
  for (const [lon, lat] of points) {
    const [y, x] = [Math.round(lat * 1e4), Math.round(lon * 1e4)];
    put(y - lastLat);
    put(x - lastLon);
    [lastLat, lastLon] = [y, x];
  }
  return out;
}

const countries = read('countries-10m.json');
const us = feature(countries, countries.objects.countries).features.find((country) => country.id === '840');
const usRings = [];
for (const { box, tolerance, minVertices = 0 } of US_BOXES) {
  for (const polygon of polygonsOf(us.geometry)) {
    if (!overlaps(bboxOf(polygon[0]), box) || polygon[0].length < minVertices) continue;
    for (const ring of polygon) {
      const points = simplify(clip(ring, box), tolerance);
      if (points.length >= 3) usRings.push(encode(points));
    }
  }
}

const land = read('land-10m.json');
const landPolygons = feature(land, land.objects.land).features.flatMap((entry) => polygonsOf(entry.geometry));
const others = OTHER_BOXES.map(({ id, box }) => {
  const rings = [];
  for (const polygon of landPolygons) {
    if (!overlaps(bboxOf(polygon[0]), box)) continue;
    for (const ring of polygon) {
      const points = simplify(clip(ring, box), FINE);
      if (points.length >= 3) rings.push(encode(points));
    }
  }
  return { id, box, rings };
});

const regions = [{ id: 'US', box: [-170, 18.5, -66, 72], rings: usRings }, ...others];
const body = regions
  .map(
    ({ id, box, rings }) =>
      `  { id: '${id}', box: [${box.join(', ')}], rings: [\n${rings.map((ring) => `    ${JSON.stringify(ring)},`).join('\n')}\n  ] },`,
  )
  .join('\n');
writeFileSync(
  OUT,
  `// Generated by scripts/land-mask-data.mjs from Natural Earth 1:10m (public domain, via world-atlas): do not edit.
// Each region's rings are encoded polylines (lat, lon; 1e-4 degrees); a point is land when an odd
// number of its region's rings contain it. land-mask.ts decodes them once.

export interface LandRegionData {
  id: 'US' | 'EU' | 'JP';
  /** [west, south, east, north]: outside it the region has no land. */
  box: readonly [number, number, number, number];
  rings: readonly string[];
}

export const LAND_REGIONS: readonly LandRegionData[] = [
${body}
];
`,
);
console.log(regions.map(({ id, rings }) => `${id}: ${rings.length} rings`).join(', '));
