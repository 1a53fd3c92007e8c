// Modules made at build time by Vite plugins (src/server/catalog-plugin.ts).
declare module 'virtual:lookup-catalog' {
  import type { CatalogEntry } from './lookups/catalog-entry.ts';

  export const catalogEntries: readonly CatalogEntry[];
}

declare module 'virtual:lookup-search-fields' {
  /** Each lookup's field-name words, space-separated, by lookup id (toSearchFields). */
  export const searchFields: Readonly<Record<string, string>>;
}
