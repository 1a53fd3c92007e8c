// Saved queries, kept in this browser's IndexedDB (database 'lookup-explorer-saved'): a name, an
// optional note and a collection for a lookup page's query string. The store knows no lookup
// definitions (the catalog page lists saved queries without loading them); checking a saved
// search against its lookup is saved-validity.ts's job.
// A browser may hold far more than a page can show (an old import of 100,000): the catalog and the
// lookup pages read a count and the few most recent through an index, never the whole store, and
// the whole list is read in slices so no single task has to take it all.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { LookupId } from '../../lookups/define-lookup.ts';

export interface SavedQuery {
  id: string;
  name: string;
  note?: string;
  collection: string;
  lookupId: LookupId;
  operationId: string;
  /** The lookup page's query string, e.g. '?movie_id=550'. */
  search: string;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
}

export type NewSavedQuery = Omit<SavedQuery, 'id' | 'createdAt' | 'updatedAt'>;
/** What an edit may change: the query itself (lookup, search) stays what was saved. */
export type SavedQueryChanges = Partial<Pick<SavedQuery, 'name' | 'note' | 'collection'>>;

export const SAVED_DATABASE = 'lookup-explorer-saved';
export const DEFAULT_COLLECTION = 'My queries';

interface SavedSchema extends DBSchema {
  queries: { key: string; value: SavedQuery; indexes: { lookupId: string; updatedAt: number; lookupUpdated: [string, number] } };
}

/** How many queries one read takes from the store: each slice is a short task of its own. */
const READ_SLICE = 2000;

let database: Promise<IDBPDatabase<SavedSchema>> | undefined;

function db(): Promise<IDBPDatabase<SavedSchema>> {
  database ??= openDB<SavedSchema>(SAVED_DATABASE, 2, {
    upgrade(upgrading, oldVersion, _newVersion, transaction) {
      const queries = oldVersion < 1 ? upgrading.createObjectStore('queries', { keyPath: 'id' }) : transaction.objectStore('queries');
      if (oldVersion < 1) queries.createIndex('lookupId', 'lookupId');
      // Version 2: the most recent few (all, or one lookup's) without reading the rest.
      if (oldVersion < 2) {
        queries.createIndex('updatedAt', 'updatedAt');
        queries.createIndex('lookupUpdated', ['lookupId', 'updatedAt']);
      }
    },
    // Another tab upgrading the database: let it, and reopen on the next call.
    blocking() {
      void database?.then((open) => open.close());
      database = undefined;
    },
  });
  return database;
}

// ---- Change notification: this tab's listeners, and other tabs through a BroadcastChannel ----

const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SAVED_DATABASE) : undefined;
channel?.addEventListener('message', () => notifyHere());

function notifyHere() {
  for (const listener of [...listeners]) listener();
}

function changed() {
  notifyHere();
  channel?.postMessage('changed');
}

/** Calls `listener` after any saved query is added, changed or removed (in this tab or another); returns the unsubscribe. */
export function onSavedChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ---- Reading ----

// One collator for every comparison: localeCompare with options builds one per call, which on a
// large list costs more than the sort itself.
const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

