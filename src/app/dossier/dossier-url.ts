// The dossier's URL is the dossier: `?from=d&recordid=…` starts from one record of a lookup (its
// own parameters beside `from`), `?lat=…&lon=…` from a point; `radius` (metres) is how far around
// it every linked lookup searches, and `since` and `until` (dates, both days included) the time
// window of those searched by time (the spec's examples' week when absent). Reading it never
// throws: a bad value is a message for the page.
import { LINK_RADIUS_METRES } from '../../lookups/links.ts';
import { DEFAULT_WINDOW, MAX_RADIUS_METRES, windowFromDays, windowProblem, type DossierWindow } from '../../lookups/dossier-window.ts';

export {
  DEFAULT_WINDOW,
  MAX_RADIUS_METRES,
  MAX_WINDOW_DAYS,
  windowDays,
  windowProblem,
  type DossierWindow,
} from '../../lookups/dossier-window.ts';

export type DossierAnchor =
  | { kind: 'record'; from: string; radius: number; window: DossierWindow }
  | { kind: 'point'; lat: number; lon: number; radius: number; window: DossierWindow }
  | { kind: 'invalid'; problems: string[] };

function readWindow(query: URLSearchParams, problems: string[]): DossierWindow | undefined {
  const since = query.get('since');
  const until = query.get('until');
  if (since === null && until === null) return DEFAULT_WINDOW;
  if (since === null || until === null) {
    problems.push('since and until go together (both days included, YYYY-MM-DD)');
    return undefined;
  }
  const problem = windowProblem(since, until);
  if (problem) {
    problems.push(problem.message);
    return undefined;
  }
  return windowFromDays(since, until);
}

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
  const window = readWindow(query, problems);
  const from = query.get('from');
  if (from !== null) {
    if (!/^[a-z]$/.test(from)) problems.push('from must be the letter of a lookup, e.g. d');
    return problems.length > 0 || radius === undefined || !window
      ? { kind: 'invalid', problems }
      : { kind: 'record', from, radius, window };
  }
  if (!query.has('lat') && !query.has('lon'))
    return { kind: 'invalid', problems: ['Give a record (from=d&recordid=…) or a point (lat=…&lon=…)'] };
  const lat = numberIn(query.get('lat'), 'lat', -90, 90, problems);
  const lon = numberIn(query.get('lon'), 'lon', -180, 180, problems);
  if (lat === undefined || lon === undefined || radius === undefined || !window) return { kind: 'invalid', problems };
  return { kind: 'point', lat, lon, radius, window };
}

/** The dossier's URL for a point. */
export function pointDossierSearch(lat: number, lon: number, radius: number): string {
  return `?${new URLSearchParams({ lat: String(lat), lon: String(lon), radius: String(Math.round(radius)) })}`;
}
