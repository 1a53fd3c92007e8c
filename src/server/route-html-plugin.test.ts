// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  lookupPages,
  routeChunkGroup,
  routeHtmlPlugin,
  routePreloads,
  slugOfDefinition,
  staticClosure,
  withPreloads,
  type BundleLike,
} from './route-html-plugin.ts';

const chunk = (fileName: string, extra: Partial<BundleLike[string] & { type: 'chunk' }> = {}) =>
  ({ type: 'chunk', fileName, isEntry: false, facadeModuleId: null, imports: [], ...extra }) as const;

const bundle: BundleLike = {
  'assets/index.js': chunk('assets/index.js', { isEntry: true, facadeModuleId: '/app/index.html', imports: ['assets/react.js'] }),
  'assets/react.js': chunk('assets/react.js'),
  'assets/lookup-page.js': chunk('assets/lookup-page.js', {
    facadeModuleId: '/app/src/app/lookup-page.tsx',
    imports: ['assets/react.js', 'assets/zod.js'],
    viteMetadata: { importedCss: new Set(['assets/lookup-page.css']) },
  }),
  'assets/zod.js': chunk('assets/zod.js', { imports: ['assets/react.js'] }),
  'assets/map.js': chunk('assets/map.js', { facadeModuleId: '/app/src/map/results-map.tsx' }),
  'index.html': { type: 'asset', fileName: 'index.html', source: '<html>\n  <head>\n    <title>x</title>\n  </head>\n</html>' },
};

describe('routePreloads', () => {
  it('lists the lookup page chunk and its static imports, not what the entry loads nor lazy chunks', () => {
    expect(routePreloads(bundle)).toEqual({
      scripts: ['assets/lookup-page.js', 'assets/zod.js'],
      styles: ['assets/lookup-page.css'],
      run: ['assets/lookup-page.js'],
    });
  });

  it('lists nothing when the build has no lookup page', () => {
    const { ['assets/lookup-page.js']: _page, ...withoutPage } = bundle;
    expect(routePreloads(withoutPage)).toEqual({ scripts: [], styles: [], run: [] });
  });
});

describe('withPreloads', () => {
  it('puts one link per file before </head>, with the base path', () => {
    const html = withPreloads('<html>\n  <head>\n    <title>x</title>\n  </head>\n</html>', '/', routePreloads(bundle));
    expect(html).toBe(
      '<html>\n  <head>\n    <title>x</title>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/lookup-page.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/zod.js">\n' +
        '    <link rel="preload" as="style" crossorigin href="/assets/lookup-page.css">\n' +
        '    <script type="module" crossorigin src="/assets/lookup-page.js"></script>\n' +
        '  </head>\n</html>',
    );
  });

  it('leaves the page alone when there is nothing to preload', () => {
    expect(withPreloads('<head></head>', '/', { scripts: [], styles: [], run: [] })).toBe('<head></head>');
  });
});

describe('lookupPages', () => {
  const withDefinitions: BundleLike = {
    ...bundle,
    'assets/i-currency.js': chunk('assets/i-currency.js', {
      moduleIds: ['/app/src/lookups/i-currency-timeseries.ts'],
      imports: ['assets/zod.js', 'assets/window.js'],
    }),
    'assets/window.js': chunk('assets/window.js'),
    'assets/xml.js': chunk('assets/xml.js', { facadeModuleId: '/app/src/lookups/xml.ts', moduleIds: ['/app/src/lookups/xml.ts'] }),
  };

  it('gives each definition the route’s preloads plus its own chunk and imports', () => {
    const pages = lookupPages(withDefinitions, new Set(['/app/src/lookups/i-currency-timeseries.ts', '/app/src/lookups/xml.ts']));
    expect([...pages.keys()]).toEqual(['i']);
    expect(pages.get('i')).toEqual({
      scripts: ['assets/lookup-page.js', 'assets/zod.js', 'assets/i-currency.js', 'assets/window.js'],
      styles: ['assets/lookup-page.css'],
      run: ['assets/lookup-page.js', 'assets/i-currency.js'],
    });
  });

  it('makes no page for a chunk that is not a definition the loaders import', () => {
    expect(lookupPages(withDefinitions, new Set()).size).toBe(0);
  });
});

describe('slugOfDefinition', () => {
  it('reads the slug from a definition file name, on any platform', () => {
    expect(slugOfDefinition('/app/src/lookups/i-currency-timeseries.ts')).toBe('i');
    expect(slugOfDefinition('C:\\app\\src\\lookups\\l-crime-incidents.ts')).toBe('l');
    expect(slugOfDefinition('/app/src/lookups/xml.ts')).toBeUndefined();
  });
});

