// Adds to index.html the catalog page's chunk (a modulepreload and a module script: the catalog is
// its own chunk, so that lookup pages do not carry it). Builds a second page, `lookup.html`: the app's index.html plus `<link rel="modulepreload">` for
// the lookup page's chunks (and a preload of their CSS), and one page per lookup,
// `lookups/<slug>.html`, which also preloads that lookup's definition. The production server sends
// them for /lookups/* URLs, so a lookup page starts downloading its code while the HTML is parsed
// instead of after the entry has run and the router has matched: the page's largest paint comes
// ~1 s sooner on a throttled mobile profile. The page chunk and the definition are also module
// scripts of their own, evaluated right after the entry and before the app's first render, not
// in a long task after the first paint. No inline script, so the CSP stays `script-src 'self'`.
//
// It also gathers what the lookup route needs beyond the entry into one chunk (routeChunkGroup):
// left to the bundler, the page's code came in some twenty small shared chunks, and on HTTP/1.1's
// six connections a slow link pays a round trip per few of them before the page can render.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The page the server sends for a lookup route, beside index.html in the build. */
export const LOOKUP_HTML = 'lookup.html';
/** The module whose chunk (and what it imports statically) a lookup route needs first. */
const ROUTE_MODULE = 'src/app/lookup-page.tsx';
/** The catalog's page: a chunk of its own (no lookup page loads it) that index.html preloads and runs. */
const CATALOG_MODULE = 'src/app/catalog-page.tsx';
/** The module that imports each definition on its own; its dynamic imports are the definitions. */
const LOADERS_MODULE = 'src/lookups/lookup-loaders.ts';
/** Where the per-lookup pages go in the build: `lookups/<slug>.html`, served for `/lookups/<slug>`. */
export const LOOKUP_PAGES_DIR = 'lookups';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  moduleIds?: readonly string[];
  viteMetadata?: { importedCss: ReadonlySet<string> };
}
interface AssetLike {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
export type BundleLike = Record<string, ChunkLike | AssetLike>;

/**
 * What a route's page fetches early: `scripts` to preload, `styles` to preload, and of the scripts
 * those to `run` as module scripts beside the entry, so that they are evaluated before the app's
 * first render instead of in a long task after its first paint (the router's import() then finds
 * them evaluated and renders the page at once).
 */
export interface Preloads {
  scripts: string[];
  styles: string[];
  run: string[];
}

const NO_PRELOADS: Preloads = { scripts: [], styles: [], run: [] };

/** The chunks `fileNames` need beyond the entry: themselves, their static imports, their CSS; `fileNames` are run. */
export function chunkPreloads(bundle: BundleLike, fileNames: readonly string[]): Preloads {
  const entry = Object.values(bundle).find((item): item is ChunkLike => item.type === 'chunk' && item.isEntry);
  if (!entry) return NO_PRELOADS;
  const loadedByEntry = new Set([entry.fileName, ...entry.imports]);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (loadedByEntry.has(fileName) || scripts.has(fileName) || chunk?.type !== 'chunk') return;
    scripts.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    chunk.imports.forEach(visit);
  };
  fileNames.forEach(visit);
  return { scripts: [...scripts], styles: [...styles], run: fileNames.filter((fileName) => scripts.has(fileName)) };
}

const chunkOf = (bundle: BundleLike, moduleId: string) =>
  Object.values(bundle).find(
    (item): item is ChunkLike =>
      item.type === 'chunk' && !!item.facadeModuleId && item.facadeModuleId.replaceAll('\\', '/').endsWith(moduleId),
  );

/** The files a lookup route needs beyond the entry: the page chunk, its static imports, their CSS. */
export function routePreloads(bundle: BundleLike, routeModule = ROUTE_MODULE): Preloads {
  const page = chunkOf(bundle, routeModule);
  return page ? chunkPreloads(bundle, [page.fileName]) : NO_PRELOADS;
}

/**
 * The slug a definition module serves, read from its file name as the registry names them
 * (`src/lookups/i-currency-timeseries.ts` is `i`); undefined for any other name.
 */
export function slugOfDefinition(moduleId: string): string | undefined {
  return /\/([a-z0-9]+)-[^/]*\.tsx?$/.exec(moduleId.replaceAll('\\', '/'))?.[1];
}

