// The Earth as the app measures it: one mean radius for every distance the app computes, so a
// distance in SQL (distance_m), on the map and in a dossier agree to the metre.

/** The mean Earth radius (IUGG), in metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in metres between two points in decimal degrees. */
export function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const h =
    Math.sin(radians(lat2 - lat1) / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(radians(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
