// Names are unique within a collection (ignoring case and surrounding spaces), so a name picks
// one query and an import can tell a collision from a new query.
import type { SavedQuery } from './saved-store.ts';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether a saved query other than `exceptId` has this name in this collection. */
export function isNameTaken(queries: readonly SavedQuery[], collection: string, name: string, exceptId?: string): boolean {
  return queries.some((query) => query.id !== exceptId && same(query.collection, collection) && same(query.name, name));
}
