// What the catalog page shows and searches of a lookup. The catalog is generated from the registry
// at build time (src/server/catalog-plugin.ts), so the first page downloads these facts (keywords
// included) and not the twenty definitions with their zod schemas.
import { z } from 'zod';
import type { LookupDefinition, Operation } from './define-lookup.ts';
import { paramWidgets } from './param.ts';
import type { ParamWidgets } from './describe-query.ts';

export type CatalogEntry = Pick<LookupDefinition, 'id' | 'slug' | 'title' | 'catalog'> & {
  /** The definition's search keywords and synonyms; [] when it has none. */
  keywords: readonly string[];
  /** `widgets`: each parameter's kind, so a query can be put in words (describeQuery) without the definition. */
  operations: ReadonlyArray<Pick<Operation, 'id' | 'label' | 'method' | 'path'> & { widgets: ParamWidgets }>;
};

export function toCatalogEntry(lookup: LookupDefinition): CatalogEntry {
  const { id, slug, title, catalog, operations, keywords = [] } = lookup;
  return {
    id,
    slug,
    title,
    catalog,
    keywords: [...keywords],
    operations: operations.map(({ id: opId, label, method, path, params }) => ({
      id: opId,
      label,
      method,
      path,
      widgets: paramWidgets(params),
    })),
  };
}

/** Every property name of a JSON Schema, at any depth. */
function propertyNames(node: unknown, names: Set<string>): void {
  if (Array.isArray(node)) for (const item of node) propertyNames(item, names);
  else if (node && typeof node === 'object') {
    const { properties } = node as { properties?: unknown };
    if (properties && typeof properties === 'object') for (const name of Object.keys(properties)) names.add(name);
    for (const value of Object.values(node)) propertyNames(value, names);
  }
}

/**
 * The words of a lookup's field names, its parameters' and its responses' (`emailAddress` and
 * `traffic_rank` give email, address, traffic, rank), and its HTTP methods (get, post), lowercase,
 * each once, space-separated: the
 * compact index the catalog's search loads apart from the first page (virtual:lookup-search-fields),
 * made at build time so the browser never downloads a schema for it. One-letter words are left out.
 */
export function toSearchFields(lookup: LookupDefinition): string {
  const names = new Set<string>();
  for (const operation of lookup.operations) {
    names.add(operation.method);
    for (const name of Object.keys(operation.params.shape)) names.add(name);
    propertyNames(z.toJSONSchema(operation.response, { unrepresentable: 'any' }), names);
  }
  const words = [...names].flatMap(
    (name) =>
      name
        .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [],
  );
  return [...new Set(words.filter((word) => word.length > 1))].join(' ');
}
