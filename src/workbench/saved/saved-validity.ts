// Whether a saved query still runs: its lookup and operation exist and its query string passes the
// lookup's own params schema, exactly as the lookup page would parse it (url-state's parseUrlQuery),
// so a query saved before a definition changed is listed with the field message the form would show.
// The caller hands over the definition (a page loads only the definitions it shows).
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import { COLUMNS_KEY, parseUrlQuery, SENT_KEY, SORT_KEY, VIEW_KEY } from '../../form/url-state.ts';
import { validateValues } from '../../form/validate-values.ts';
import type { SavedQuery } from './saved-store.ts';

const RESERVED_VIEW_KEYS: ReadonlySet<string> = new Set([VIEW_KEY, SORT_KEY, COLUMNS_KEY, SENT_KEY]);

export type SavedValidity =
  | { ok: true; lookup: AnyLookup; operation: AnyOperation }
  | { ok: false; lookup?: AnyLookup; problems: string[] };

/** Checks a saved query against its lookup's definition (`lookup`: undefined when no lookup has its id). */
export function checkSavedQuery(
  query: Pick<SavedQuery, 'lookupId' | 'operationId' | 'search'>,
  lookup: AnyLookup | undefined,
): SavedValidity {
  if (!lookup || lookup.id !== query.lookupId) return { ok: false, problems: [`lookup ${query.lookupId} does not exist`] };
  const operation = lookup.operations.find((candidate) => candidate.id === query.operationId);
  if (!operation) return { ok: false, lookup, problems: [`${lookup.id} has no operation “${query.operationId}”`] };
  const parsed = parseUrlQuery(lookup, query.search);
  if (parsed.operation !== operation)
    return { ok: false, lookup, problems: [`the query is for operation “${parsed.operation.id}”, not “${operation.id}”`] };
  if (!parsed.sent) {
    // Opened, it would show a fresh form rather than run: say what the form would ask for.
    const blank = validateValues(operation, {});
    return {
      ok: false,
      lookup,
      problems: blank.ok ? ['the query holds no parameters'] : [...Object.values(blank.errors.fields), ...blank.errors.form],
    };
  }
  if (parsed.urlErrors) return { ok: false, lookup, problems: [...Object.values(parsed.urlErrors.fields), ...parsed.urlErrors.form] };
  return { ok: true, lookup, operation };
}

/** The lookup page a saved query opens, with its query. */
export function savedQueryHref(slug: string, query: Pick<SavedQuery, 'search'>): string {
  return `/lookups/${slug}${query.search}`;
}

/** A query string's values in words: `movie_id=550 · language=en-US` (the view keys left out). */
export function describeSearch(search: string): string {
  const pairs = [...new URLSearchParams(search)].filter(([name]) => !RESERVED_VIEW_KEYS.has(name));
  return pairs.map(([name, value]) => (value === '' ? name : `${name}=${value}`)).join(' · ');
}
