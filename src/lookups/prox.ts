// B's `prox` parameter, "lat,lon,radius" with the radius in metres: read without zod, so light
// modules (describe-query.ts) can read it too.
/** Plain decimal digits, e.g. -122.42 or .25. */
export const DECIMAL_TEXT = /^-?(\d+(\.\d+)?|\.\d+)$/;

/** Parses B's `prox` ("lat,lon,radius"); undefined when malformed. */
export function parseProx(value: string): { lat: number; lon: number; radius: number } | undefined {
  // Spaces after the commas are forgiven; each part itself must be plain decimal digits.
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length !== 3 || parts.some((part) => !DECIMAL_TEXT.test(part))) return undefined;
  const [lat, lon, radius] = parts.map(Number) as [number, number, number];
  return { lat, lon, radius };
}
