// The page-weight budgets, one description for the benchmark that prints every weight
// (bundle-size.ts) and the suite's check on the build it serves (e2e/page-weight.spec.ts).
// Pages are counted before their first paint (page-weight.ts: gzip -9 of every /assets/*.js the
// HTML names); the map chunk from the build's manifest, beyond what a lookup page and the result
// viewer already loaded. kB are 1,000 bytes.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { closure, gzipOfChunks, type Manifest } from './build-manifest.ts';
import { KB, pageWeight, type PageWeight } from './page-weight.ts';

/**
 * The first page (index.html, the catalog) ≤ 100 kB; every lookup page (lookups/<slug>.html and
 * lookup.html) ≤ 153 kB; the map chunk ≤ 90 kB: issue 24's figure for the map with its analysis
 * (legend, time, layers, drawing hooks), Leaflet included. The lookup pages' budget was 150 kB until
 * 2026-12-05, when issues 34 and 37 put the query in words, the "page 1 of N — fetch all" label and
 * the shared CSV row writer on the first paint (150.0–150.4 kB): a conscious 1 kB; and 151 kB until
 * the team workspace and MCP's dossier tool (issues 35, 38) the same day, whose code stays out of the
 * first paint but whose lazy chunks (identity menu, Share…, /shared, the team section, the modules
 * the dossier tool moved to src/lookups) lengthen the preload lists and the router (151.0–151.9 kB);
 * and 152 kB until History kept the answers a page had not yet written when it went away (the
 * recorder's part in the first bundle, +0.2 kB on every page: 152.1 kB): see docs/performance.md.
 */
export const BUDGETS_KB = { firstPage: 100, lookupPage: 153, map: 90 } as const;

/** The modules, as the manifest names them, that the map chunk's weight is measured from. */
export const MAP_CHUNK = 'src/map/results-map.tsx';
export const LOOKUP_PAGE_CHUNK = 'src/app/lookup-page.tsx';
export const RESULT_VIEWER_CHUNK = 'src/results/result-viewer.tsx';

export interface BudgetCheck {
  /** What is weighed, as a person reads it: "first page, index.html", "lookup page, lookups/o.html". */
  name: string;
  gzipBytes: number;
  budgetKb: number;
}

/** Every lookup page of the build (lookups/<slug>.html, then lookup.html), lightest first. */
export function lookupPageWeights(dir: string): PageWeight[] {
  const pages = existsSync(join(dir, 'lookups'))
    ? readdirSync(join(dir, 'lookups'))
        .filter((file) => file.endsWith('.html'))
        .map((file) => pageWeight(dir, `lookups/${file}`))
    : [];
  if (existsSync(join(dir, 'lookup.html'))) pages.push(pageWeight(dir, 'lookup.html'));
  if (pages.length === 0) throw new Error(`${dir} has no lookup pages (lookups/<slug>.html)`);
  return pages.sort((a, b) => a.gzipBytes - b.gzipBytes);
}

/** What a lookup page has loaded once it shows an answer: the map is only ever shown there (or on pages that load more). */
export function loadedWithAnswer(manifest: Manifest): Set<string> {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  return new Set([...closure(manifest, entry), ...closure(manifest, LOOKUP_PAGE_CHUNK), ...closure(manifest, RESULT_VIEWER_CHUNK)]);
}

/** The chunks loading `key` downloads beyond `loaded`. */
export function chunksBeyond(manifest: Manifest, key: string, loaded: Set<string>): string[] {
  return [...closure(manifest, key)].filter((chunk) => !loaded.has(chunk));
}

/** The map chunk's gzip -9 bytes beyond what a lookup page with an answer loaded (results map, its analysis, Leaflet). */
export function mapChunkWeight(dir: string, manifest: Manifest): number {
  if (!manifest[MAP_CHUNK]) throw new Error(`the manifest has no ${MAP_CHUNK}`);
  return gzipOfChunks(dir, manifest, chunksBeyond(manifest, MAP_CHUNK, loadedWithAnswer(manifest)));
}

/** The map chunk's weight against its budget. */
export function mapCheck(dir: string, manifest: Manifest): BudgetCheck {
  return { name: 'map chunk (results map + Leaflet)', gzipBytes: mapChunkWeight(dir, manifest), budgetKb: BUDGETS_KB.map };
}

/** Each budgeted weight of the build `dir`: the first page, every lookup page and, given the build's manifest, the map chunk. */
export function budgetChecks(dir: string, manifest?: Manifest): BudgetCheck[] {
  const first = pageWeight(dir, 'index.html');
  return [
    { name: `first page, ${first.page}`, gzipBytes: first.gzipBytes, budgetKb: BUDGETS_KB.firstPage },
    ...lookupPageWeights(dir).map((page) => ({
      name: `lookup page, ${page.page}`,
      gzipBytes: page.gzipBytes,
      budgetKb: BUDGETS_KB.lookupPage,
    })),
    ...(manifest ? [mapCheck(dir, manifest)] : []),
  ];
}

export const isOver = (check: BudgetCheck) => check.gzipBytes > check.budgetKb * KB;

/** One line per check over its budget, naming it, its weight and its budget. */
export function overBudget(checks: readonly BudgetCheck[]): string[] {
  return checks
    .filter(isOver)
    .map(
      (check) =>
        `${check.name}: ${(check.gzipBytes / KB).toFixed(1)} kB (${check.gzipBytes} bytes) gzip -9, over its budget of ${check.budgetKb} kB`,
    );
}
