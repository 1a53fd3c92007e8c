// The palette's saved-query search, off the page's thread: reads the store once (again after any
// change, in this tab or another), builds the index, and answers each query with its few best.
import { listSavedQueries, onSavedChange } from '../../workbench/saved/saved-store.ts';
import { SavedSearchIndex } from './saved-search.ts';
import type { SavedSearchAnswer, SavedSearchRequest } from './saved-search-protocol.ts';

let index: Promise<SavedSearchIndex> | undefined;
onSavedChange(() => {
  index = undefined;
});

self.addEventListener('message', (event: MessageEvent<SavedSearchRequest>) => {
  const { id, query, limit, catalog } = event.data;
  index ??= listSavedQueries().then((saved) => new SavedSearchIndex(saved, catalog));
  index.then(
    (ready) => self.postMessage({ id, ok: true, ...ready.search(query, limit) } satisfies SavedSearchAnswer),
    () => {
      index = undefined;
      self.postMessage({ id, ok: false } satisfies SavedSearchAnswer);
    },
  );
});
