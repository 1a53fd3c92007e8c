// The JavaScript each page loads before its first paint, as the team's stop hook counts it
// (page-weight.ts: gzip -9 of every /assets/*.js the page's HTML names), against the budgets of
// page-budgets.ts (the suite checks the same on the build it serves: e2e/page-weight.spec.ts).
// Then, from Vite's manifest, what loads later: the map chunk (budgeted too) and each chunk loaded
// on demand. Exits 1, saying which, when a budget is over.
// Reads DIST_DIR (built with `--manifest` for the manifest's rows) when given, else builds into a
// temporary directory.
import { rmSync } from 'node:fs';
import { buildWithManifest, closure, gzipOfChunks, manifestPath, readManifest } from './build-manifest.ts';
import {
  BUDGETS_KB,
  LOOKUP_PAGE_CHUNK,
  MAP_CHUNK,
  chunksBeyond,
  loadedWithAnswer,
  lookupPageWeights,
  mapChunkWeight,
  overBudget,
  type BudgetCheck,
} from './page-budgets.ts';
import { KB, pageWeight } from './page-weight.ts';

function build(): { dir: string; temporary: boolean } {
  if (process.env.DIST_DIR) return { dir: process.env.DIST_DIR, temporary: false };
  return { dir: buildWithManifest('bundle-size-'), temporary: true };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1).padStart(6)} kB`;
const budgeted: BudgetCheck[] = [];

function row(name: string, bytes: number, budgetKb?: number) {
  if (budgetKb !== undefined) budgeted.push({ name, gzipBytes: bytes, budgetKb });
  const verdict = budgetKb === undefined ? '' : `  (budget ≤ ${budgetKb} kB: ${bytes > budgetKb * KB ? 'OVER' : 'ok'})`;
  console.log(`${name.padEnd(58)} ${kb(bytes)} gzip -9${verdict}`);
}

function pages(dir: string) {
  console.log('Before the first paint (the scripts each page’s HTML names):');
  const first = pageWeight(dir, 'index.html');
  row('first page, index.html (entry and modulepreloads)', first.gzipBytes, BUDGETS_KB.firstPage);
  for (const { file, gzipBytes } of first.files) console.log(`  ${file.padEnd(56)} ${kb(gzipBytes)}`);

  const lookupPages = lookupPageWeights(dir);
  for (const page of lookupPages) row(`lookup page, ${page.page}`, page.gzipBytes, BUDGETS_KB.lookupPage);
  const heaviest = lookupPages.at(-1)!;
  // The catalog's own chunks are the first page's alone: count only the scripts both pages load.
  const shared = heaviest.files
    .filter(({ file }) => first.files.some((named) => named.file === file))
    .reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
  console.log(`  the heaviest, ${heaviest.page}: ${shared} bytes of it are scripts the first page loads too, the rest:`);
  for (const { file, gzipBytes } of heaviest.files.filter(({ file }) => !first.files.some((named) => named.file === file)))
    console.log(`  ${file.padEnd(56)} ${kb(gzipBytes)}`);
}

function later(dir: string) {
  const manifest = readManifest(dir);
  if (!manifest) {
    console.log(`\n(No ${manifestPath(dir)}: build with --manifest for the chunks loaded later.)`);
    return;
  }
  // The map is only ever shown in the result viewer on a lookup page (or on a bulk run's page,
  // which loads more), so what those loaded is not the map's cost.
  const onLookupPage = loadedWithAnswer(manifest);

  console.log('\nAfter the first paint (from the manifest; each beyond what its page already loaded):');
  if (manifest[MAP_CHUNK]) row('map chunk (results map + Leaflet)', mapChunkWeight(dir, manifest), BUDGETS_KB.map);
  const picker = 'src/map/location-picker.tsx';
  if (manifest[picker])
    row(
      'location picker, once the map chunk is loaded',
      gzipOfChunks(dir, manifest, chunksBeyond(manifest, picker, new Set([...onLookupPage, ...closure(manifest, MAP_CHUNK)]))),
    );
  for (const [key, chunk] of Object.entries(manifest))
    if (key.startsWith('src/') && ![LOOKUP_PAGE_CHUNK, MAP_CHUNK, picker].includes(key) && chunk.file.endsWith('.js'))
      row(`on demand: ${key}`, gzipOfChunks(dir, manifest, [key]));
}

const { dir, temporary } = build();
try {
  pages(dir);
  later(dir);
} finally {
  if (temporary) rmSync(dir, { recursive: true, force: true });
}
const over = overBudget(budgeted);
if (over.length > 0) {
  console.error(`\nOVER BUDGET:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery budget met.');
