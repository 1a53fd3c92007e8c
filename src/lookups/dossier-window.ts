// A dossier's time window and radius: the window of the lookups it searches by time (dates, both
// days included; the spec's examples' week when none is given) and how far around its place it
// searches. Pure: the page's dossier URL (app/dossier/dossier-url.ts) and the MCP server's
// place_dossier tool read them alike.
import { LINK_WINDOW, LINK_WINDOW_PARAMS } from './links.ts';

/** The window as ISO 8601 instants, `to` included. */
export interface DossierWindow {
  from: string;
  to: string;
}

/** How far around its place a dossier searches, at most (metres). */
export const MAX_RADIUS_METRES = 20_000;
/** The longest window a dossier asks for: a year (upstreams refuse searches that are too large). */
export const MAX_WINDOW_DAYS = 366;
const DAY_MS = 86_400_000;
export const DEFAULT_WINDOW: DossierWindow = { from: LINK_WINDOW[LINK_WINDOW_PARAMS.from], to: LINK_WINDOW[LINK_WINDOW_PARAMS.to] };

/** The window's first and last days (YYYY-MM-DD), as the page's date fields show them. */
export function windowDays(window: DossierWindow): { since: string; until: string } {
  return { since: window.from.slice(0, 10), until: new Date(Date.parse(window.to) - 1).toISOString().slice(0, 10) };
}

/** A window's problem, or undefined: both days valid, in order, at most MAX_WINDOW_DAYS long. */
export function windowProblem(since: string, until: string): { field: 'since' | 'until'; message: string } | undefined {
  const day = (text: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00.000Z`).toISOString().startsWith(text)
      ? Date.parse(`${text}T00:00:00.000Z`)
      : undefined;
  const first = day(since);
  if (first === undefined) return { field: 'since', message: 'since must be a date (YYYY-MM-DD)' };
  const last = day(until);
  if (last === undefined) return { field: 'until', message: 'until must be a date (YYYY-MM-DD)' };
  if (last < first) return { field: 'until', message: 'until must be on or after since' };
  if ((last - first) / DAY_MS + 1 > MAX_WINDOW_DAYS)
    return { field: 'until', message: `the window may span at most ${MAX_WINDOW_DAYS} days` };
  return undefined;
}

/** The window of two days (YYYY-MM-DD, checked by windowProblem), both included. */
export function windowFromDays(since: string, until: string): DossierWindow {
  return { from: `${since}T00:00:00.000Z`, to: `${until}T23:59:59.999Z` };
}
