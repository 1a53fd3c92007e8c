// The palette's saved queries for what is typed: the few best, from a worker that holds the whole
// list (one per opening of the palette, ended when it closes). Where workers are unavailable
// (component tests under jsdom) the same index runs here, behind the same hook.
import { useEffect, useRef, useState } from 'react';
import { listSavedQueries, onSavedChange } from '../../workbench/saved/saved-store.ts';
import type { LookupNaming } from './palette-items.ts';
import type { PaletteItem } from './palette-match.ts';
import { SavedSearchIndex } from './saved-search.ts';
import type { SavedSearchAnswer, SavedSearchRequest } from './saved-search-protocol.ts';

type Search = (query: string) => void;

/** The best `limit` saved queries for `query`; empty while the first answer is on its way or where IndexedDB is unavailable. */
export function useSavedMatches(query: string, limit: number, catalog: readonly LookupNaming[]): PaletteItem[] {
  const [items, setItems] = useState<PaletteItem[]>([]);
  const search = useRef<Search>(undefined);
  const latest = useRef(query);

  // Before the worker's effect, so a worker started later is asked the query typed by then.
  useEffect(() => {
    latest.current = query;
    search.current?.(query);
  }, [query]);

  useEffect(() => {
    const naming = catalog.map(({ id, slug, title }) => ({ id, slug, title }));
    const stop =
      typeof Worker === 'function'
        ? searchInWorker(naming, limit, setItems, search)
        : searchHere(naming, limit, setItems, search, () => latest.current);
    search.current?.(latest.current);
    return () => {
      search.current = undefined;
      stop();
    };
  }, [catalog, limit]);

  return items;
}

function searchInWorker(
  catalog: readonly LookupNaming[],
  limit: number,
  show: (items: PaletteItem[]) => void,
  search: { current?: Search },
): () => void {
  const worker = new Worker(new URL('./saved-search.worker.ts', import.meta.url), { type: 'module', name: 'palette-saved-search' });
  let asked = 0;
  let lastQuery = '';
  worker.addEventListener('message', (event: MessageEvent<SavedSearchAnswer>) => {
    // An answer to an older query is dropped: the latest one is on its way.
    if (event.data.id === asked) show(event.data.ok ? event.data.items : []);
  });
  search.current = (query) => {
    lastQuery = query;
    worker.postMessage({ id: ++asked, query, limit, catalog } satisfies SavedSearchRequest);
  };
  // A change while the palette is open: the worker has dropped its index; ask again.
  const stopWatching = onSavedChange(() => search.current?.(lastQuery));
  return () => {
    stopWatching();
    worker.terminate();
  };
}

function searchHere(
  catalog: readonly LookupNaming[],
  limit: number,
  show: (items: PaletteItem[]) => void,
  search: { current?: Search },
  current: () => string,
): () => void {
  let live = true;
  let index: SavedSearchIndex | undefined;
  const load = () =>
    listSavedQueries().then(
      (saved) => {
        if (!live) return;
        index = new SavedSearchIndex(saved, catalog);
        show(index.search(current(), limit).items);
      },
      // Private browsing without IndexedDB: the palette still finds lookups and actions.
      () => live && show([]),
    );
  search.current = (query) => index && show(index.search(query, limit).items);
  void load();
  const stopWatching = onSavedChange(() => void load());
  return () => {
    live = false;
    stopWatching();
  };
}
