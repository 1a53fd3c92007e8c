// The collections file: every saved query, grouped by collection, as versioned JSON that another
// browser (or this one after clearing) imports back identical. Writing it needs no definitions and
// no zod (the catalog's list exports too); reading it is collection-file.ts's job.
// A collection may also hold saved SQL queries (saved-sql.ts) under `sql`: a key older files lack
// and older readers ignore, so the version stays 1.
import { compareSaved, type SavedQuery } from './saved-store.ts';
import type { SavedSql } from './saved-sql.ts';

export const COLLECTIONS_FORMAT = 'lookup-explorer-collections';
export const COLLECTIONS_VERSION = 1;

/** One entry a file could not give, and why: `collections[0].queries[2].lookupId: …`. */
export interface RejectedEntry {
  /** Where in the file, e.g. `collections[0].queries[2]`. */
  where: string;
  name?: string;
  reason: string;
}

/** What a file offers: the queries it holds (not yet compared with what is saved) and what it could not give. */
export type ReadFile =
  | { ok: true; kind: string; queries: SavedQuery[]; sql?: SavedSql[]; rejected: RejectedEntry[] }
  | { ok: false; message: string };

/** `collections[0].queries[2].name` from a zod issue path. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : `${text}${text ? '.' : ''}${String(part)}`),
    '',
  );
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

/** The collections file of these saved queries and saved SQL queries (a collection per name, in the list's order). */
export function writeCollectionsFile(queries: readonly SavedQuery[], now = new Date(), sqlQueries: readonly SavedSql[] = []): string {
  const byCollection = new Map<string, SavedQuery[]>();
  for (const query of [...queries].sort(compareSaved)) {
    const group = byCollection.get(query.collection) ?? [];
    group.push(query);
    byCollection.set(query.collection, group);
  }
  const sqlByCollection = new Map<string, SavedSql[]>();
  for (const entry of [...sqlQueries].sort((a, b) => collator.compare(a.name, b.name) || a.createdAt - b.createdAt)) {
    sqlByCollection.set(entry.collection, [...(sqlByCollection.get(entry.collection) ?? []), entry]);
    if (!byCollection.has(entry.collection)) byCollection.set(entry.collection, []);
  }
  const names = [...byCollection.keys()].sort((a, b) => collator.compare(a, b));
  const file = {
    format: COLLECTIONS_FORMAT,
    version: COLLECTIONS_VERSION,
    exportedAt: now.toISOString(),
    collections: names.map((name) => ({
      name,
      queries: byCollection.get(name)!.map(({ id, name: queryName, note, lookupId, operationId, search, createdAt, updatedAt }) => ({
        id,
        name: queryName,
        ...(note !== undefined && { note }),
        lookupId,
        operationId,
        search,
        createdAt,
        updatedAt,
      })),
      ...(sqlByCollection.has(name) && {
        sql: sqlByCollection
          .get(name)!
          .map(({ id, name: sqlName, sql, createdAt, updatedAt }) => ({ id, name: sqlName, sql, createdAt, updatedAt })),
      }),
    })),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}
