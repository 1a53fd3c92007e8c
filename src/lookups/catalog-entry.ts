// What the catalog page shows and searches of a lookup. The catalog is generated from the registry
// at build time (src/server/catalog-plugin.ts), so the first page downloads these facts (keywords
// included) and not the twenty definitions with their zod schemas.
import type { LookupDefinition, Operation } from './define-lookup.ts';

export type CatalogEntry = Pick<LookupDefinition, 'id' | 'slug' | 'title' | 'catalog'> & {
  /** The definition's search keywords and synonyms; [] when it has none. */
  keywords: readonly string[];
  operations: ReadonlyArray<Pick<Operation, 'id' | 'label' | 'method' | 'path'>>;
};

export function toCatalogEntry(lookup: LookupDefinition): CatalogEntry {
  const { id, slug, title, catalog, operations, keywords = [] } = lookup;
  return {
    id,
    slug,
    title,
    catalog,
    keywords: [...keywords],
    operations: operations.map(({ id: opId, label, method, path }) => ({ id: opId, label, method, path })),
  };
}
