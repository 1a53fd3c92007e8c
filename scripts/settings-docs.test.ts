// @vitest-environment node
// Every setting the server reads is documented twice, the same way: in docs/deployment.md's tables
// (what it does, its default) and in .env.example (a comment, the default, an example to
// uncomment). The server's settings are found in its source: the names it reads from the
// environment or parses with its schemas; per-lookup ones (`LOOKUP_A_KEY`, `${prefix}QUEUE`) count
// once as `LOOKUP_<L>_KEY`.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { docPages } from './docs-links.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Names in the server's source that are not settings, and why. */
const NOT_SETTINGS: Record<string, string> = {
  LOOKUP_HTML: 'the file name of the built lookup page (route-html-plugin.ts)',
  LOOKUP_PAGES_DIR: 'the folder of the built lookup pages (route-html-plugin.ts)',
  LOOKUP_CONFIG_PATH: 'the path of /lookup-config.json (wire.ts)',
  LOOKUP_IDS: "the registry's list of letters",
  LOOKUP_MODES: "a lookup's modes, live or demo (wire.ts)",
  MAP_CELL_DATASETS: "E's datasets (e-map-cell.ts)",
  REDIS_SERVER_PATH: "the tests' redis-server (team/redis-for-tests.ts), not the server's",
  LOOKUP_INTERNAL_JOB_SECRET: 'handed by the primary process to its workers (server-processes.ts), never set by an operator',
};

/** A setting's name with a lookup's letter written `<L>`. */
const perLookup = (name: string) => name.replace(/^LOOKUP_[A-Z]_(?=[A-Z])/, 'LOOKUP_<L>_');

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : productionFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The settings the server's source names: LOOKUP_*, MAP_*, what it reads as `env.NAME`, and `${prefix}NAME` per lookup. */
function settingsInSource(): Set<string> {
  const names = new Set<string>();
  for (const file of [...productionFiles(join(root, 'src/server')), ...productionFiles(join(root, 'src/lookups'))]) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /\b(?:LOOKUP_<L>_[A-Z][A-Z0-9_]*[A-Z0-9]|LOOKUP_[A-Z][A-Z0-9_]*[A-Z0-9]|MAP_[A-Z][A-Z0-9_]*[A-Z0-9])\b/g,
    ))
      names.add(perLookup(match[0]));
    for (const match of text.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(perLookup(match[1]!));
    for (const match of text.matchAll(/\$\{prefix\}([A-Z][A-Z0-9_]*)/g)) names.add(`LOOKUP_<L>_${match[1]}`);
  }
  for (const name of Object.keys(NOT_SETTINGS)) names.delete(name);
  return names;
}

/** The settings deployment.md's tables name in their first column. */
function settingsInDeploymentDoc(): Set<string> {
  const doc = readFileSync(join(root, 'docs/deployment.md'), 'utf8');
  const names = new Set<string>();
  for (const row of doc.split('\n').filter((line) => line.startsWith('| `'))) {
    const firstCell = row.split('|')[1]!;
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_<>]*)`/g)) names.add(perLookup(match[1]!));
  }
  return names;
}

/** .env.example's settings (`# NAME=example`), each with the comment lines above it. */
function envExample(): Map<string, { value: string; comment: string }> {
  const lines = readFileSync(join(root, '.env.example'), 'utf8').split('\n');
  const settings = new Map<string, { value: string; comment: string }>();
  lines.forEach((line, index) => {
    const setting = /^#?\s?([A-Z][A-Z0-9_]*)=(\S*)/.exec(line);
    if (!setting) return;
    let start = index;
    while (start > 0 && lines[start - 1]!.startsWith('#') && !/^#?\s?[A-Z][A-Z0-9_]*=/.test(lines[start - 1]!)) start -= 1;
    const name = perLookup(setting[1]!);
    const comment = [...lines.slice(start, index), line.replace(/^[^#]*=\S*\s*/, '')].join(' ');
    if (!settings.has(name) || settings.get(name)!.value === '') settings.set(name, { value: setting[2]!, comment });
  });
  return settings;
}

describe('the settings', () => {
  const source = [...settingsInSource()].sort();

  it('are found in the source, the known ones among them', () => {
    expect(source).toEqual(
      expect.arrayContaining([
        'PORT',
        'HOST',
        'DIST_DIR',
        'LOOKUP_<L>_KEY',
        'LOOKUP_<L>_QUEUE',
        'LOOKUP_MASK_SECRET',
        'LOOKUP_JOBS_RETENTION',
        'MAP_TILE_URL',
      ]),
    );
  });

  it('are each in docs/deployment.md, and it names no other', () => {
    const documented = [...settingsInDeploymentDoc()].sort();
    expect(
      source.filter((name) => !documented.includes(name)),
      'missing from deployment.md',
    ).toEqual([]);
    expect(
      documented.filter((name) => !source.includes(name)),
      'in deployment.md but read nowhere',
    ).toEqual([]);
  });

  it('are each in .env.example with a comment and an example value, and it names no other', () => {
    const example = envExample();
    expect(
      source.filter((name) => !example.has(name)),
      'missing from .env.example',
    ).toEqual([]);
    expect(
      [...example.keys()].filter((name) => !source.includes(name)),
      'in .env.example but read nowhere',
    ).toEqual([]);
    for (const name of source) {
      const { value, comment } = example.get(name)!;
      expect(value, `${name}'s example value`).not.toBe('');
      expect(comment.replace(/#/g, '').trim().length, `${name}'s comment`).toBeGreaterThan(0);
    }
  });

  it('are the only LOOKUP_ names the docs and the README mention', () => {
    const unknown = docPages(root)
      .filter((page) => !page.startsWith('docs/decisions/'))
      .flatMap((page) =>
        [...readFileSync(join(root, page), 'utf8').matchAll(/\bLOOKUP_(?:<L>_)?[A-Z][A-Z0-9_]*[A-Z0-9]\b/g)].map((match) => ({
          page,
          name: perLookup(match[0]),
        })),
      )
      .filter(({ name }) => !source.includes(name))
      .map(({ page, name }) => `${page}: ${name}`);
    expect(unknown).toEqual([]);
  });
});
