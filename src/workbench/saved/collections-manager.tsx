// The Saved page's body: every saved query by collection, with the whole set's export, the import,
// and clearing (asked twice: it cannot be undone).
import { useState } from 'react';
import { downloadText } from '../../results/download.ts';
import { writeCollectionsFile } from './collection-format.ts';
import { ImportReview } from './import-review.tsx';
import { clearSavedQueries } from './saved-store.ts';
import { SavedQueryList } from './saved-query-list.tsx';
import { useSavedQueries } from './use-saved-queries.ts';
import './saved.css';

export function CollectionsManager() {
  const saved = useSavedQueries();
  const [confirmClear, setConfirmClear] = useState(false);
  if (saved.status === 'loading') return <p role="status">Loading saved queries…</p>;
  if (saved.status === 'unavailable') return <p role="alert">Saved queries are unavailable: this browser refuses local storage ({saved.message}).</p>;
  const { queries } = saved;
  return (
    <div className="collections-manager">
      <div className="saved-toolbar">
        <button
          type="button"
          disabled={queries.length === 0}
          onClick={() => downloadText(`lookup-explorer-collections-${new Date().toISOString().slice(0, 10)}.json`, writeCollectionsFile(queries), 'application/json')}
        >
          Export all collections (JSON)
        </button>
        {confirmClear ? (
          <span className="saved-confirm" role="group" aria-label="Confirm clearing">
            <button
              type="button"
              className="danger"
              onClick={() => {
                setConfirmClear(false);
                void clearSavedQueries();
              }}
            >
              Yes, delete all {queries.length} saved queries
            </button>
            <button type="button" onClick={() => setConfirmClear(false)}>
              Keep them
            </button>
          </span>
        ) : (
          <button type="button" disabled={queries.length === 0} onClick={() => setConfirmClear(true)}>
            Clear all saved queries…
          </button>
        )}
      </div>
      <ImportReview />
      {queries.length === 0 ? (
        <p className="empty">No saved queries yet. Use “Save query…” on a lookup’s page, or import a file.</p>
      ) : (
        <SavedQueryList queries={queries} all={queries} grouped showLookup collectionExports headingLevel={2} />
      )}
    </div>
  );
}