/** Saved queries by collection, then name (case-insensitive), then oldest first. */
export function compareSaved(a: SavedQuery, b: SavedQuery): number {
  return collator.compare(a.collection, b.collection) || collator.compare(a.name, b.name) || a.createdAt - b.createdAt;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function listSavedQueries(filter: { lookupId?: LookupId } = {}): Promise<SavedQuery[]> {
  const open = await db();
  if (filter.lookupId) return (await open.getAllFromIndex('queries', 'lookupId', filter.lookupId)).sort(compareSaved);
  // By key, a slice at a time: one getAll of 100,000 would be one long task to decode.
  const all: SavedQuery[] = [];
  for (;;) {
    const after = all.at(-1)?.id;
    const slice = await open.getAll('queries', after === undefined ? undefined : IDBKeyRange.lowerBound(after, true), READ_SLICE);
    all.push(...slice);
    if (slice.length < READ_SLICE) break;
    await nextTask();
  }
  return all.sort(compareSaved);
}

/** The `limit` most recently saved or changed (all, or one lookup's), in the list's order, and how many there are in all. */
export async function recentSavedQueries(
  limit: number,
  filter: { lookupId?: LookupId } = {},
): Promise<{ total: number; queries: SavedQuery[] }> {
  const transaction = (await db()).transaction('queries');
  const lookupId = filter.lookupId;
  const index = lookupId ? transaction.store.index('lookupUpdated') : transaction.store.index('updatedAt');
  const range = lookupId ? IDBKeyRange.bound([lookupId, -Infinity], [lookupId, Infinity]) : null;
  const [total, queries] = await Promise.all([
    index.count(range),
    (async () => {
      const found: SavedQuery[] = [];
      for (let cursor = await index.openCursor(range, 'prev'); cursor && found.length < limit; cursor = await cursor.continue())
        found.push(cursor.value);
      return found;
    })(),
  ]);
  await transaction.done;
  return { total, queries: queries.sort(compareSaved) };
}

export async function getSavedQuery(id: string): Promise<SavedQuery | undefined> {
  return (await db()).get('queries', id);
}

// ---- Writing ----

export function newSavedId(): string {
  return crypto.randomUUID();
}

/** Saves a new query; the name and collection are trimmed, a blank collection is the default one. */
export async function saveQuery(query: NewSavedQuery, now = Date.now()): Promise<SavedQuery> {
  const saved: SavedQuery = { ...tidy(query), id: newSavedId(), createdAt: now, updatedAt: now };
  await (await db()).put('queries', saved);
  changed();
  return saved;
}

/** Renames, re-notes or moves a saved query; undefined when it no longer exists. */
export async function updateSavedQuery(id: string, changes: SavedQueryChanges, now = Date.now()): Promise<SavedQuery | undefined> {
  const open = await db();
  const transaction = open.transaction('queries', 'readwrite');
  const current = await transaction.store.get(id);
  if (!current) {
    await transaction.done;
    return undefined;
  }
  const updated: SavedQuery = { ...tidy({ ...current, ...changes }), id, createdAt: current.createdAt, updatedAt: now };
  if (changes.note !== undefined && changes.note.trim() === '') delete updated.note;
  await transaction.store.put(updated);
  await transaction.done;
  changed();
  return updated;
}

/** Writes whole saved queries as they are (an import), after removing `remove` (the ones they replace), in one transaction. */
export async function putSavedQueries(queries: readonly SavedQuery[], remove: readonly string[] = []): Promise<void> {
  if (queries.length === 0 && remove.length === 0) return;
  const transaction = (await db()).transaction('queries', 'readwrite');
  await Promise.all([
    ...remove.map((id) => transaction.store.delete(id)),
    ...queries.map((query) => transaction.store.put(query)),
    transaction.done,
  ]);
  changed();
}

export async function deleteSavedQuery(id: string): Promise<void> {
  await (await db()).delete('queries', id);
  changed();
}

export async function clearSavedQueries(): Promise<void> {
  await (await db()).clear('queries');
  changed();
}

/** The collections in use, sorted; the default one is always offered. */
export function collectionNames(queries: readonly SavedQuery[]): string[] {
  const names = new Set([DEFAULT_COLLECTION, ...queries.map((query) => query.collection)]);
  return [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

function tidy<T extends Pick<SavedQuery, 'name' | 'collection'> & { note?: string }>(query: T): T {
  const note = query.note?.trim();
  const { note: _dropped, ...rest } = query;
  return { ...rest, name: query.name.trim(), collection: query.collection.trim() || DEFAULT_COLLECTION, ...(note ? { note } : {}) } as T;
}
