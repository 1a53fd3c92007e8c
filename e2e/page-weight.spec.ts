// The page-weight budgets (bench/page-budgets.ts) as part of the suite: every page of the build
// this suite serves (DIST_DIR, else dist/) weighed as the benchmark and the team's stop hook weigh
// it (gzip -9 of the scripts its HTML names), and the map chunk from the build's manifest (the
// suite builds with --manifest; a build without one is rebuilt with it into a temporary directory).
// Read from the files rather than from what Chromium fetches: a page fetches its after-paint chunks
// within the same moments, and a map offline fetches the country outline too, so a browser's count
// would depend on timing and the network, this one on the build alone.
import { rmSync } from 'node:fs';
import { allLookups } from '../src/lookups/registry.ts';
import { buildWithManifest, readManifest } from '../bench/build-manifest.ts';
import { budgetChecks, mapCheck, overBudget } from '../bench/page-budgets.ts';
import { expect, test } from './fixtures.ts';

const distDir = process.env.DIST_DIR || 'dist';

test('the first page, every lookup page and the map chunk are within their gzip budgets', () => {
  const manifest = readManifest(distDir);
  const checks = budgetChecks(distDir, manifest);
  if (!manifest) {
    test.slow();
    const built = buildWithManifest('page-weight-');
    try {
      checks.push(mapCheck(built, readManifest(built)!));
    } finally {
      rmSync(built, { recursive: true, force: true });
    }
  }
  // index.html, lookup.html, one page per lookup and the map chunk: none left unweighed.
  expect(checks.map(({ name }) => name).sort()).toEqual(
    [
      'first page, index.html',
      'lookup page, lookup.html',
      ...allLookups.map((lookup) => `lookup page, lookups/${lookup.slug}.html`),
      'map chunk (results map + Leaflet)',
    ].sort(),
  );
  const over = overBudget(checks);
  expect(over, `over budget (npx tsx bench/bundle-size.ts shows what each page loads):\n  ${over.join('\n  ')}`).toEqual([]);
});
