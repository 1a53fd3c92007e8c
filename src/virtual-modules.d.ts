// Modules made at build time by Vite plugins (src/server/catalog-plugin.ts).
declare module 'virtual:lookup-catalog' {
  import type { CatalogEntry } from './lookups/catalog-entry.ts';

  export const catalogEntries: readonly CatalogEntry[];
}
