// Gzip size of the JavaScript each route downloads, read from Vite's manifest: the catalog
// (entry and its static imports), the lookup page chunk, the map chunk (results map with Leaflet,
// supercluster and the shared map code), and the chunks loaded only on demand.
// Targets: catalog ≤ 120 kB gzip, map chunk ≤ 60 kB gzip.
// Reads DIST_DIR (built with `--manifest`) when given, else builds into a temporary directory.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const TARGETS = { catalog: 120, map: 60 };

function build(): { dir: string; temporary: boolean } {
  if (process.env.DIST_DIR) return { dir: process.env.DIST_DIR, temporary: false };
  const dir = mkdtempSync(join(tmpdir(), 'bundle-size-'));
  const result = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
  return { dir, temporary: true };
}

/** The chunk and everything it imports statically (what loading it downloads). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

function main() {
  const { dir, temporary } = build();
  try {
    const manifestPath = join(dir, '.vite', 'manifest.json');
    if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with --manifest`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const gzipKb = (keys: Iterable<string>) => {
      let bytes = 0;
      for (const key of keys) {
        const file = manifest[key]!.file;
        if (file.endsWith('.js')) bytes += gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
      }
      return bytes / 1024;
    };
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
    if (!entry) throw new Error('no entry in the manifest');
    const catalog = closure(manifest, entry);
    // A route's own download: its chunk's closure minus what the catalog already loaded.
    const extra = (key: string, loaded: Set<string> = catalog) => [...closure(manifest, key)].filter((chunk) => !loaded.has(chunk));

    const rows: Array<[string, number, number | undefined]> = [['catalog route (entry + static imports)', gzipKb(catalog), TARGETS.catalog]];
    const lookupPage = 'src/app/lookup-page.tsx';
    if (manifest[lookupPage]) rows.push(['lookup page chunk', gzipKb(extra(lookupPage)), undefined]);
    // The map is only ever loaded from a lookup page, so what that page loaded is not the map's cost.
    const onLookupPage = new Set([...catalog, ...closure(manifest, lookupPage)]);
    const map = 'src/map/results-map.tsx';
    if (manifest[map]) rows.push(['map chunk (results map + Leaflet)', gzipKb(extra(map, onLookupPage)), TARGETS.map]);
    const picker = 'src/map/location-picker.tsx';
    if (manifest[picker]) {
      const afterMap = new Set([...onLookupPage, ...closure(manifest, map)]);
      rows.push(['location picker, once the map chunk is loaded', gzipKb(extra(picker, afterMap)), undefined]);
    }
    for (const [key, chunk] of Object.entries(manifest))
      if (key.startsWith('src/') && ![lookupPage, map, picker].includes(key) && chunk.file.endsWith('.js'))
        rows.push([`on demand: ${key}`, gzipKb([key]), undefined]);

    let failed = false;
    for (const [name, kb, target] of rows) {
      const verdict = target === undefined ? '' : kb <= target ? `  (target ≤ ${target} kB: ok)` : `  (target ≤ ${target} kB: OVER)`;
      if (target !== undefined && kb > target) failed = true;
      console.log(`${name.padEnd(58)} ${kb.toFixed(1).padStart(7)} kB gzip${verdict}`);
    }
    if (failed) process.exitCode = 1;
  } finally {
    if (temporary) rmSync(dir, { recursive: true, force: true });
  }
}

main();
