// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lookupPages, routeChunkGroup, routeHtmlPlugin, routePreloads, slugOfDefinition, staticClosure, withPreloads, type BundleLike } from './route-html-plugin.ts';

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
    expect(routePreloads(bundle)).toEqual({ scripts: ['assets/lookup-page.js', 'assets/zod.js'], styles: ['assets/lookup-page.css'], run: ['assets/lookup-page.js'] });
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
    'assets/i-currency.js': chunk('assets/i-currency.js', { moduleIds: ['/app/src/lookups/i-currency-timeseries.ts'], imports: ['assets/zod.js', 'assets/window.js'] }),
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
    ['/app/src/app/lookup-page.tsx', { isEntry: false, importedIds: ['/app/src/form/form.tsx', '/app/node_modules/react/index.js'], dynamicImporters: [] }],
    ['/app/src/form/form.tsx', { isEntry: false, importedIds: ['/app/node_modules/zod/index.js', '/app/node_modules/react/index.js'], dynamicImporters: [] }],
    ['/app/node_modules/zod/index.js', { isEntry: false, importedIds: [], dynamicImporters: [] }],
  ]);
  const moduleGraph = { getModuleIds: () => graph.keys(), getModuleInfo: (id: string) => graph.get(id) ?? null };

  it('staticClosure follows static imports only', () => {
    expect(staticClosure(moduleGraph, ['/app/src/app/main.tsx'])).toEqual(new Set(['/app/src/app/main.tsx', '/app/node_modules/react/index.js']));
  });

  it('captures what the route loads beyond the entry, but not the route module itself nor the entry’s modules', () => {
    const plugin = routeHtmlPlugin();
    (plugin.buildEnd as (this: typeof moduleGraph) => void).call(moduleGraph);
    expect(['/app/src/form/form.tsx', '/app/node_modules/zod/index.js'].every(routeChunkGroup.test)).toBe(true);
    expect(['/app/src/app/lookup-page.tsx', '/app/node_modules/react/index.js', '/app/src/app/main.tsx'].some(routeChunkGroup.test)).toBe(false);
    expect(routeChunkGroup.includeDependenciesRecursively).toBe(false);
  });
});
