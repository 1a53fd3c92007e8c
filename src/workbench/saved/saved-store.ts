// Saved queries, kept in this browser's IndexedDB (database 'lookup-explorer-saved'): a name, an
// optional note and a collection for a lookup page's query string. The store knows no lookup
// definitions (the catalog page lists saved queries without loading them); checking a saved
// search against its lookup is saved-validity.ts's job.
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
  queries: { key: string; value: SavedQuery; indexes: { lookupId: string } };
}

let database: Promise<IDBPDatabase<SavedSchema>> | undefined;

function db(): Promise<IDBPDatabase<SavedSchema>> {
  database ??= openDB<SavedSchema>(SAVED_DATABASE, 1, {
    upgrade(upgrading) {
      const queries = upgrading.createObjectStore('queries', { keyPath: 'id' });
      queries.createIndex('lookupId', 'lookupId');
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

/** Saved queries by collection, then name (case-insensitive), then oldest first. */
export function compareSaved(a: SavedQuery, b: SavedQuery): number {
  return a.collection.localeCompare(b.collection, undefined, { sensitivity: 'base' }) || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.createdAt - b.createdAt;
}

export async function listSavedQueries(filter: { lookupId?: LookupId } = {}): Promise<SavedQuery[]> {
  const open = await db();
  const all = filter.lookupId ? await open.getAllFromIndex('queries', 'lookupId', filter.lookupId) : await open.getAll('queries');
  return all.sort(compareSaved);
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
  await Promise.all([...remove.map((id) => transaction.store.delete(id)), ...queries.map((query) => transaction.store.put(query)), transaction.done]);
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
