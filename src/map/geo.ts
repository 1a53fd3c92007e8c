// Small spherical geometry, kept free of Leaflet so it runs in unit tests and the picker alike.
// The radius and the great-circle distance are lookups/earth.ts's, so the map agrees with SQL and the dossier.
import { EARTH_RADIUS_M, haversineMetres } from '../lookups/earth.ts';

const METRES_PER_DEGREE_LAT = (EARTH_RADIUS_M * Math.PI) / 180;
const toRad = (degrees: number) => (degrees * Math.PI) / 180;

export interface LatLon {
  lat: number;
  lon: number;
}

/** [[south, west], [north, east]], the shape Leaflet's fitBounds accepts. */
export type Bounds = [[number, number], [number, number]];

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LatLon, b: LatLon): number {
  return haversineMetres(a.lat, a.lon, b.lat, b.lon);
}

/** The point `metres` due east of `center`: where the picker puts its radius handle. */
export function eastOf(center: LatLon, metres: number): LatLon {
  const cos = Math.max(Math.cos(toRad(center.lat)), 1e-6);
  return { lat: center.lat, lon: Math.min(180, center.lon + metres / (METRES_PER_DEGREE_LAT * cos)) };
}

/** Bounds enclosing points and an optional circle; undefined when there is nothing to enclose. */
export function enclosingBounds(points: readonly LatLon[], circle?: LatLon & { radiusMetres: number }): Bounds | undefined {
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  const add = (lat: number, lon: number) => {
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lon < west) west = lon;
    if (lon > east) east = lon;
  };
  for (const point of points) add(point.lat, point.lon);
  if (circle) {
    const dLat = circle.radiusMetres / METRES_PER_DEGREE_LAT;
    const dLon = circle.radiusMetres / (METRES_PER_DEGREE_LAT * Math.max(Math.cos(toRad(circle.lat)), 1e-6));
    add(Math.max(-90, circle.lat - dLat), Math.max(-180, circle.lon - dLon));
    add(Math.min(90, circle.lat + dLat), Math.min(180, circle.lon + dLon));
  }
  return Number.isFinite(south)
    ? [
        [south, west],
        [north, east],
      ]
    : undefined;
}
