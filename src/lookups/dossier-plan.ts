// Which lookups a dossier runs, with what: every link from the anchor record (D's property → G, H,
// L, M, B), or every link a bare point can fill (B, L, M), each with the dossier's radius set.
// One section per target lookup: the first link to it wins. Pure: the page's dossier (app/dossier)
// and the MCP server's place_dossier tool (server/mcp) run the one plan.
import type { AnyLookup, AnyOperation, GeoPoint, LookupId, PageJump } from './define-lookup.ts';
import { linksFrom, lookupLinks, type LookupLink } from './links.ts';
import { linkValues, withRadius } from './follow-link.ts';
import { lookupBySlug } from './registry.ts';
import type { PagePlan } from './every-page.ts';

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

/** One section of a dossier: the lookup's query and why it is there (the link's label). */
export interface DossierSection extends DossierQuery {
  reason: string;
}

/** The targets as sections: each link's lookup and operation with the target's values; a link to no known lookup is left out. */
export function targetSections(targets: readonly DossierTarget[]): DossierSection[] {
  return targets.flatMap(({ link, values }) => {
    const lookup = lookupBySlug(link.to.toLowerCase()) ?? undefined;
    const operation = lookup?.operations.find((candidate) => candidate.id === (link.toOperation ?? lookup.operations[0].id));
    return lookup && operation ? [{ lookup, operation, values, reason: link.label }] : [];
  });
}

/** The most records a dossier fetches on its own (docs/guide.md states it). */
export const DOSSIER_RECORD_CAP = 10_000;

/** Whether every page may be fetched without asking: free calls, and no more records than the cap. */
export function fetchesUnasked(plan: PagePlan, pageRecords: number, free: boolean, cap = DOSSIER_RECORD_CAP): boolean {
  const expected = plan.total ?? plan.last * pageRecords;
  return free && plan.covered === plan.last && expected <= cap;
}

const count = (value: number) => value.toLocaleString('en-US');

/** The label of an answer that holds one page: "page 1 of 3 (50 of 145 records)". */
export function partialLabel(jump: Pick<PageJump, 'page' | 'last'>, shown: number, total: number | undefined): string {
  const of = total === undefined ? `${count(shown)} records on this page` : `${count(shown)} of ${count(total)} records`;
  return `page ${count(jump.page)} of ${count(jump.last)} (${of})`;
}
