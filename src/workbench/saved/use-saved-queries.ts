// The saved queries (all, or one lookup's), kept current as they change in this tab or another.
import { useEffect, useState } from 'react';
import type { LookupId } from '../../lookups/define-lookup.ts';
import { listSavedQueries, onSavedChange, type SavedQuery } from './saved-store.ts';

export type SavedList = { status: 'loading' } | { status: 'ready'; queries: SavedQuery[] } | { status: 'unavailable'; message: string };

export function useSavedQueries(lookupId?: LookupId): SavedList {
  const [list, setList] = useState<SavedList>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    const refresh = () =>
      listSavedQueries(lookupId ? { lookupId } : {}).then(
        (queries) => live && setList({ status: 'ready', queries }),
        // Private browsing can refuse IndexedDB: say so rather than show an empty list.
        (error: unknown) => live && setList({ status: 'unavailable', message: error instanceof Error ? error.message : String(error) }),
      );
    void refresh();
    const stop = onSavedChange(() => void refresh());
    return () => {
      live = false;
      stop();
    };
  }, [lookupId]);
  return list;
}