describe('the lookup route chunk', () => {
  // entry → react; entry ⇢ page (dynamic); page → form → zod, page → react; form → react.
  const graph = new Map([
    ['/app/src/app/main.tsx', { isEntry: true, importedIds: ['/app/node_modules/react/index.js'], dynamicImporters: [] }],
    ['/app/node_modules/react/index.js', { isEntry: false, importedIds: [], dynamicImporters: [] }],
    [
      '/app/src/app/lookup-page.tsx',
      { isEntry: false, importedIds: ['/app/src/form/form.tsx', '/app/node_modules/react/index.js'], dynamicImporters: [] },
    ],
    [
      '/app/src/form/form.tsx',
      { isEntry: false, importedIds: ['/app/node_modules/zod/index.js', '/app/node_modules/react/index.js'], dynamicImporters: [] },
    ],
    ['/app/node_modules/zod/index.js', { isEntry: false, importedIds: [], dynamicImporters: [] }],
  ]);
  const moduleGraph = { getModuleIds: () => graph.keys(), getModuleInfo: (id: string) => graph.get(id) ?? null };

  it('staticClosure follows static imports only', () => {
    expect(staticClosure(moduleGraph, ['/app/src/app/main.tsx'])).toEqual(
      new Set(['/app/src/app/main.tsx', '/app/node_modules/react/index.js']),
    );
  });

  it('captures what the route loads beyond the entry, but not the route module itself nor the entry’s modules', () => {
    const plugin = routeHtmlPlugin();
    (plugin.buildEnd as (this: typeof moduleGraph) => void).call(moduleGraph);
    expect(['/app/src/form/form.tsx', '/app/node_modules/zod/index.js'].every(routeChunkGroup.test)).toBe(true);
    expect(['/app/src/app/lookup-page.tsx', '/app/node_modules/react/index.js', '/app/src/app/main.tsx'].some(routeChunkGroup.test)).toBe(
      false,
    );
    expect(routeChunkGroup.includeDependenciesRecursively).toBe(false);
  });

  it('leaves out what the catalog also loads, so the first page never pulls in the route’s chunk', () => {
    // The catalog (loaded lazily by the entry) shares the saved-queries list with the lookup page.
    const withCatalog = new Map<string, { isEntry: boolean; importedIds: string[]; dynamicImporters: string[] }>(graph);
    withCatalog.set('/app/src/app/catalog-page.tsx', {
      isEntry: false,
      importedIds: ['/app/src/workbench/saved/saved-place.tsx'],
      dynamicImporters: ['/app/src/app/main.tsx'],
    });
    withCatalog.set('/app/src/workbench/saved/saved-place.tsx', { isEntry: false, importedIds: [], dynamicImporters: [] });
    withCatalog.set('/app/src/app/lookup-page.tsx', {
      isEntry: false,
      importedIds: ['/app/src/form/form.tsx', '/app/src/workbench/saved/saved-place.tsx'],
      dynamicImporters: [],
    });
    const catalogGraph = { getModuleIds: () => withCatalog.keys(), getModuleInfo: (id: string) => withCatalog.get(id) ?? null };
    (routeHtmlPlugin().buildEnd as (this: typeof catalogGraph) => void).call(catalogGraph);
    expect(routeChunkGroup.test('/app/src/form/form.tsx')).toBe(true);
    expect(routeChunkGroup.test('/app/src/workbench/saved/saved-place.tsx')).toBe(false);
    expect(routeChunkGroup.test('/app/src/app/catalog-page.tsx')).toBe(false);
  });
});

describe('the pages written', () => {
  it('index.html preloads and runs the catalog’s chunk; the lookup pages do not load it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'route-html-'));
    try {
      const written: BundleLike = {
        ...bundle,
        'assets/catalog-page.js': chunk('assets/catalog-page.js', {
          facadeModuleId: '/app/src/app/catalog-page.tsx',
          imports: ['assets/react.js', 'assets/catalog-data.js'],
        }),
        'assets/catalog-data.js': chunk('assets/catalog-data.js'),
      };
      const plugin = routeHtmlPlugin();
      (plugin.configResolved as (config: { base: string }) => void)({ base: '/' });
      await (plugin.writeBundle as (options: { dir: string }, bundle: BundleLike) => Promise<void>)({ dir }, written);
      const index = readFileSync(join(dir, 'index.html'), 'utf8');
      expect(index).toContain('<link rel="modulepreload" crossorigin href="/assets/catalog-page.js">');
      expect(index).toContain('<link rel="modulepreload" crossorigin href="/assets/catalog-data.js">');
      expect(index).toContain('<script type="module" crossorigin src="/assets/catalog-page.js"></script>');
      expect(index).not.toContain('lookup-page.js');
      const lookup = readFileSync(join(dir, 'lookup.html'), 'utf8');
      expect(lookup).toContain('<script type="module" crossorigin src="/assets/lookup-page.js"></script>');
      expect(lookup).not.toContain('catalog');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
