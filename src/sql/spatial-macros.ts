// Spatial SQL without an extension: DuckDB's spatial extension would be fetched from another origin,
// which the page's CSP (connect-src 'self') refuses and offline use could not reach. Two macros,
// created when the engine opens, measure great-circle distances with the same haversine and Earth
// radius as the rest of the app (src/lookups/earth.ts), so `distance_m` agrees with the map.
import { EARTH_RADIUS_M } from '../lookups/earth.ts';

/** The statements that define `distance_m(lat1, lon1, lat2, lon2)` (metres) and `within_m(…, metres)`. */
export const SPATIAL_MACROS: readonly string[] = [
  // Arguments are cast to DOUBLE: a coordinate read from JSON text (D's location.latitude) is VARCHAR.
  `CREATE OR REPLACE MACRO distance_m(lat1, lon1, lat2, lon2) AS
    2 * ${EARTH_RADIUS_M} * asin(least(1, sqrt(
      pow(sin(radians(lat2::DOUBLE - lat1::DOUBLE) / 2), 2)
      + cos(radians(lat1::DOUBLE)) * cos(radians(lat2::DOUBLE)) * pow(sin(radians(lon2::DOUBLE - lon1::DOUBLE) / 2), 2))))`,
  'CREATE OR REPLACE MACRO within_m(lat1, lon1, lat2, lon2, metres) AS distance_m(lat1, lon1, lat2, lon2) <= metres',
];
