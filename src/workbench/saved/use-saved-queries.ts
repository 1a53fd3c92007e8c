// The saved queries (all, or one lookup's, or the most recent few), kept current as they change in
// this tab or another.
import { useEffect, useState } from 'react';
import type { LookupId } from '../../lookups/define-lookup.ts';
import { listSavedQueries, onSavedChange, recentSavedQueries, type SavedQuery } from './saved-store.ts';

export type SavedList = { status: 'loading' } | { status: 'ready'; queries: SavedQuery[] } | { status: 'unavailable'; message: string };
export type RecentSaved =
  | { status: 'loading' }
  | { status: 'ready'; queries: SavedQuery[]; total: number }
  | { status: 'unavailable'; message: string };

function useStored<T>(
  read: () => Promise<T>,
  key: string,
): { status: 'loading' } | { status: 'ready'; value: T } | { status: 'unavailable'; message: string } {
  const [state, setState] = useState<{ status: 'loading' } | { status: 'ready'; value: T } | { status: 'unavailable'; message: string }>({
    status: 'loading',
  });
  useEffect(() => {
    let live = true;
    const refresh = () =>
      read().then(
        (value) => live && setState({ status: 'ready', value }),
        // Private browsing can refuse IndexedDB: say so rather than show an empty list.
        (error: unknown) => live && setState({ status: 'unavailable', message: error instanceof Error ? error.message : String(error) }),
      );
    void refresh();
    const stop = onSavedChange(() => void refresh());
    return () => {
      live = false;
      stop();
    };
    // `key` stands for what `read` reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}

/** Every saved query (or one lookup's): for the Saved page, which shows them in a virtualised list. */
export function useSavedQueries(lookupId?: LookupId): SavedList {
  const state = useStored(() => listSavedQueries(lookupId ? { lookupId } : {}), `all:${lookupId ?? ''}`);
  return state.status === 'ready' ? { status: 'ready', queries: state.value } : state;
}

/** The `limit` most recent (all, or one lookup's) and how many there are: what the catalog and a lookup page show. */
export function useRecentSaved(limit: number, lookupId?: LookupId): RecentSaved {
  const state = useStored(() => recentSavedQueries(limit, lookupId ? { lookupId } : {}), `recent:${limit}:${lookupId ?? ''}`);
  return state.status === 'ready' ? { status: 'ready', ...state.value } : state;
}
