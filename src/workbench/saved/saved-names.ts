// Names are unique within a collection (ignoring case and surrounding spaces), so a name picks
// one query and an import can tell a collision from a new query.
import type { SavedQuery } from './saved-store.ts';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether a saved query other than `exceptId` has this name in this collection. */
export function isNameTaken(queries: readonly SavedQuery[], collection: string, name: string, exceptId?: string): boolean {
  return queries.some((query) => query.id !== exceptId && same(query.collection, collection) && same(query.name, name));
}

/**
 * A user's name in quotes that do not clash with its own: “Movies” but ‘Movies & "quotes"’, and
 * «…» when it holds both kinds, so a label never nests one pair of quotes in the same kind.
 */
export function quoted(name: string): string {
  if (!/["“”]/.test(name)) return `“${name}”`;
  if (!/['‘’]/.test(name)) return `‘${name}’`;
  return `«${name}»`;
}

/** How long a suggested name may be: short enough to read in a list (the field takes up to 200). */
export const NAME_LENGTH = 120;

/**
 * The name suggested for a query: the lookup's title and as many of its values as fit whole, and
 * how many more there are, never a value cut in the middle ("datetime_end=2024-").
 */
export function suggestedName(title: string, values: readonly string[]): string {
  let name = title;
  for (const [at, value] of values.entries()) {
    const next = `${name}${at === 0 ? ': ' : ' · '}${value}`;
    const left = values.length - at - 1;
    const more = left > 0 ? ` · +${left} more` : '';
    if (next.length + more.length > NAME_LENGTH) return `${name} · +${values.length - at} more`.slice(0, NAME_LENGTH);
    name = next;
  }
  return name.slice(0, NAME_LENGTH);
}
