import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSavedQueries,
  collectionNames,
  deleteSavedQuery,
  getSavedQuery,
  listSavedQueries,
  onSavedChange,
  putSavedQueries,
  saveQuery,
  updateSavedQuery,
} from './saved-store.ts';
import { pathLookup, postLookup, savedFrom } from './testing/saved-fixtures.ts';

afterEach(() => clearSavedQueries());

function newQuery(from: typeof pathLookup, name: string, collection = '') {
  const { id: _id, createdAt: _c, updatedAt: _u, ...query } = savedFrom(from, { name, collection });
  return query;
}

describe('the saved-query store', () => {
  it('saves, lists (all, or one lookup’s) sorted by collection then name, and tidies what it is given', async () => {
    const a = await saveQuery({ ...newQuery(pathLookup, '  zebra '), note: '   ' }, 10);
    const b = await saveQuery(newQuery(postLookup, 'Alpha', 'Clients'), 20);
    const c = await saveQuery(newQuery(pathLookup, 'apple', ' '), 30);
    expect(a).toMatchObject({ name: 'zebra', collection: 'My queries', createdAt: 10, updatedAt: 10 });
    expect(a).not.toHaveProperty('note');
    expect((await listSavedQueries()).map((query) => query.name)).toEqual(['Alpha', 'apple', 'zebra']);
    expect(await listSavedQueries({ lookupId: pathLookup.lookup.id })).toEqual([c, a]);
    expect(await getSavedQuery(b.id)).toEqual(b);
    expect(collectionNames(await listSavedQueries())).toEqual(['Clients', 'My queries']);
  });

  it('renames, re-notes and moves a query, keeping when it was made', async () => {
    const saved = await saveQuery(newQuery(pathLookup, 'Old'), 10);
    const updated = await updateSavedQuery(saved.id, { name: 'New', note: 'why', collection: 'Elsewhere' }, 50);
    expect(updated).toEqual({ ...saved, name: 'New', note: 'why', collection: 'Elsewhere', updatedAt: 50 });
    const cleared = await updateSavedQuery(saved.id, { note: '' }, 60);
    expect(cleared).not.toHaveProperty('note');
    expect(await updateSavedQuery('missing', { name: 'x' })).toBeUndefined();
  });

  it('deletes, clears, and writes imports with the ids they replace, telling listeners each time', async () => {
    const listener = vi.fn();
    const stop = onSavedChange(listener);
    const one = await saveQuery(newQuery(pathLookup, 'One'));
    const two = await saveQuery(newQuery(pathLookup, 'Two'));
    await deleteSavedQuery(one.id);
    expect((await listSavedQueries()).map((query) => query.id)).toEqual([two.id]);
    const imported = savedFrom(postLookup, { name: 'Imported' });
    await putSavedQueries([imported], [two.id]);
    expect(await listSavedQueries()).toEqual([imported]);
    await clearSavedQueries();
    expect(await listSavedQueries()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(5);
    stop();
    await saveQuery(newQuery(pathLookup, 'Unheard'));
    expect(listener).toHaveBeenCalledTimes(5);
  });
});
