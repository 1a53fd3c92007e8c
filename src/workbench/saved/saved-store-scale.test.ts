// The store at the sizes an old import left (issue 22, item 9): the catalog and lookup pages read
// a count and the few most recent, the whole list is read in slices, and a database of version 1
// (before those indexes) is upgraded with its queries kept.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import {
  clearSavedQueries,
  listSavedQueries,
  putSavedQueries,
  recentSavedQueries,
  SAVED_DATABASE,
  type SavedQuery,
} from './saved-store.ts';
import { pathLookup, postLookup, savedFrom } from './testing/saved-fixtures.ts';

afterEach(() => clearSavedQueries());

/** `count` queries of a lookup, saved at 1, 2, 3… ms, in collections A and B. */
function many(from: typeof pathLookup, count: number, prefix: string): SavedQuery[] {
  return Array.from({ length: count }, (_, i) =>
    savedFrom(from, {
      id: `${prefix}-${String(i).padStart(5, '0')}`,
      name: `${prefix} ${i}`,
      collection: i % 2 ? 'B' : 'A',
      updatedAt: i + 1,
    }),
  );
}

describe('the saved-query store at scale', () => {
  // A database of version 1 first, while no test has opened the store: the first call upgrades it.
  it('upgrades a version 1 database, keeping its queries, and answers with the most recent few', async () => {
    const old = await openDB(SAVED_DATABASE, 1, {
      upgrade(db) {
        db.createObjectStore('queries', { keyPath: 'id' }).createIndex('lookupId', 'lookupId');
      },
    });
    const queries = many(pathLookup, 30, 'old');
    for (const query of queries) await old.put('queries', query);
    old.close();

    const recent = await recentSavedQueries(5);
    expect(recent.total).toBe(30);
    // The five with the latest updatedAt (26–30), in the list's order: by collection, then name.
    expect(recent.queries.map((query) => query.name)).toEqual(['old 26', 'old 28', 'old 25', 'old 27', 'old 29']);
    expect(await listSavedQueries()).toHaveLength(30);
  });

  it('gives one lookup’s most recent few and its count, not another’s', async () => {
    await putSavedQueries([
      ...many(pathLookup, 12, 'path'),
      ...many(postLookup, 3, 'post').map((query) => ({ ...query, updatedAt: query.updatedAt + 100 })),
    ]);
    const mine = await recentSavedQueries(5, { lookupId: pathLookup.lookup.id });
    expect(mine.total).toBe(12);
    expect(mine.queries.map((query) => query.name).sort()).toEqual(['path 10', 'path 11', 'path 7', 'path 8', 'path 9']);
    const all = await recentSavedQueries(2);
    expect(all).toMatchObject({ total: 15, queries: [{ name: 'post 2' }, { name: 'post 1' }] });
    expect(await recentSavedQueries(5, { lookupId: 'Z' as never })).toEqual({ total: 0, queries: [] });
  });

  it('reads the whole list in slices, each its own task, and sorts it', async () => {
    const queries = many(pathLookup, 4500, 'q');
    await putSavedQueries(queries);
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    const listed = await listSavedQueries();
    // 4,500 in slices of 2,000: two yields between three reads.
    expect(timeout.mock.calls.filter(([, delay]) => delay === 0)).toHaveLength(2);
    timeout.mockRestore();
    expect(listed).toHaveLength(4500);
    expect(new Set(listed.map((query) => query.id)).size).toBe(4500);
    expect(listed[0]!.collection).toBe('A');
    expect(listed.at(-1)!.collection).toBe('B');
  });
});
