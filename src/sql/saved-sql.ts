// Saved SQL queries of the /sql page, kept in this browser (localStorage) by name: saving a name
// again replaces its query. A broken or foreign value reads as no saved queries.
import { z } from 'zod';

export const SAVED_SQL_KEY = 'lookup-explorer-sql-queries';

const savedSqlSchema = z.array(z.object({ name: z.string().min(1), sql: z.string().min(1), savedAt: z.number() }));
export type SavedSql = z.infer<typeof savedSqlSchema>[number];

export function readSavedSql(storage: Storage = localStorage): SavedSql[] {
  try {
    const parsed = savedSqlSchema.safeParse(JSON.parse(storage.getItem(SAVED_SQL_KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
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
