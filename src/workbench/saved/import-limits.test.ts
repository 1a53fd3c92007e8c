// The import's bounds (issue 22, item 9): the cap on entries and the depth of Postman folders, each
// refused with a message before anything is checked, and a JSON error located at any depth.
import { describe, expect, it } from 'vitest';
import { COLLECTIONS_FORMAT } from './collection-format.ts';
import { MAX_FOLDER_DEPTH, MAX_IMPORT_ENTRIES } from './import-limits.ts';
import { locateJsonError, MAX_JSON_DEPTH } from './json-syntax.ts';
import { measureItems } from './postman-import.ts';
import { readImportFile } from './read-import-file.ts';
import { POSTMAN_SCHEMA } from './saved-export.ts';
import { pathLookup, savedFrom } from './testing/saved-fixtures.ts';

const query = savedFrom(pathLookup);
const { collection: _collection, ...entry } = query;

/** A collections file of `count` copies of one valid entry (each its own id), over two collections. */
function collectionsOf(count: number): string {
  const half = Math.floor(count / 2);
  const entries = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => ({ ...entry, id: `q-${from + i}`, name: `Query ${from + i}` }));
  return JSON.stringify({
    format: COLLECTIONS_FORMAT,
    version: 1,
    collections: [
      { name: 'One', queries: entries(0, half) },
      { name: 'Two', queries: entries(half, count - half) },
    ],
  });
}

const request = { name: 'Request', request: { method: 'GET', url: '/nowhere' } };

/** A Postman collection with one request inside `depth` nested folders (written as text: JSON.stringify itself overflows at 20,000). */
function postmanNested(depth: number): string {
  const item = `${'{"name":"Folder","item":['.repeat(depth)}${JSON.stringify(request)}${']}'.repeat(depth)}`;
  return `{"info":${JSON.stringify({ name: 'Nested', schema: POSTMAN_SCHEMA })},"item":[${item}]}`;
}

describe('the import cap', () => {
  it('refuses a collections file of more entries than the cap, saying how many it holds and the cap', () => {
    expect(MAX_IMPORT_ENTRIES).toBe(5000);
    expect(readImportFile(collectionsOf(6000))).toEqual({
      ok: false,
      message: 'This file holds 6,000 saved queries; one import takes at most 5,000. Split it into smaller files and import each.',
    });
    // Invalid entries count too: the cap bounds the work, not only what is kept.
    expect(readImportFile(collectionsOf(5001))).toMatchObject({ ok: false, message: expect.stringContaining('holds 5,001 saved queries') });
  });

  it('takes a file of exactly the cap', () => {
    const read = readImportFile(collectionsOf(5000));
    expect(read.ok && read.queries.length).toBe(5000);
  });

  it('counts a Postman collection’s requests in every folder against the cap', () => {
    const items = Array.from({ length: 3 }, () => ({ name: 'Folder', item: Array.from({ length: 2000 }, () => request) }));
    expect(measureItems(items)).toEqual({ entries: 6000 });
    expect(readImportFile(JSON.stringify({ info: { name: 'Big', schema: POSTMAN_SCHEMA }, item: items }))).toEqual({
      ok: false,
      message: 'This file holds 6,000 requests; one import takes at most 5,000. Split it into smaller files and import each.',
    });
  });
});

describe('the depth limit', () => {
  it('refuses 20,000 nested folders with a message instead of overflowing the stack', () => {
    const read = readImportFile(postmanNested(20_000));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(
      /^This file nests folders more than 64 deep \(at item\[0\]\.item\[0\]\.item.*\), which no collection needs; it was not read\.$/,
    );
  });

  it('reads folders as deep as the limit', () => {
    const read = readImportFile(postmanNested(MAX_FOLDER_DEPTH - 1));
    expect(read).toMatchObject({ ok: true, queries: [], rejected: [{ name: 'Request', reason: expect.stringContaining('matches none') }] });
    expect(measureItems([JSON.parse(postmanNested(MAX_FOLDER_DEPTH)).item[0]])).toHaveProperty('tooDeepAt');
  });

  it('locates an error in an invalid file nested 20,000 deep without overflowing', () => {
    const text = `${'['.repeat(20_000)}x`;
    expect(locateJsonError(text)).toEqual({ line: 1, column: MAX_JSON_DEPTH + 1, message: `nesting deeper than ${MAX_JSON_DEPTH} levels` });
    expect(readImportFile(text)).toEqual({
      ok: false,
      message: `This file is not valid JSON: line 1, column ${MAX_JSON_DEPTH + 1}: nesting deeper than ${MAX_JSON_DEPTH} levels.`,
    });
    // Nesting under the limit is scanned as before.
    expect(locateJsonError(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBeUndefined();
  });
});
