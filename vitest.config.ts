// Unit and component tests; kept apart from vite.config.ts so tests never boot the proxy plugin.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
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

const NODE_TESTS = ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'];

/** Every file under `dir` whose name ends in `ending` (`.test.ts`), as a path from the project's root. */
function testFilesUnder(dir: string, ending: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(ending) && !file.includes('node_modules'))
    .map((file) => join(dir, file));
}

// The Node tests share their worker's modules (decision 047): loading the registry, zod and the
// server's modules once per worker instead of once per file halves their time. A file that replaces
// a module, a global, an object's method or the clock, touches process.env or globalThis, or asks
// for a DOM, would leak that into the files after it: such a file (read here, by what it calls)
// gets a fresh module graph of its own, as every file did before.
const LEAKS_INTO_THE_NEXT_FILE =
  /\bvi\.(mock|doMock|stubGlobal|stubEnv|spyOn|useFakeTimers)\(|process\.env\.|globalThis\.|@vitest-environment jsdom/;
const leaksIntoTheNextFile = (file: string) => LEAKS_INTO_THE_NEXT_FILE.test(readFileSync(file, 'utf8'));
const isolatedNodeTests = ['src', 'scripts', 'bench'].flatMap((dir) => testFilesUnder(dir, '.test.ts')).filter(leaksIntoTheNextFile);

export default defineConfig({
  plugins: [react(), lookupCatalogPlugin()],
  test: {
    // Two environments (ADR 034): components (.tsx) run in jsdom; every other test in Node's, which
    // starts in a fraction of jsdom's time. A .ts test that needs a DOM (storage, IndexedDB, events,
    // markup) says so on its first line: `// @vitest-environment jsdom`.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: NODE_TESTS,
          exclude: [...configDefaults.exclude, ...isolatedNodeTests],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'node-isolated', environment: 'node', include: isolatedNodeTests } },
      // Components keep a module graph per file: their modules hold state (a download's progress,
      // a lazy chunk once loaded) that one file's test leaves behind for the next (decision 047).
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
