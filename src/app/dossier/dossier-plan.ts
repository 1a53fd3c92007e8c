// Which lookups a dossier runs, with what: every link from the anchor record (D's property → G, H,
// L, M, B), or every link a bare point can fill (B, L, M), each with the dossier's radius set.
// One section per target lookup: the first link to it wins.
import type { AnyLookup, AnyOperation, GeoPoint, LookupId } from '../../lookups/define-lookup.ts';
import { linksFrom, lookupLinks, type LookupLink } from '../../lookups/links.ts';
import { linkValues, withRadius } from '../../lookups/follow-link.ts';

/** One of a dossier's queries as the page sends it (its section), a server job or a watchlist. */
export interface DossierQuery {
  lookup: AnyLookup;
  operation: AnyOperation;
  values: Record<string, string>;
}

export interface DossierTarget {
  link: LookupLink;
  /** The target's form values (the text each control holds). */
  values: Record<string, string>;
}

function oncePerTarget(targets: readonly DossierTarget[]): DossierTarget[] {
  const seen = new Set<string>();
  return targets.filter(({ link }) => (seen.has(link.to) ? false : (seen.add(link.to), true)));
}

/** The targets one record of a lookup feeds; a link whose value the record lacks is left out. */
export function recordTargets(from: LookupId, operation: AnyOperation, record: unknown, radiusMetres: number): DossierTarget[] {
  return oncePerTarget(
    linksFrom(from, operation.id).flatMap((link) => {
      const values = linkValues(link, operation, record);
      return values && link.to !== from ? [{ link, values: withRadius(link, values, radiusMetres) }] : [];
    }),
  );
}

/** The targets a bare point feeds: the links that read nothing but a record's point. */
export function pointTargets(point: GeoPoint, radiusMetres: number): DossierTarget[] {
  const source = { adapters: { point: () => point } } as unknown as AnyOperation;
  const pointOnly = lookupLinks.filter((link) => Object.values(link.fill).every((fill) => !('field' in fill)));
  return oncePerTarget(
    pointOnly.flatMap((link) => {
      const values = linkValues(link, source, {});
      return values ? [{ link, values: withRadius(link, values, radiusMetres) }] : [];
    }),
  );
}
