// Unit and component tests; kept apart from vite.config.ts so tests never boot the proxy plugin.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lookupCatalogPlugin } from './src/server/catalog-plugin.ts';

export default defineConfig({
  plugins: [react(), lookupCatalogPlugin()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    css: false,
    testTimeout: 15000,
  },
});
