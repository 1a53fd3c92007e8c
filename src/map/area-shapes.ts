// Drawn shapes as the `area=` polygon, and the circle that covers a polygon ("Search this area").
import { EARTH_RADIUS_M, haversineMetres } from '../lookups/earth.ts';
import type { SearchCircle } from './search-circle.ts';

/** Corners of a drawn circle written as a polygon. */
const CIRCLE_CORNERS = 32;

/** A circle as a polygon of [lat, lon] corners (a small-circle approximation, fine at city scale). */
export function circlePolygon(lat: number, lon: number, radiusMetres: number): Array<[number, number]> {
  const corners: Array<[number, number]> = [];
  const dLat = (radiusMetres / EARTH_RADIUS_M) * (180 / Math.PI);
  const dLon = dLat / Math.cos((lat * Math.PI) / 180);
  for (let step = 0; step < CIRCLE_CORNERS; step += 1) {
    const angle = (2 * Math.PI * step) / CIRCLE_CORNERS;
    corners.push([lat + dLat * Math.sin(angle), lon + dLon * Math.cos(angle)]);
  }
  return corners;
}

/** The circle around the polygon's bounding-box centre that reaches its farthest corner. */
export function coveringCircle(polygon: ReadonlyArray<readonly [number, number]>): SearchCircle {
  const lats = polygon.map(([lat]) => lat);
  const lons = polygon.map(([, lon]) => lon);
  const lat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const lon = (Math.min(...lons) + Math.max(...lons)) / 2;
  const radiusMetres = Math.max(...polygon.map(([cornerLat, cornerLon]) => haversineMetres(lat, lon, cornerLat, cornerLon)));
  return { lat, lon, radiusMetres: Math.ceil(radiusMetres) };
}
