import type { CatalogEntry } from '../lookups/catalog-entry.ts';

/** The text a catalog filter searches: letter, title, catalog facts and paths. */
export function catalogText(lookup: CatalogEntry): string {
  const { subject, coverage, version, price, trial } = lookup.catalog;
  const paths = lookup.operations.map((operation) => `${operation.method} ${operation.path}`);
  return [lookup.id, lookup.title, subject, coverage, version, price, trial, ...paths].join(' ').toLowerCase();
}

/** Lookups whose text holds every word of the query (case-insensitive, any order). */
export function filterCatalog(lookups: readonly CatalogEntry[], query: string): CatalogEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...lookups];
  // A lone letter names a lookup exactly ("b" finds B, not every title with a b).
  if (words.length === 1 && /^[a-t]$/.test(words[0]!)) {
    const exact = lookups.filter((lookup) => lookup.slug === words[0]);
    if (exact.length > 0) return exact;
  }
  return lookups.filter((lookup) => {
    const text = catalogText(lookup);
    return words.every((word) => text.includes(word));
  });
}
