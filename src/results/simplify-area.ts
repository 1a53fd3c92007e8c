// A drawn area's corners, simplified before they go into the URL (walk defect 7: a polygon of some
// 330 corners made a link our own server refused with 414). Douglas–Peucker on the ring, measured
// in metres on a local flat projection: every corner dropped lies within AREA_TOLERANCE_METRES of
// the outline kept. A shape that still has more than MAX_AREA_CORNERS corners is simplified again
// with the tolerance doubled until it fits, so an `area=` is never longer than about 5.5 kB.
// docs/decisions/030-area-simplification.md says why these numbers.
import { EARTH_RADIUS_M } from '../lookups/earth.ts';

/** Corners closer than this to the simplified outline are dropped (under a pixel at street zooms). */
export const AREA_TOLERANCE_METRES = 5;
/** The most corners an area keeps in the URL. */
export const MAX_AREA_CORNERS = 200;

type Corner = readonly [number, number];

const METRES_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;

/** Corners as x, y metres about the first corner's latitude (flat: the error is tiny at a drawn area's size). */
function projected(corners: readonly Corner[]): Array<[number, number]> {
  const scaleX = METRES_PER_DEGREE * Math.cos(((corners[0]?.[0] ?? 0) * Math.PI) / 180);
  return corners.map(([lat, lon]) => [lon * scaleX, lat * METRES_PER_DEGREE]);
}

/** The distance in metres from p to the segment a–b. */
export function segmentDistance(p: readonly [number, number], a: readonly [number, number], b: readonly [number, number]): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Marks in `keep` the corners of the open run first..last (indices into `points`, wrapping) that the tolerance needs. */
function markRun(points: ReadonlyArray<[number, number]>, first: number, last: number, tolerance: number, keep: Uint8Array): void {
  const size = points.length;
  const stack: Array<[number, number]> = [[first, last]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    let farthest = -1;
    let distance = tolerance;
    for (let step = from + 1; step < to; step += 1) {
      const d = segmentDistance(points[step % size]!, points[from % size]!, points[to % size]!);
      if (d > distance) {
        distance = d;
        farthest = step;
      }
    }
    if (farthest < 0) continue;
    keep[farthest % size] = 1;
    stack.push([from, farthest], [farthest, to]);
  }
}

/** The corner farthest from the line between the first corner and `opposite`. */
function widest(points: ReadonlyArray<[number, number]>, opposite: number): number {
  let best = 1;
  let distance = -1;
  for (let index = 1; index < points.length; index += 1) {
    const d = index === opposite ? -1 : segmentDistance(points[index]!, points[0]!, points[opposite]!);
    if (d > distance) {
      distance = d;
      best = index;
    }
  }
  return best;
}

/** The ring's corners within `tolerance` metres, in order: the first corner, the one farthest from it, and those the outline needs. */
function simplifyRing(corners: readonly Corner[], tolerance: number): Corner[] {
  const points = projected(corners);
  const size = points.length;
  let opposite = 1;
  for (let index = 2; index < size; index += 1) {
    if (
      Math.hypot(points[index]![0] - points[0]![0], points[index]![1] - points[0]![1]) >
      Math.hypot(points[opposite]![0] - points[0]![0], points[opposite]![1] - points[0]![1])
    )
      opposite = index;
  }
  const keep = new Uint8Array(size);
  keep[0] = 1;
  keep[opposite] = 1;
  markRun(points, 0, opposite, tolerance, keep);
  markRun(points, opposite, size, tolerance, keep);
  // A ring flatter than the tolerance still keeps three corners: its widest.
  if (keep.reduce((sum, kept) => sum + kept, 0) < 3) keep[widest(points, opposite)] = 1;
  return corners.filter((_, index) => keep[index] === 1);
}

/** The area with at most MAX_AREA_CORNERS corners, each dropped one within the tolerance used (at least AREA_TOLERANCE_METRES). */
export function simplifyArea(corners: readonly Corner[], tolerance = AREA_TOLERANCE_METRES, maxCorners = MAX_AREA_CORNERS): Corner[] {
  // A closing corner equal to the first adds nothing to a ring.
  const open =
    corners.length > 1 && corners[0]![0] === corners.at(-1)![0] && corners[0]![1] === corners.at(-1)![1] ? corners.slice(0, -1) : corners;
  if (open.length <= 3) return [...open];
  let kept = simplifyRing(open, tolerance);
  for (let wider = tolerance * 2; kept.length > maxCorners; wider *= 2) kept = simplifyRing(open, wider);
  return kept;
}
