import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lookupServerPlugin } from './src/server/vite-plugin.ts';
import { lookupCatalogPlugin } from './src/server/catalog-plugin.ts';
import { routeChunkGroup, routeHtmlPlugin } from './src/server/route-html-plugin.ts';

export default defineConfig({
  plugins: [react(), lookupCatalogPlugin(), lookupServerPlugin(), routeHtmlPlugin()],
  server: { port: 5173, strictPort: false },
  preview: { port: Number(process.env.PORT ?? 4173), host: process.env.HOST ?? '127.0.0.1' },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // Every browser the build targets but Safari 16 supports <link rel="modulepreload">; there it
    // only loses the head start. The polyfill cost every page 0.4 kB gzip before its first paint.
    modulePreload: { polyfill: false },
    // The lookup route's own code in one chunk instead of twenty small ones (route-html-plugin.ts).
    rolldownOptions: { output: { codeSplitting: { groups: [routeChunkGroup] } } },
  },
});
