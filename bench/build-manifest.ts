// Vite's manifest of a build (`vite build --manifest`: .vite/manifest.json): which chunk imports
// which, to count what loading a chunk downloads beyond what a page already loaded.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** Where `vite build --manifest` writes it in the build `dir`. */
export const manifestPath = (dir: string) => join(dir, '.vite', 'manifest.json');

/** The build's manifest, or undefined when it was built without `--manifest`. */
export function readManifest(dir: string): Manifest | undefined {
  const path = manifestPath(dir);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : undefined;
}

/** Builds the app with its manifest into a new temporary directory (the caller removes it) and returns that directory. */
export function buildWithManifest(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const result = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
  return dir;
}

/** The chunk and everything it imports statically (what loading it downloads). */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/** gzip -9 bytes of the JavaScript files of the chunks `keys` (CSS and assets are not counted). */
export function gzipOfChunks(dir: string, manifest: Manifest, keys: Iterable<string>): number {
  let bytes = 0;
  for (const key of keys) {
    const file = manifest[key]!.file;
    if (file.endsWith('.js')) bytes += gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
  }
  return bytes;
}
