// The JavaScript each page loads before its first paint, as the team's stop hook counts it
// (page-weight.ts: gzip -9 of every /assets/*.js the page's HTML names), against the budgets:
// the first page (index.html) ≤ 100 kB, every lookup page (lookups/<slug>.html, and lookup.html)
// ≤ 150 kB, kB being 1,000 bytes. Then, from Vite's manifest, what loads later: the map chunk
// (target ≤ 90 kB, issue 24) and each chunk loaded on demand. Exits 1, saying which, when a budget is over.
// Reads DIST_DIR (built with `--manifest` for the manifest's rows) when given, else builds into a
// temporary directory.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { KB, pageWeight } from './page-weight.ts';

// The map's 90 kB: issue 24's figure for the map with its analysis (legend, time, layers, drawing hooks), Leaflet included.
const BUDGETS = { firstPage: 100, lookupPage: 150, map: 90 };

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

function build(): { dir: string; temporary: boolean } {
  if (process.env.DIST_DIR) return { dir: process.env.DIST_DIR, temporary: false };
  const dir = mkdtempSync(join(tmpdir(), 'bundle-size-'));
  const result = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
  return { dir, temporary: true };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1).padStart(6)} kB`;
const overBudget: string[] = [];

function row(name: string, bytes: number, budget?: number) {
  const over = budget !== undefined && bytes > budget * KB;
  if (over) overBudget.push(`${name}: ${(bytes / KB).toFixed(1)} kB > ${budget} kB`);
  const verdict = budget === undefined ? '' : `  (budget ≤ ${budget} kB: ${over ? 'OVER' : 'ok'})`;
  console.log(`${name.padEnd(58)} ${kb(bytes)} gzip -9${verdict}`);
}

/** The chunk and everything it imports statically (what loading it downloads). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

function pages(dir: string) {
  console.log('Before the first paint (the scripts each page’s HTML names):');
  const first = pageWeight(dir, 'index.html');
  row('first page, index.html (entry and modulepreloads)', first.gzipBytes, BUDGETS.firstPage);
  for (const { file, gzipBytes } of first.files) console.log(`  ${file.padEnd(56)} ${kb(gzipBytes)}`);

  const lookupPages = existsSync(join(dir, 'lookups'))
    ? readdirSync(join(dir, 'lookups'))
        .filter((file) => file.endsWith('.html'))
        .map((file) => pageWeight(dir, `lookups/${file}`))
    : [];
  if (existsSync(join(dir, 'lookup.html'))) lookupPages.push(pageWeight(dir, 'lookup.html'));
  if (lookupPages.length === 0) throw new Error(`${dir} has no lookup pages (lookups/<slug>.html)`);
  for (const page of lookupPages.sort((a, b) => a.gzipBytes - b.gzipBytes)) row(`lookup page, ${page.page}`, page.gzipBytes, BUDGETS.lookupPage);
  const heaviest = lookupPages.at(-1)!;
  // The catalog's own chunks are the first page's alone: count only the scripts both pages load.
  const shared = heaviest.files.filter(({ file }) => first.files.some((named) => named.file === file)).reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
  console.log(`  the heaviest, ${heaviest.page}: ${shared} bytes of it are scripts the first page loads too, the rest:`);
  for (const { file, gzipBytes } of heaviest.files.filter(({ file }) => !first.files.some((named) => named.file === file)))
    console.log(`  ${file.padEnd(56)} ${kb(gzipBytes)}`);
}

function later(dir: string) {
  const manifestPath = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.log(`\n(No ${manifestPath}: build with --manifest for the chunks loaded later.)`);
    return;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const gzip = (keys: Iterable<string>) => {
    let bytes = 0;
    for (const key of keys) {
      const file = manifest[key]!.file;
      if (file.endsWith('.js')) bytes += gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
    }
    return bytes;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  const lookupPage = 'src/app/lookup-page.tsx';
  const viewer = 'src/results/result-viewer.tsx';
  // The map is only ever shown in the result viewer on a lookup page (or on a bulk run's page,
  // which loads more), so what those loaded is not the map's cost.
  const onLookupPage = new Set([...closure(manifest, entry), ...closure(manifest, lookupPage), ...closure(manifest, viewer)]);
  const extra = (key: string, loaded: Set<string>) => [...closure(manifest, key)].filter((chunk) => !loaded.has(chunk));

  console.log('\nAfter the first paint (from the manifest; each beyond what its page already loaded):');
  const map = 'src/map/results-map.tsx';
  if (manifest[map]) row('map chunk (results map + Leaflet)', gzip(extra(map, onLookupPage)), BUDGETS.map);
  const picker = 'src/map/location-picker.tsx';
  if (manifest[picker]) row('location picker, once the map chunk is loaded', gzip(extra(picker, new Set([...onLookupPage, ...closure(manifest, map)]))));
  for (const [key, chunk] of Object.entries(manifest))
    if (key.startsWith('src/') && ![lookupPage, map, picker].includes(key) && chunk.file.endsWith('.js')) row(`on demand: ${key}`, gzip([key]));
}

const { dir, temporary } = build();
try {
  pages(dir);
  later(dir);
} finally {
  if (temporary) rmSync(dir, { recursive: true, force: true });
}
if (overBudget.length > 0) {
  console.error(`\nOVER BUDGET:\n  ${overBudget.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery budget met.');
