// What the history needs to know of a lookup, without the registry: the build-time catalog (slug,
// title, operation labels) and, when an answer is read, that one lookup's definition, loaded alone
// (a page of the explorer never builds the other nineteen definitions' schemas).
import { catalogEntries } from 'virtual:lookup-catalog';
import type { AnyLookup, LookupId } from '../../lookups/define-lookup.ts';
import type { CatalogEntry } from '../../lookups/catalog-entry.ts';
import { loadLookupBySlug } from '../../lookups/lookup-loaders.ts';

const byId = new Map<string, CatalogEntry>(catalogEntries.map((entry) => [entry.id, entry]));

/** The catalog facts of a registered lookup (undefined for an id no longer registered). */
export function catalogEntryOf(id: LookupId): CatalogEntry | undefined {
  return byId.get(id);
}

/** Every lookup of the catalog, in its order. */
export const catalogLookups: readonly CatalogEntry[] = catalogEntries;

/** The lookup's definition, loaded on its own. */
export async function loadDefinition(id: LookupId): Promise<AnyLookup | undefined> {
  const entry = byId.get(id);
  return entry ? loadLookupBySlug(entry.slug) : undefined;
}
