// @vitest-environment node
// One Earth: every distance the app computes uses lookups/earth.ts's radius and haversine, so SQL's
// distance_m, the map's circles and the dossier's "nearest" agree to the metre. A second copy of
// the radius in production code is a second Earth that can drift; tests may write it to check.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));
const HOME = 'lookups/earth.ts';
const RADIUS = /\b6_?371(?:[_.]?\d)*\b/;

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the Earth the app measures', () => {
  it(`has its radius written once in src/, in ${HOME}`, () => {
    const holders = productionFiles(SRC)
      .filter((path) => RADIUS.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path).split('\\').join('/'));
    expect(holders).toEqual([HOME]);
  });
});
