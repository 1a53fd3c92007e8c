// Unit and component tests; kept apart from vite.config.ts so tests never boot the proxy plugin.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { lookupCatalogPlugin } from './src/server/catalog-plugin.ts';

// From Node 25 Node has a `localStorage` of its own (undefined without --localstorage-file) that
// hides jsdom's; component tests need jsdom's, so Node's is switched off where it exists.
const nodeMajor = Number(process.versions.node.split('.')[0]);
const execArgv = nodeMajor >= 22 ? ['--no-experimental-webstorage'] : [];

// Files that take minutes (the scaffold's test typechecks and tests a copy of the checkout) start
// first, so the other worker runs the rest beside them instead of waiting for them at the end.
const LONG_FILES = ['scripts/new-lookup.test.ts'];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (file: TestSpecification) => LONG_FILES.some((name) => file.moduleId.endsWith(`/${name}`));
    return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))];
  }
}

export default defineConfig({
  plugins: [react(), lookupCatalogPlugin()],
  test: {
    // Two environments (ADR 034): components (.tsx) run in jsdom; every other test in Node's, which
    // starts in a fraction of jsdom's time. A .ts test that needs a DOM (storage, IndexedDB, events,
    // markup) says so on its first line: `// @vitest-environment jsdom`.
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'] },
      },
      { extends: true, test: { name: 'dom', environment: 'jsdom', include: ['src/**/*.test.tsx'] } },
    ],
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, leaving a core
    // idle while tests wait on servers, Redis and child processes. At least two keep both busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongFilesFirst },
    setupFiles: ['src/test-setup.ts'],
    css: false,
    testTimeout: 15000,
    // A bound on waiting for a condition, not a claim on speed (see src/test-setup.ts).
    expect: { poll: { timeout: 10_000 } },
    execArgv,
  },
});
