// The definitions a list of saved queries needs (to check each query and build its exports),
// each loaded on its own as the lookup pages load theirs: a page showing saved queries of two
// lookups downloads those two, never all twenty.
import { useEffect, useState } from 'react';
import { catalogEntries } from 'virtual:lookup-catalog';
import type { AnyLookup } from '../../lookups/define-lookup.ts';
import { loadLookupBySlug } from '../../lookups/lookup-loaders.ts';

/** Loaded definitions by id; `null` for an id no lookup has. */
const loaded = new Map<string, AnyLookup | null>();

function load(id: string): Promise<void> {
  const slug = catalogEntries.find((entry) => entry.id === id)?.slug;
  if (!slug) {
    loaded.set(id, null);
    return Promise.resolve();
  }
  // A chunk that failed to load is asked for again next time: nothing is recorded.
  return loadLookupBySlug(slug).then(
    (lookup) => void loaded.set(id, lookup ?? null),
    () => undefined,
  );
}

/** The catalog's entry for a lookup id (its slug and title, without its definition). */
export function catalogEntryOf(id: string) {
  return catalogEntries.find((entry) => entry.id === id);
}

export interface SavedLookups {
  /** The definition of a lookup id: undefined while loading or when no lookup has the id (see `ready`). */
  lookupFor: (id: string) => AnyLookup | undefined;
  /** Whether every id asked for has been looked up (so undefined from lookupFor means "no such lookup"). */
  ready: boolean;
}

export function useSavedLookups(ids: readonly string[]): SavedLookups {
  const wanted = [...new Set(ids)].sort().join(',');
  const [, setVersion] = useState(0);
  useEffect(() => {
    const missing = wanted.split(',').filter((id) => id && !loaded.has(id));
    if (missing.length === 0) return;
    let live = true;
    void Promise.all(missing.map(load)).then(() => live && setVersion((version) => version + 1));
    return () => {
      live = false;
    };
  }, [wanted]);
  return {
    lookupFor: (id) => loaded.get(id) ?? undefined,
    ready: wanted.split(',').every((id) => !id || loaded.has(id)),
  };
}
