import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { readManifest, type Manifest } from './build-manifest.ts';
import { BUDGETS_KB, LOOKUP_PAGE_CHUNK, MAP_CHUNK, RESULT_VIEWER_CHUNK, budgetChecks, overBudget } from './page-budgets.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// A small build: the entry and React on every page, the lookup page's chunk on lookup pages, the
// result viewer and the map loaded later; the map shares React and the viewer's table code.
const sources: Record<string, string> = {
  'index-1.js': 'export const entry = "the entry";'.repeat(40),
  'react-2.js': 'export const react = "react";'.repeat(30),
  'lookup-page-3.js': 'export const page = "lookup page";'.repeat(20),
  'result-viewer-4.js': 'export const viewer = "viewer";'.repeat(25),
  'table-5.js': 'export const table = "table";'.repeat(15),
  'results-map-6.js': 'export const map = "map";'.repeat(35),
  'leaflet-7.js': 'export const leaflet = "leaflet";'.repeat(45),
};
const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-2.js'] },
  '_react-2.js': { file: 'assets/react-2.js' },
  [LOOKUP_PAGE_CHUNK]: { file: 'assets/lookup-page-3.js', imports: ['_react-2.js'] },
  [RESULT_VIEWER_CHUNK]: { file: 'assets/result-viewer-4.js', imports: ['_table-5.js'] },
  '_table-5.js': { file: 'assets/table-5.js' },
  [MAP_CHUNK]: { file: 'assets/results-map-6.js', imports: ['_react-2.js', '_table-5.js', '_leaflet-7.js'] },
  '_leaflet-7.js': { file: 'assets/leaflet-7.js' },
};
const gzip = (...files: string[]) => files.reduce((sum, file) => sum + gzipSync(sources[file]!, { level: 9 }).length, 0);
const html = (...files: string[]) =>
  `<!doctype html><html><head>${files.map((file) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`).join('')}</head></html>`;

function build(withManifest: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'page-budgets-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'lookups'));
  for (const [file, source] of Object.entries(sources)) writeFileSync(join(dir, 'assets', file), source);
  writeFileSync(join(dir, 'index.html'), html('index-1.js', 'react-2.js'));
  writeFileSync(join(dir, 'lookup.html'), html('index-1.js', 'react-2.js', 'lookup-page-3.js'));
  writeFileSync(join(dir, 'lookups', 'x.html'), html('index-1.js', 'react-2.js', 'lookup-page-3.js', 'table-5.js'));
  if (withManifest) {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}

describe('page budgets', () => {
  it('weighs the first page, every lookup page and, beyond what a lookup page with an answer loaded, the map chunk', () => {
    const dir = build(true);
    expect(budgetChecks(dir, readManifest(dir))).toEqual([
      { name: 'first page, index.html', gzipBytes: gzip('index-1.js', 'react-2.js'), budgetKb: BUDGETS_KB.firstPage },
      {
        name: 'lookup page, lookup.html',
        gzipBytes: gzip('index-1.js', 'react-2.js', 'lookup-page-3.js'),
        budgetKb: BUDGETS_KB.lookupPage,
      },
      {
        name: 'lookup page, lookups/x.html',
        gzipBytes: gzip('index-1.js', 'react-2.js', 'lookup-page-3.js', 'table-5.js'),
        budgetKb: BUDGETS_KB.lookupPage,
      },
      { name: 'map chunk (results map + Leaflet)', gzipBytes: gzip('results-map-6.js', 'leaflet-7.js'), budgetKb: BUDGETS_KB.map },
    ]);
  });

  it('leaves the map chunk out of a build made without a manifest', () => {
    const dir = build(false);
    expect(readManifest(dir)).toBeUndefined();
    expect(budgetChecks(dir).map(({ name }) => name)).toEqual([
      'first page, index.html',
      'lookup page, lookup.html',
      'lookup page, lookups/x.html',
    ]);
  });

  it('names each weight over its budget with its size and budget; one at its budget is within', () => {
    const checks = [
      { name: 'first page, index.html', gzipBytes: 100_000, budgetKb: 100 },
      { name: 'lookup page, lookups/o.html', gzipBytes: 150_001, budgetKb: 150 },
      { name: 'map chunk (results map + Leaflet)', gzipBytes: 93_460, budgetKb: 90 },
    ];
    expect(overBudget(checks)).toEqual([
      'lookup page, lookups/o.html: 150.0 kB (150001 bytes) gzip -9, over its budget of 150 kB',
      'map chunk (results map + Leaflet): 93.5 kB (93460 bytes) gzip -9, over its budget of 90 kB',
    ]);
  });

  it('fails on a build without lookup pages rather than weighing none', () => {
    const dir = build(false);
    rmSync(join(dir, 'lookups'), { recursive: true });
    rmSync(join(dir, 'lookup.html'));
    expect(() => budgetChecks(dir)).toThrow(/has no lookup pages/);
  });
});
