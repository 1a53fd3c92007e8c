// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { routePreloads, withPreloads, type BundleLike } from './route-html-plugin.ts';

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
    expect(routePreloads(bundle)).toEqual({ scripts: ['assets/lookup-page.js', 'assets/zod.js'], styles: ['assets/lookup-page.css'] });
  });

  it('lists nothing when the build has no lookup page', () => {
    const { ['assets/lookup-page.js']: _page, ...withoutPage } = bundle;
    expect(routePreloads(withoutPage)).toEqual({ scripts: [], styles: [] });
  });
});

describe('withPreloads', () => {
  it('puts one link per file before </head>, with the base path', () => {
    const html = withPreloads('<html>\n  <head>\n    <title>x</title>\n  </head>\n</html>', '/', routePreloads(bundle));
    expect(html).toBe(
      '<html>\n  <head>\n    <title>x</title>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/lookup-page.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/zod.js">\n' +
        '    <link rel="preload" as="style" href="/assets/lookup-page.css">\n' +
        '  </head>\n</html>',
    );
  });

  it('leaves the page alone when there is nothing to preload', () => {
    expect(withPreloads('<head></head>', '/', { scripts: [], styles: [] })).toBe('<head></head>');
  });
});
