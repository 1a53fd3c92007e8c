// What the catalog page shows of a lookup. The catalog is generated from the registry at build
// time (src/server/catalog-plugin.ts), so the first page downloads these facts and not the twenty
// definitions with their zod schemas.
import type { LookupDefinition, Operation } from './define-lookup.ts';

export type CatalogEntry = Pick<LookupDefinition, 'id' | 'slug' | 'title' | 'catalog'> & {
  operations: ReadonlyArray<Pick<Operation, 'id' | 'label' | 'method' | 'path'>>;
};

export function toCatalogEntry(lookup: LookupDefinition): CatalogEntry {
  const { id, slug, title, catalog, operations } = lookup;
  return { id, slug, title, catalog, operations: operations.map(({ id: opId, label, method, path }) => ({ id: opId, label, method, path })) };
}
