// Saved SQL queries of the /sql page (src/sql/), kept in this browser (localStorage) by name: saving a name
// again replaces its query. A broken or foreign value reads as no saved queries.
// Checked by hand, not with zod: the palette reads them, and zod would weigh on its chunk.

export const SAVED_SQL_KEY = 'lookup-explorer-sql-queries';

export interface SavedSql {
  name: string;
  sql: string;
  savedAt: number;
}

const isSavedSql = (value: unknown): value is SavedSql => {
  const entry = value as Partial<SavedSql> | null;
  return typeof entry === 'object' && entry !== null && typeof entry.name === 'string' && entry.name !== '' && typeof entry.sql === 'string' && entry.sql !== '' && typeof entry.savedAt === 'number';
};

export function readSavedSql(storage: Storage = localStorage): SavedSql[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SAVED_SQL_KEY) ?? '[]');
    return Array.isArray(parsed) && parsed.every(isSavedSql) ? parsed.map(({ name, sql, savedAt }) => ({ name, sql, savedAt })) : [];
  } catch {
    return [];
  }
}

/** Saves (or replaces) the query under its trimmed name; returns the new list, newest first. */
export function saveSql(name: string, sql: string, storage: Storage = localStorage, now = Date.now()): SavedSql[] {
  const entry = { name: name.trim(), sql: sql.trim(), savedAt: now };
  if (entry.name === '' || entry.sql === '') throw new Error('A saved query needs a name and a query.');
  const list = [entry, ...readSavedSql(storage).filter((saved) => saved.name !== entry.name)];
  storage.setItem(SAVED_SQL_KEY, JSON.stringify(list));
  return list;
}

export function deleteSavedSql(name: string, storage: Storage = localStorage): SavedSql[] {
  const list = readSavedSql(storage).filter((saved) => saved.name !== name);
  storage.setItem(SAVED_SQL_KEY, JSON.stringify(list));
  return list;
}
