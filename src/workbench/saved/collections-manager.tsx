// The Saved page's body: every saved query by collection, with the whole set's export, the import,
// and clearing (asked twice: it cannot be undone).
import { useMemo, useState } from 'react';
import { useIdentity } from '../../api/identity-client.ts';
import { downloadText } from '../../results/download.ts';
import { BrunoExportButton } from './bruno-export-button.tsx';
import { writeCollectionsFile } from './collection-format.ts';
import { ImportReview } from './import-review.tsx';
import { clearSavedQueries, type SavedQuery } from './saved-store.ts';
import type { SavedSql } from './saved-sql.ts';
import { ALL_SAVED_NAME, byCollection, fileStem, writeAllPostman } from './saved-export.ts';
import { SavedQueryList } from './saved-query-list.tsx';
import { SavedSqlList } from './saved-sql-list.tsx';
import { useSavedSql } from './use-saved-sql.ts';
import { useSavedLookups, type SavedLookups } from './use-saved-lookups.ts';
import { useSavedQueries } from './use-saved-queries.ts';
import { quoted } from './saved-names.ts';
import { collectionBody } from '../team/item-bodies.ts';
import { SaveToTeamButton } from '../team/save-to-team-button.tsx';
import './saved.css';

const NO_QUERIES: readonly SavedQuery[] = [];

/** Every collection at once, for Postman (a folder per collection) and Bruno (a zipped collection folder). */
function ExportAll({ queries, lookups, sqlCount }: { queries: readonly SavedQuery[]; lookups: SavedLookups; sqlCount: number }) {
  const groups = useMemo(() => byCollection(queries), [queries]);
  const empty = queries.length === 0;
  return (
    <>
      {sqlCount > 0 && (
        <span className="muted" id="saved-export-sql-note">
          Postman and Bruno exports leave out the {sqlCount === 1 ? 'saved SQL query' : `${sqlCount} saved SQL queries`}: those tools cannot
          run them.
        </span>
      )}
      <button
        type="button"
        disabled={empty || !lookups.ready}
        onClick={() =>
          downloadText(
            `${fileStem(ALL_SAVED_NAME)}.postman_collection.json`,
            `${JSON.stringify(writeAllPostman(queries, lookups.lookupFor, window.location.origin).collection, null, 2)}\n`,
            'application/json',
          )
        }
      >
        Export all as Postman
      </button>
      <BrunoExportButton name={ALL_SAVED_NAME} groups={groups} lookups={lookups} label="Export all as Bruno (.zip)" disabled={empty} />
    </>
  );
}

/** Writes the collections file: this browser's queries, and on a team server the server's the user sees. */
async function exportCollections(queries: readonly SavedQuery[], sql: readonly SavedSql[], withTeam: boolean): Promise<void> {
  const team = withTeam ? await (await import('../team/team-export.ts')).teamItemsForExport() : { queries: [], sql: [] };
  downloadText(
    `lookup-explorer-collections-${new Date().toISOString().slice(0, 10)}.json`,
    writeCollectionsFile([...queries, ...team.queries], new Date(), [...sql, ...team.sql]),
    'application/json',
  );
}

export function CollectionsManager() {
  const identity = useIdentity();
  const [exportProblem, setExportProblem] = useState('');
  const saved = useSavedQueries();
  const savedSql = useSavedSql();
  const [confirmClear, setConfirmClear] = useState(false);
  const queries = saved.status === 'ready' ? saved.queries : NO_QUERIES;
  const lookupIds = useMemo(() => queries.map((query) => query.lookupId), [queries]);
  const lookups = useSavedLookups(lookupIds);
  if (saved.status === 'loading') return <p role="status">Loading saved queries…</p>;
  if (saved.status === 'unavailable')
    return <p role="alert">Saved queries are unavailable: this browser refuses local storage ({saved.message}).</p>;
  return (
    <div className="collections-manager">
      <div className="saved-toolbar">
        <button
          type="button"
          disabled={!identity && queries.length === 0 && savedSql.length === 0}
          onClick={() => {
            setExportProblem('');
            exportCollections(queries, savedSql, identity !== null).catch((error: unknown) =>
              setExportProblem(`Could not export: ${error instanceof Error ? error.message : String(error)}`),
            );
          }}
        >
          Export all collections (JSON)
        </button>
        {exportProblem && (
          <span role="alert" className="field-error">
            {exportProblem}
          </span>
        )}
        <ExportAll queries={queries} lookups={lookups} sqlCount={savedSql.length} />
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
      {queries.length === 0 && savedSql.length === 0 ? (
        <p className="empty">No saved queries yet. Use “Save query…” on a lookup’s page, or import a file.</p>
      ) : (
        queries.length > 0 && (
          <SavedQueryList
            queries={queries}
            all={queries}
            grouped
            showLookup
            collectionExports
            collectionActions={
              identity
                ? (name, list) => (
                    <SaveToTeamButton
                      kind="collection"
                      label={`Save ${quoted(name)} on the team server…`}
                      suggestedTitle={name}
                      body={() =>
                        collectionBody(
                          name,
                          list,
                          savedSql.filter((saved) => saved.collection === name),
                        )
                      }
                    />
                  )
                : undefined
            }
            headingLevel={2}
          />
        )
      )}
      <SavedSqlList saved={savedSql} />
    </div>
  );
}
