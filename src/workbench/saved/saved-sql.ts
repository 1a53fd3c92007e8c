// Saved SQL queries of the /sql page (src/sql/): saved items of the collections like the lookup
// queries (a name, the SQL, a collection), exported and imported with the collections file. Kept in
// this browser's localStorage, not IndexedDB: the palette and the Saved page read them at once, and
// they are few. A broken or foreign value reads as no saved queries.
// Checked by hand, not with zod: the palette reads them, and zod would weigh on its chunk.
import { DEFAULT_COLLECTION } from './saved-store.ts';

export const SAVED_SQL_KEY = 'lookup-explorer-saved-sql';
/** Where the first version kept them (by name, outside the collections); moved once into the default collection. */
export const LEGACY_SQL_KEY = 'lookup-explorer-sql-queries';
/** Fired on window when this tab changes them; other tabs hear the 'storage' event. */
export const SAVED_SQL_EVENT = 'lookup-explorer-saved-sql-changed';

export interface SavedSql {
  id: string;
  name: string;
  collection: string;
  sql: string;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

export const isSavedSql = (value: unknown): value is SavedSql => {
  const entry = value as Partial<SavedSql> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    isText(entry.id) &&
    isText(entry.name) &&
    isText(entry.collection) &&
    isText(entry.sql) &&
    typeof entry.createdAt === 'number' &&
    typeof entry.updatedAt === 'number'
  );
};

function readList(storage: Storage, key: string, valid: (value: unknown) => boolean): unknown[] | undefined {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    return Array.isArray(parsed) && parsed.every(valid) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The first version's entries ({ name, sql, savedAt }) become items of the default collection, once. */
function migrateLegacy(storage: Storage): void {
  if (storage.getItem(LEGACY_SQL_KEY) === null) return;
  const legacy = readList(storage, LEGACY_SQL_KEY, (value) => {
    const entry = value as { name?: unknown; sql?: unknown; savedAt?: unknown } | null;
    return typeof entry === 'object' && entry !== null && isText(entry.name) && isText(entry.sql) && typeof entry.savedAt === 'number';
  }) as Array<{ name: string; sql: string; savedAt: number }> | undefined;
  const current = (readList(storage, SAVED_SQL_KEY, isSavedSql) as SavedSql[] | undefined) ?? [];
  const taken = new Set(current.map((saved) => `${saved.collection}\u0000${saved.name}`));
  const moved = (legacy ?? [])
    .filter((entry) => !taken.has(`${DEFAULT_COLLECTION}\u0000${entry.name}`))
    .map((entry) => ({
      id: crypto.randomUUID(),
      name: entry.name,
      collection: DEFAULT_COLLECTION,
      sql: entry.sql,
      createdAt: entry.savedAt,
      updatedAt: entry.savedAt,
    }));
  storage.setItem(SAVED_SQL_KEY, JSON.stringify([...moved, ...current]));
  storage.removeItem(LEGACY_SQL_KEY);
}

/** Every saved SQL query, most recently changed first. */
export function readSavedSql(storage: Storage = localStorage): SavedSql[] {
  try {
    migrateLegacy(storage);
  } catch {
    // Storage refusing writes: the old entries stay where they are and are tried again next time.
  }
  const list = (readList(storage, SAVED_SQL_KEY, isSavedSql) as SavedSql[] | undefined) ?? [];
  return list
    .map(({ id, name, collection, sql, createdAt, updatedAt }) => ({ id, name, collection, sql, createdAt, updatedAt }))
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

function write(list: readonly SavedSql[], storage: Storage): SavedSql[] {
  storage.setItem(SAVED_SQL_KEY, JSON.stringify(list));
  if (typeof window !== 'undefined' && storage === window.localStorage) window.dispatchEvent(new Event(SAVED_SQL_EVENT));
  return readSavedSql(storage);
}

/** Saves the query under its trimmed name in its collection (blank: the default one); the same name in the same collection is replaced. */
export function saveSql(
  name: string,
  sql: string,
  collection = DEFAULT_COLLECTION,
  storage: Storage = localStorage,
  now = Date.now(),
): SavedSql[] {
  const entry = { name: name.trim(), sql: sql.trim(), collection: collection.trim() || DEFAULT_COLLECTION };
  if (entry.name === '' || entry.sql === '') throw new Error('A saved query needs a name and a query.');
  const list = readSavedSql(storage);
  const same = list.find((saved) => saved.collection === entry.collection && saved.name === entry.name);
  const saved: SavedSql = { ...entry, id: same?.id ?? crypto.randomUUID(), createdAt: same?.createdAt ?? now, updatedAt: now };
  return write([saved, ...list.filter((other) => other.id !== saved.id)], storage);
}

export function deleteSavedSql(id: string, storage: Storage = localStorage): SavedSql[] {
  return write(
    readSavedSql(storage).filter((saved) => saved.id !== id),
    storage,
  );
}

/** Writes whole saved SQL queries as they are (an import), replacing any with the same id. */
export function putSavedSql(entries: readonly SavedSql[], storage: Storage = localStorage): SavedSql[] {
  if (entries.length === 0) return readSavedSql(storage);
  const ids = new Set(entries.map((entry) => entry.id));
  return write([...entries, ...readSavedSql(storage).filter((saved) => !ids.has(saved.id))], storage);
}

/** Calls `listener` whenever the saved SQL queries change, in this tab or another; returns the unsubscribe. */
export function onSavedSqlChange(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SAVED_SQL_KEY) listener();
  };
  window.addEventListener(SAVED_SQL_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SAVED_SQL_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** What importing these does: new ones are added; one already saved exactly so is left alone; one
 * whose id or collection and name is taken is kept beside the saved one with a new id and a
 * numbered name ("per zip (2)"), so nothing saved is overwritten. */
export function planSqlImport(incoming: readonly SavedSql[], saved: readonly SavedSql[]): { put: SavedSql[]; unchanged: number } {
  const byId = new Map(saved.map((entry) => [entry.id, entry]));
  const key = (entry: Pick<SavedSql, 'collection' | 'name'>) => `${entry.collection.toLowerCase()}\u0000${entry.name.toLowerCase()}`;
  const taken = new Set(saved.map(key));
  const ids = new Set(saved.map((entry) => entry.id));
  const put: SavedSql[] = [];
  let unchanged = 0;
  for (const entry of incoming) {
    const same = byId.get(entry.id);
    if (same && same.name === entry.name && same.collection === entry.collection && same.sql === entry.sql) {
      unchanged++;
      continue;
    }
    let name = entry.name;
    for (let n = 2; taken.has(key({ ...entry, name })); n++) name = `${entry.name} (${n})`;
    const id = ids.has(entry.id) ? crypto.randomUUID() : entry.id;
    taken.add(key({ ...entry, name }));
    ids.add(id);
    put.push({ ...entry, id, name });
  }
  return { put, unchanged };
}
