// "Look up…" on one record: the lookups its fields feed (src/lookups/links.ts), each a normal link
// to that lookup's page with its parameters filled, so it opens, runs and can be opened in a new tab.
import { Link } from 'react-router';
import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';
import { LINK_RADIUS_METRES, linksFrom } from '../lookups/links.ts';
import { linkValues } from '../lookups/follow-link.ts';
import { linkedQuerySearch } from '../form/url-state.ts';
import { catalogEntries } from 'virtual:lookup-catalog';
import './look-up-menu.css';

/** The page path of a lookup by its id (its slug from the build-time catalog). */
export function lookupPath(id: string): string {
  return `/lookups/${catalogEntries.find((entry) => entry.id === id)?.slug ?? id.toLowerCase()}`;
}

/** The page path of each link this record can follow, with its label. */
export function recordLinks(lookup: AnyLookup, operation: AnyOperation, record: unknown): { label: string; to: string }[] {
  return linksFrom(lookup.id, operation.id).flatMap((link) => {
    const values = linkValues(link, operation, record);
    if (!values) return [];
    const to = `${lookupPath(link.to)}${linkedQuerySearch(link.toOperation, values)}`;
    return [{ label: `${link.to}. ${link.label}`, to }];
  });
}

/** The place dossier around a record's point (every lookup a point feeds, on one map); undefined without a point. */
export function pointDossierPath(operation: AnyOperation, record: unknown): string | undefined {
  let point;
  try {
    point = operation.adapters?.point?.(record);
  } catch {
    return undefined;
  }
  return point
    ? `/dossier?${new URLSearchParams({ lat: String(point.lat), lon: String(point.lon), radius: String(LINK_RADIUS_METRES) })}`
    : undefined;
}

export function LookUpMenu({ lookup, operation, record }: { lookup: AnyLookup; operation: AnyOperation; record: unknown }) {
  const links = recordLinks(lookup, operation, record);
  const dossier = pointDossierPath(operation, record);
  if (dossier) links.push({ label: 'Place dossier around this record', to: dossier });
  if (links.length === 0) return null;
  return (
    <details className="look-up-menu">
      <summary>Look up…</summary>
      <ul aria-label="Look up this record in">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
