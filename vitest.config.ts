// Unit and component tests; kept apart from vite.config.ts so tests never boot the proxy plugin.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lookupCatalogPlugin } from './src/server/catalog-plugin.ts';

// From Node 25 Node has a `localStorage` of its own (undefined without --localstorage-file) that
// hides jsdom's; component tests need jsdom's, so Node's is switched off where it exists.
const nodeMajor = Number(process.versions.node.split('.')[0]);
const execArgv = nodeMajor >= 22 ? ['--no-experimental-webstorage'] : [];

export default defineConfig({
  plugins: [react(), lookupCatalogPlugin()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    css: false,
    testTimeout: 15000,
    // A bound on waiting for a condition, not a claim on speed (see src/test-setup.ts).
    expect: { poll: { timeout: 10_000 } },
    execArgv,
  },
});
