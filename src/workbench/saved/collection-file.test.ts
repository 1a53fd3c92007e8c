import { describe, expect, it } from 'vitest';
import { readCollectionsValue } from './collection-file.ts';
import { COLLECTIONS_FORMAT, writeCollectionsFile } from './collection-format.ts';
import { readImportFile } from './read-import-file.ts';
import { compareSaved } from './saved-store.ts';
import { pathLookup, postLookup, savedFrom, secondOperation } from './testing/saved-fixtures.ts';

const saved = [
  savedFrom(pathLookup, { name: 'First', note: 'with a note\non two lines' }),
  savedFrom(postLookup, { name: 'Profile', collection: 'Clients' }),
  savedFrom(secondOperation, { name: 'Second operation', collection: 'Clients' }),
];

function fileOf(collections: unknown[]): string {
  return JSON.stringify({ format: COLLECTIONS_FORMAT, version: 1, collections }, null, 2);
}

describe('the collections file', () => {
  it('round-trips: what is exported imports back identical', () => {
    const text = writeCollectionsFile(saved, new Date('2026-01-02T03:04:05Z'));
    const read = readImportFile(text);
    expect(read).toMatchObject({ ok: true, rejected: [] });
    expect(read.ok && read.queries.sort(compareSaved)).toEqual([...saved].sort(compareSaved));
    // Versioned and grouped by collection.
    const file = JSON.parse(text);
    expect(file).toMatchObject({ format: COLLECTIONS_FORMAT, version: 1, exportedAt: '2026-01-02T03:04:05.000Z' });
    expect(
      file.collections.map((collection: { name: string; queries: unknown[] }) => [collection.name, collection.queries.length]),
    ).toEqual([
      ['Clients', 2],
      ['My queries', 1],
    ]);
  });

  it('refuses text that is not JSON, saying the line and column', () => {
    const text = writeCollectionsFile(saved).replace('"version": 1,', '"version": 1');
    const read = readImportFile(text);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toBe('This file is not valid JSON: line 4, column 3: expected “,” or “}” but found “"”.');
    expect(readImportFile('')).toEqual({ ok: false, message: 'This file is empty.' });
  });

  it('refuses a file of the wrong shape, naming the field and the reason', () => {
    expect(readImportFile(JSON.stringify({ format: 'something-else', version: 1, collections: [] }))).toEqual({
      ok: false,
      message: `This is not a collections file: format: must be “${COLLECTIONS_FORMAT}”.`,
    });
    expect(readImportFile(JSON.stringify({ format: COLLECTIONS_FORMAT, version: 2, collections: [] }))).toEqual({
      ok: false,
      message: 'This is not a collections file: version: is 2; this app reads version 1.',
    });
    const read = readImportFile(
      fileOf([
        { name: 'Clients', queries: [] },
        { name: 7, queries: [] },
      ]),
    );
    expect(!read.ok && read.message).toMatch(/^This is not a collections file: collections\[1\]\.name: .*expected string/);
    expect(readImportFile('[1, 2]')).toMatchObject({ ok: false, message: expect.stringMatching(/^This is not a collections file: /) });
  });

  it('imports the valid entries of a partly valid file and lists the rest with their reasons', () => {
    const [good, post] = saved;
    const { collection: _c, ...goodEntry } = good!;
    const { collection: _p, ...postEntry } = post!;
    const badSearch = { ...postEntry, id: 'bad-search', name: 'Broken', search: '?nothing=here' };
    const text = fileOf([
      { name: 'Mine', queries: [goodEntry, { ...goodEntry, id: 'x1', name: 42 }] },
      { name: 'Other', queries: [{ ...postEntry, lookupId: 'ZZ', id: 'x2' }, badSearch, { ...goodEntry, name: 'Again' }, postEntry] },
    ]);
    const read = readImportFile(text);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.queries).toEqual([
      { ...good, collection: 'Mine' },
      { ...post, collection: 'Other' },
    ]);
    expect(read.rejected).toEqual([
      { where: 'collections[0].queries[1]', reason: expect.stringMatching(/^collections\[0\]\.queries\[1\]\.name: .*expected string/) },
      { where: 'collections[1].queries[0]', name: post!.name, reason: 'lookup ZZ does not exist' },
      { where: 'collections[1].queries[1]', name: 'Broken', reason: expect.stringMatching(/ is required/) },
      { where: 'collections[1].queries[2]', name: 'Again', reason: `id “${good!.id}” appears earlier in the file` },
    ]);
  });

  it('names an unknown operation', () => {
    const { collection: _c, ...entry } = saved[0]!;
    const read = readCollectionsValue({
      format: COLLECTIONS_FORMAT,
      version: 1,
      collections: [{ name: 'A', queries: [{ ...entry, operationId: 'nope' }] }],
    });
    expect(read.ok && read.rejected[0]!.reason).toMatch(/has no operation “nope”/);
  });
});

describe('saved SQL queries in the collections file', () => {
  const sqlSaved = [
    {
      id: 'sql-1',
      name: 'Offenses per zip',
      collection: 'Clients',
      sql: 'select zip, count(*) from bulk_zips group by 1',
      createdAt: 5,
      updatedAt: 6,
    },
    { id: 'sql-2', name: 'Only SQL here', collection: 'Analysis', sql: 'select 1', createdAt: 7, updatedAt: 7 },
  ];

  it('round-trips with their collections, a collection of SQL only included', () => {
    const text = writeCollectionsFile(saved, new Date('2026-01-02T03:04:05Z'), sqlSaved);
    const file = JSON.parse(text);
    expect(file.version).toBe(1);
    expect(
      file.collections.map((collection: { name: string; queries: unknown[]; sql?: unknown[] }) => [
        collection.name,
        collection.queries.length,
        collection.sql?.length,
      ]),
    ).toEqual([
      ['Analysis', 0, 1],
      ['Clients', 2, 1],
      ['My queries', 1, undefined],
    ]);
    const read = readImportFile(text);
    expect(read).toMatchObject({ ok: true, rejected: [] });
    expect(read.ok && read.queries.sort(compareSaved)).toEqual([...saved].sort(compareSaved));
    expect(read.ok && [...(read.sql ?? [])].sort((a, b) => a.id.localeCompare(b.id))).toEqual(sqlSaved);
  });

  it('still imports a file written before SQL could be saved, with no SQL in it', () => {
    const old = JSON.parse(writeCollectionsFile(saved));
    expect(old.collections.every((collection: object) => !('sql' in collection))).toBe(true);
    const read = readCollectionsValue(old);
    expect(read).toMatchObject({ ok: true, sql: [], rejected: [] });
    expect(read.ok && read.queries).toHaveLength(3);
  });

  it('rejects a bad SQL entry by its place, keeping the rest', () => {
    const read = readCollectionsValue({
      format: COLLECTIONS_FORMAT,
      version: 1,
      collections: [
        { name: 'Clients', queries: [], sql: [{ id: 'x', name: 'Empty', sql: '  ', createdAt: 1, updatedAt: 1 }, sqlSaved[0]] },
      ],
    });
    expect(read.ok && read.sql).toEqual([sqlSaved[0]]);
    expect(read.ok && read.rejected).toEqual([
      { where: 'collections[0].sql[0]', name: 'Empty', reason: 'collections[0].sql[0].sql: must not be empty' },
    ]);
  });
});
