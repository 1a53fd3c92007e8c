// What importing would do to the saved queries, before anything is written: nothing saved is lost
// or overwritten without asking. An incoming query that has the id of a saved one, or the same
// collection and name, is a conflict the person settles (keep both, replace, skip); one identical
// to what is saved already is left alone.
import { newSavedId, type SavedQuery } from './saved-store.ts';

export type ConflictChoice = 'keep-both' | 'replace' | 'skip';

export interface ImportConflict {
  incoming: SavedQuery;
  /** The saved queries it collides with (by id, by collection and name, or both). */
  existing: SavedQuery[];
}

export interface ImportPlan {
  /** New to this browser: imported as they are. */
  fresh: SavedQuery[];
  conflicts: ImportConflict[];
  /** Already saved exactly so. */
  unchanged: SavedQuery[];
}

/** What to write: the queries to put, and the saved ids they replace. */
export interface ImportWrite {
  put: SavedQuery[];
  remove: string[];
}

const nameKey = (query: Pick<SavedQuery, 'collection' | 'name'>) =>
  `${query.collection.trim().toLowerCase()}\u0000${query.name.trim().toLowerCase()}`;

export function sameSavedQuery(a: SavedQuery, b: SavedQuery): boolean {
  return (
    a.id === b.id &&
    a.name === b.name &&
    (a.note ?? '') === (b.note ?? '') &&
    a.collection === b.collection &&
    a.lookupId === b.lookupId &&
    a.operationId === b.operationId &&
    a.search === b.search &&
    a.createdAt === b.createdAt &&
    a.updatedAt === b.updatedAt
  );
}

export function planImport(incoming: readonly SavedQuery[], saved: readonly SavedQuery[]): ImportPlan {
  const byId = new Map(saved.map((query) => [query.id, query]));
  const byName = new Map<string, SavedQuery[]>();
  for (const query of saved) byName.set(nameKey(query), [...(byName.get(nameKey(query)) ?? []), query]);
  const plan: ImportPlan = { fresh: [], conflicts: [], unchanged: [] };
  for (const query of incoming) {
    const sameId = byId.get(query.id);
    if (sameId && sameSavedQuery(sameId, query)) {
      plan.unchanged.push(query);
      continue;
    }
    const existing = [...new Set([...(sameId ? [sameId] : []), ...(byName.get(nameKey(query)) ?? [])])];
    if (existing.length > 0) plan.conflicts.push({ incoming: query, existing });
    else plan.fresh.push(query);
  }
  return plan;
}

/**
 * The writes of a plan with a choice per conflict (by the incoming query's id; unanswered ones are
 * skipped). "Keep both" gives the incoming query a new id and, when the name is taken in its
 * collection, a numbered name ("Movie (2)"); "replace" removes what it collides with.
 */
export function resolveImport(
  plan: ImportPlan,
  choices: Readonly<Record<string, ConflictChoice>>,
  saved: readonly SavedQuery[],
): ImportWrite {
  const write: ImportWrite = { put: [...plan.fresh], remove: [] };
  const taken = new Set([...saved, ...plan.fresh].map(nameKey));
  for (const { incoming, existing } of plan.conflicts) {
    const choice = choices[incoming.id] ?? 'skip';
    if (choice === 'skip') continue;
    if (choice === 'replace') {
      write.remove.push(...existing.map((query) => query.id).filter((id) => id !== incoming.id));
      write.put.push(incoming);
      continue;
    }
    const name = freeName(incoming, taken);
    taken.add(nameKey({ ...incoming, name }));
    write.put.push({ ...incoming, id: newSavedId(), name });
  }
  return write;
}

function freeName(query: SavedQuery, taken: ReadonlySet<string>): string {
  if (!taken.has(nameKey(query))) return query.name;
  for (let n = 2; ; n++) {
    const name = `${query.name} (${n})`;
    if (!taken.has(nameKey({ ...query, name }))) return name;
  }
}
