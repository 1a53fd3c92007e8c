// Serves `virtual:lookup-catalog`: the catalog facts of every lookup, taken from the registry when
// the app is built; and `virtual:lookup-search-fields`: the words of each lookup's field names,
// which the catalog's search loads on its own (a lazy import), so the first page does not carry them. The registry is loaded through tsx (not imported), because Vite bundles this
// file into its config and the definitions must not be part of that bundle.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type * as CatalogSourceModule from '../lookups/catalog-source.ts';

const CATALOG_ID = 'virtual:lookup-catalog';
const FIELDS_ID = 'virtual:lookup-search-fields';
const RESOLVED = new Map([CATALOG_ID, FIELDS_ID].map((id) => [id, `\0${id}`]));

async function moduleSource(root: string, id: string): Promise<string> {
  const { tsImport } = await import('tsx/esm/api');
  const load = (file: string) => tsImport(pathToFileURL(join(root, file)).href, import.meta.url);
  const { allLookups, toCatalogEntry, toSearchFields } = (await load('src/lookups/catalog-source.ts')) as typeof CatalogSourceModule;
  if (id === FIELDS_ID)
    return `export const searchFields = ${JSON.stringify(Object.fromEntries(allLookups.map((lookup) => [lookup.id, toSearchFields(lookup)])))};\n`;
  return `export const catalogEntries = ${JSON.stringify(allLookups.map(toCatalogEntry))};\n`;
}

export function lookupCatalogPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'lookup-catalog',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return RESOLVED.get(id);
    },
    load(resolved) {
      const id = [...RESOLVED].find(([, value]) => value === resolved)?.[0];
      return id === undefined ? undefined : moduleSource(root, id);
    },
  };
}
