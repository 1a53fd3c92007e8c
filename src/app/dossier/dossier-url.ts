// The dossier's URL is the dossier: `?from=d&recordid=…` starts from one record of a lookup (its
// own parameters beside `from`), `?lat=…&lon=…` from a point; `radius` (metres) is how far around
// it every linked lookup searches. Reading it never throws: a bad value is a message for the page.
import { LINK_RADIUS_METRES } from '../../lookups/links.ts';

export type DossierAnchor =
  | { kind: 'record'; from: string; radius: number }
  | { kind: 'point'; lat: number; lon: number; radius: number }
  | { kind: 'invalid'; problems: string[] };

const MAX_RADIUS_METRES = 20_000;

function numberIn(text: string | null, name: string, min: number, max: number, problems: string[]): number | undefined {
  if (text === null || text.trim() === '') {
    problems.push(`${name} is required`);
    return undefined;
  }
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max) {
    problems.push(`${name} must be a number from ${min} to ${max}`);
    return undefined;
  }
  return value;
}

export function readDossierUrl(search: string): DossierAnchor {
  const query = new URLSearchParams(search);
  const problems: string[] = [];
  const radiusText = query.get('radius');
  const radius = radiusText === null ? LINK_RADIUS_METRES : numberIn(radiusText, 'radius', 1, MAX_RADIUS_METRES, problems);
  const from = query.get('from');
  if (from !== null) {
    if (!/^[a-z]$/.test(from)) problems.push('from must be the letter of a lookup, e.g. d');
    return problems.length > 0 || radius === undefined ? { kind: 'invalid', problems } : { kind: 'record', from, radius };
  }
  if (!query.has('lat') && !query.has('lon')) return { kind: 'invalid', problems: ['Give a record (from=d&recordid=…) or a point (lat=…&lon=…)'] };
  const lat = numberIn(query.get('lat'), 'lat', -90, 90, problems);
  const lon = numberIn(query.get('lon'), 'lon', -180, 180, problems);
  if (lat === undefined || lon === undefined || radius === undefined) return { kind: 'invalid', problems };
  return { kind: 'point', lat, lon, radius };
}

/** The dossier's URL for a point. */
export function pointDossierSearch(lat: number, lon: number, radius: number): string {
  return `?${new URLSearchParams({ lat: String(lat), lon: String(lon), radius: String(Math.round(radius)) })}`;
}
