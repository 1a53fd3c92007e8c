// Serves `virtual:lookup-catalog`: the catalog facts of every lookup, taken from the registry when
// the app is built. The registry is loaded through tsx (not imported), because Vite bundles this
// file into its config and the definitions must not be part of that bundle.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type * as CatalogEntryModule from '../lookups/catalog-entry.ts';
import type * as RegistryModule from '../lookups/registry.ts';

const ID = 'virtual:lookup-catalog';
const RESOLVED_ID = `\0${ID}`;

async function catalogSource(root: string): Promise<string> {
  const { tsImport } = await import('tsx/esm/api');
  const load = (file: string) => tsImport(pathToFileURL(join(root, file)).href, import.meta.url);
  const { allLookups } = (await load('src/lookups/registry.ts')) as typeof RegistryModule;
  const { toCatalogEntry } = (await load('src/lookups/catalog-entry.ts')) as typeof CatalogEntryModule;
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
      return id === ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      return id === RESOLVED_ID ? catalogSource(root) : undefined;
    },
  };
}
