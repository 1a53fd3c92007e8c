import type { CatalogEntry } from '../lookups/catalog-entry.ts';

/** Lowercase words of a text: letters and digits, everything else separates ("/v3/calls-for-service" → v3, calls, for, service). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** What a lookup is searched by: single words (prefix-matched) and keyword phrases. */
interface SearchIndex {
  words: readonly string[];
  phrases: ReadonlyArray<readonly string[]>;
}

/**
 * Letter, title and subject, plus the catalog facts and paths the cards show (so "US", "free" and
 * "/v3" keep finding what they name); keywords are phrases of their own.
 */
function indexOf(lookup: CatalogEntry): SearchIndex {
  const { subject, coverage, version, price, trial } = lookup.catalog;
  const paths = lookup.operations.map((operation) => operation.path);
  return {
    words: words([lookup.id, lookup.title, subject, coverage, version, price, trial, ...paths].join(' ')),
    phrases: lookup.keywords.map(words).filter((phrase) => phrase.length > 0),
  };
}

/**
 * Whether query words `run` begin a keyword phrase: every word but the last exactly, the last as a
 * prefix ("exchange r" begins "exchange rate"; "rate" alone does not, "exchange" alone does).
 */
function beginsPhrase(run: readonly string[], phrase: readonly string[]): boolean {
  if (run.length > phrase.length) return false;
  const last = run.length - 1;
  return run.every((word, index) => (index === last ? phrase[index]!.startsWith(word) : phrase[index] === word));
}

/** Each lookup's field-name words and HTTP methods (virtual:lookup-search-fields), space-separated, by lookup id. */
export type SearchFields = Readonly<Record<string, string>>;

/**
 * Whether every query word is matched: on its own, by a word of the lookup's text starting with
 * it, or by a word of `exact` (its field names and methods) whole or as its plural ("email" finds
 * `emails`; field names are many short words, so typing "pol" must not list every `policy`); or,
 * with its neighbours, by a keyword phrase they begin. Dynamic programming over the ways to cut
 * the query into such runs (queries are a few words long).
 */
function matches(index: SearchIndex, query: readonly string[], exact = ''): boolean {
  const reached = [true, ...query.map(() => false)];
  for (let start = 0; start < query.length; start++) {
    if (!reached[start]) continue;
    for (let end = start + 1; end <= query.length; end++) {
      const run = query.slice(start, end);
      const word = run[0]!;
      const single =
        run.length === 1 &&
        (index.words.some((known) => known.startsWith(word)) || ` ${exact} `.includes(` ${word} `) || ` ${exact} `.includes(` ${word}s `));
      if (single || index.phrases.some((phrase) => beginsPhrase(run, phrase))) reached[end] = true;
    }
  }
  return reached[query.length]!;
}

/**
 * Lookups matching every word of the query (case-insensitive, any order, each word a prefix):
 * against the letter, title, subject, catalog facts and paths, and the definition's keywords and
 * synonyms, a multi-word keyword ("exchange rate") matching as a phrase. Then, ranked after them,
 * the lookups found only with the help of a whole word of their field names or methods (`fields`,
 * loaded apart from the first page). Catalog order within each rank.
 */
export function filterCatalog(lookups: readonly CatalogEntry[], query: string, fields: SearchFields = {}): CatalogEntry[] {
  const terms = words(query);
  if (terms.length === 0) return [...lookups];
  // A lone letter names a lookup exactly ("b" finds B, not every title with a b): any id the
  // registry has, so a lookup added after T is found by its letter too.
  if (terms.length === 1) {
    const exact = lookups.filter((lookup) => lookup.id.toLowerCase() === terms[0]);
    if (exact.length > 0) return exact;
  }
  const named = lookups.filter((lookup) => matches(indexOf(lookup), terms));
  return [...named, ...lookups.filter((lookup) => !named.includes(lookup) && matches(indexOf(lookup), terms, fields[lookup.id]))];
}
