// Spatial SQL without an extension: DuckDB's spatial extension would be fetched from another origin,
// which the page's CSP (connect-src 'self') refuses and offline use could not reach. Two macros,
// created when the engine opens, measure great-circle distances with the same haversine and Earth
// radius as the rest of the app (src/lookups/earth.ts), so `distance_m` agrees with the map.
import { EARTH_RADIUS_M } from '../lookups/earth.ts';

/** The statements that define `distance_m(lat1, lon1, lat2, lon2)` (metres) and `within_m(…, metres)`. */
export const SPATIAL_MACROS: readonly string[] = [
  `CREATE OR REPLACE MACRO distance_m(lat1, lon1, lat2, lon2) AS
    2 * ${EARTH_RADIUS_M} * asin(least(1, sqrt(
      pow(sin(radians(lat2 - lat1) / 2), 2) + cos(radians(lat1)) * cos(radians(lat2)) * pow(sin(radians(lon2 - lon1) / 2), 2))))`,
  'CREATE OR REPLACE MACRO within_m(lat1, lon1, lat2, lon2, metres) AS distance_m(lat1, lon1, lat2, lon2) <= metres',
];