/**
 * One page per lookup, `lookups/<slug>.html`: lookup.html's preloads plus that lookup's definition
 * chunk (which the router would otherwise ask for only once the entry has run).
 */
export function lookupPages(bundle: BundleLike, definitionModules: ReadonlySet<string>, routeModule = ROUTE_MODULE): Map<string, Preloads> {
  const pages = new Map<string, Preloads>();
  const page = chunkOf(bundle, routeModule);
  if (!page) return pages;
  // Rolldown makes a definition's chunk an ordinary one (no facade), so it is found by its modules.
  for (const item of Object.values(bundle)) {
    if (item.type !== 'chunk') continue;
    for (const moduleId of item.moduleIds ?? []) {
      const slug = definitionModules.has(moduleId) ? slugOfDefinition(moduleId) : undefined;
      if (slug) pages.set(slug, chunkPreloads(bundle, [page.fileName, item.fileName]));
    }
  }
  return pages;
}

/** index.html with the preload links and module scripts placed just before `</head>`. */
export function withPreloads(html: string, base: string, preloads: Preloads): string {
  const links = [
    ...preloads.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
    ...preloads.styles.map((file) => `<link rel="preload" as="style" crossorigin href="${base}${file}">`),
    ...preloads.run.map((file) => `<script type="module" crossorigin src="${base}${file}"></script>`),
  ];
  return links.length === 0
    ? html
    : html.replace(/([ \t]*)<\/head>/, (closing, indent: string) => `${indent}  ${links.join(`\n${indent}  `)}\n${closing}`);
}

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;
}

/** Every module `roots` reach through static imports, the roots included. */
export function staticClosure(graph: ModuleGraph, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The modules the lookup route loads beyond the entry's: the route module's static closure minus
 * the entry's (so the catalog loads nothing more) and minus the route module itself. Filled once
 * the module graph is known.
 */
const routeOnlyModules = new Set<string>();

/**
 * A code-splitting group (build.rolldownOptions.output.codeSplitting.groups) that puts those modules
 * in one chunk. Lazy chunks that need some of them (a definition, the bulk page) load it whole:
 * on a lookup page it is already there. Their dependencies are never pulled in: they belong to
 * the entry or to the route already.
 */
export const routeChunkGroup = {
  name: 'lookup-route',
  test: (id: string) => routeOnlyModules.has(id),
  includeDependenciesRecursively: false,
};

export function routeHtmlPlugin(): Plugin {
  let base = '/';
  let definitionModules = new Set<string>();
  return {
    name: 'lookup-route-html',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const route = ids.find((id) => id.replaceAll('\\', '/').endsWith(ROUTE_MODULE));
      const loaders = ids.find((id) => id.replaceAll('\\', '/').endsWith(LOADERS_MODULE));
      definitionModules = new Set(ids.filter((id) => loaders && this.getModuleInfo(id)?.dynamicImporters.includes(loaders)));
      routeOnlyModules.clear();
      if (!route) return;
      const catalog = ids.find((id) => id.replaceAll('\\', '/').endsWith(CATALOG_MODULE));
      // What the first page loads (the entry and the catalog's chunk) stays out of the group, so
      // the catalog never pulls in the lookup route's chunk for a module the two share.
      const loadedByEntry = staticClosure(this, [...entries.filter((id) => id !== route), ...(catalog ? [catalog] : [])]);
      // The route module keeps its own chunk: that is the one the router imports and preloads start from.
      for (const id of staticClosure(this, [route])) if (id !== route && !loadedByEntry.has(id)) routeOnlyModules.add(id);
    },
    async writeBundle(options, bundle) {
      const index = bundle['index.html'];
      if (!options.dir || index?.type !== 'asset') return;
      const html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
      await writeFile(join(options.dir, LOOKUP_HTML), withPreloads(html, base, routePreloads(bundle)));
      await mkdir(join(options.dir, LOOKUP_PAGES_DIR), { recursive: true });
      for (const [slug, preloads] of lookupPages(bundle, definitionModules))
        await writeFile(join(options.dir, LOOKUP_PAGES_DIR, `${slug}.html`), withPreloads(html, base, preloads));
      // Last: the lookup pages above are made from index.html as Vite wrote it, without the catalog.
      await writeFile(join(options.dir, 'index.html'), withPreloads(html, base, routePreloads(bundle, CATALOG_MODULE)));
    },
  };
}
