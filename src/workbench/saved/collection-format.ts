// The collections file: every saved query, grouped by collection, as versioned JSON that another
// browser (or this one after clearing) imports back identical. Writing it needs no definitions and
// no zod (the catalog's list exports too); reading it is collection-file.ts's job.
import { compareSaved, type SavedQuery } from './saved-store.ts';

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
export type ReadFile = { ok: true; kind: string; queries: SavedQuery[]; rejected: RejectedEntry[] } | { ok: false; message: string };

/** `collections[0].queries[2].name` from a zod issue path. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : `${text}${text ? '.' : ''}${String(part)}`), '');
}

/** The collections file of these saved queries (a collection per name, in the list's order). */
export function writeCollectionsFile(queries: readonly SavedQuery[], now = new Date()): string {
  const byCollection = new Map<string, SavedQuery[]>();
  for (const query of [...queries].sort(compareSaved)) {
    const group = byCollection.get(query.collection) ?? [];
    group.push(query);
    byCollection.set(query.collection, group);
  }
  const file = {
    format: COLLECTIONS_FORMAT,
    version: COLLECTIONS_VERSION,
    exportedAt: now.toISOString(),
    collections: [...byCollection].map(([name, group]) => ({
      name,
      queries: group.map(({ id, name: queryName, note, lookupId, operationId, search, createdAt, updatedAt }) => ({
        id,
        name: queryName,
        ...(note !== undefined && { note }),
        lookupId,
        operationId,
        search,
        createdAt,
        updatedAt,
      })),
    })),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}
