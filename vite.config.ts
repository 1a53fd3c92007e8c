import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lookupServerPlugin } from './src/server/vite-plugin.ts';
import { lookupCatalogPlugin } from './src/server/catalog-plugin.ts';
import { routeChunkGroup, routeHtmlPlugin } from './src/server/route-html-plugin.ts';
import { mcpAppBuildPlugin } from './src/server/mcp-app-plugin.ts';

/**
 * The header's `import('../lookups/wire.ts')` (api/lookup-config-query.ts) moves nothing into a chunk
 * of its own, as Rolldown says: wire.ts is in the lookup route's chunk. It is there to defer, not
 * to split: the catalog loads that chunk (zod with it) only when the header fetches the lookup
 * configuration, after its first paint; a static import would put both in the first page. Any
 * other ineffective dynamic import is still reported.
 */
function deliberateDeferral(log: { code?: string; message: string }): boolean {
  return (
    log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' &&
    log.message.includes('src/lookups/wire.ts is dynamically imported by src/api/lookup-config-query.ts but')
  );
}

export default defineConfig({
  // mcpAppBuildPlugin: the MCP Apps views, a build of their own after the app's (dist/mcp-app/app.html).
  plugins: [react(), lookupCatalogPlugin(), lookupServerPlugin(), routeHtmlPlugin(), mcpAppBuildPlugin()],
  server: { port: 5173, strictPort: false },
  preview: { port: Number(process.env.PORT ?? 4173), host: process.env.HOST ?? '127.0.0.1' },
  build: {
    sourcemap: false,
    // What a page may weigh is guarded by its budget, not by this warning: gzip of everything a page
    // loads before its first paint (first page 100 kB, lookup pages 150 kB) and the map chunk
    // (90 kB), in bench/page-budgets.ts, checked by e2e/page-weight.spec.ts on every build. No chunk
    // those pages load comes near this limit (the largest, 280 kB, is 74 kB gzip). The one chunk
    // above 400 kB is demo/demo-streets.ts (about 810 kB: faker's street names in seven languages,
    // the same the demo's addresses use), which only a demo answer's map loads, at city zoom with no
    // tiles, long after the page. The limit sits above it, so a chunk larger still is reported.
    chunkSizeWarningLimit: 900,
    // Every browser the build targets but Safari 16 supports <link rel="modulepreload">; there it
    // only loses the head start. The polyfill cost every page 0.4 kB gzip before its first paint.
    modulePreload: { polyfill: false },
    // The lookup route's own code in one chunk instead of twenty small ones (route-html-plugin.ts).
    rolldownOptions: {
      output: { codeSplitting: { groups: [routeChunkGroup] } },
      onLog(level, log, handler) {
        if (deliberateDeferral(log)) return;
        handler(level, log);
      },
    },
  },
});
