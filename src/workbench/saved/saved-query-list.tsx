// Saved queries as a list: each opens its lookup page with its query; grouped by collection where
// several lookups mix (the catalog, the Saved page). Each can be edited (rename, note, move),
// deleted (with an undo) and exported. A query that no longer validates against its lookup says why.
// A long list (the Saved page may hold 100,000) is virtualised: only the rows in view are rendered.
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { downloadText } from '../../results/download.ts';
import { collectionNames, deleteSavedQuery, listSavedQueries, putSavedQueries, updateSavedQuery, type SavedQuery } from './saved-store.ts';
import { checkSavedQuery, describeSearch, savedQueryHref } from './saved-validity.ts';
import { SavedQueryDialog } from './saved-query-dialog.tsx';
import { SavedQueryExports } from './saved-query-exports.tsx';
import { parseUrlQuery } from '../../form/url-state.ts';
import { WatchQueryButton } from '../jobs/watch-query-button.tsx';
import { isNameTaken, quoted } from './saved-names.ts';
import { fileStem, writePostmanCollection } from './saved-export.ts';
import { BrunoExportButton } from './bruno-export-button.tsx';
import { writeCollectionsFile } from './collection-format.ts';
import { readSavedSql } from './saved-sql.ts';
import { catalogEntryOf, useSavedLookups, type SavedLookups } from './use-saved-lookups.ts';
import type { Row } from './virtual-saved-rows.tsx';
import './saved.css';

/** Above this many rows (headings and queries) the list is virtualised; below it every row is in the page. */
export const VIRTUALISE_FROM = 40;
// The virtualiser loads only for a list that long, so the catalog and lookup pages never carry it.
const VirtualRows = lazy(() => import('./virtual-saved-rows.tsx'));

interface SavedQueryListProps {
  queries: readonly SavedQuery[];
  /** Every saved query (for the collections to move to, and the names taken); read when an edit starts when not given. */
  all?: readonly SavedQuery[];
  /** One heading and list per collection. */
  grouped: boolean;
  /** Name the lookup of each query (lists that mix lookups). */
  showLookup: boolean;
  /** Per-collection export buttons (the Saved page). */
  collectionExports?: boolean;
  /** More actions beside a collection's heading (the Saved page's "Save … on the team server…"), kept out of the lists other pages show. */
  collectionActions?: (name: string, queries: readonly SavedQuery[]) => ReactNode;
  headingLevel?: 2 | 3;
}

export function groupByCollection(queries: readonly SavedQuery[]): Array<[string, SavedQuery[]]> {
  const groups = new Map<string, SavedQuery[]>();
  for (const query of queries) {
    const group = groups.get(query.collection);
    if (group) group.push(query);
    else groups.set(query.collection, [query]);
  }
  return [...groups];
}

function listRows(queries: readonly SavedQuery[], grouped: boolean): Row[] {
  const rows: Row[] = [];
  let position = 0;
  const add = (list: readonly SavedQuery[]) => list.forEach((query) => rows.push({ kind: 'query', query, position: (position += 1) }));
  if (!grouped) add(queries);
  else
    for (const [collection, list] of groupByCollection(queries)) {
      rows.push({ kind: 'heading', collection, queries: list });
      add(list);
    }
  return rows;
}

export function SavedQueryList({
  queries,
  all,
  grouped,
  showLookup,
  collectionExports = false,
  collectionActions,
  headingLevel = 3,
}: SavedQueryListProps) {
  const [editing, setEditing] = useState<{ query: SavedQuery; all: readonly SavedQuery[] }>();
  const [deleted, setDeleted] = useState<SavedQuery>();
  const lookupIds = useMemo(() => queries.map((query) => query.lookupId), [queries]);
  const lookups = useSavedLookups(lookupIds);
  const rows = useMemo(() => listRows(queries, grouped), [queries, grouped]);
  const Heading = `h${headingLevel}` as const;
  const renderRow = (row: Row) =>
    row.kind === 'heading' ? (
      <div className="saved-collection-head">
        <Heading>{row.collection}</Heading>
        {collectionExports && <CollectionExports name={row.collection} queries={row.queries} lookups={lookups} />}
        {collectionActions?.(row.collection, row.queries)}
      </div>
    ) : (
      <SavedQueryRow
        query={row.query}
        lookups={lookups}
        showLookup={showLookup}
        // The dialog needs every collection and name; a preview (the catalog) reads them only now.
        onEdit={async () => {
          const everything = all ?? (await listSavedQueries().catch(() => undefined));
          if (everything) setEditing({ query: row.query, all: everything });
        }}
        onDelete={async () => {
          await deleteSavedQuery(row.query.id);
          setDeleted(row.query);
        }}
      />
    );

  return (
    <div className="saved-queries">
      <p role="status" className="saved-status">
        {deleted && (
          <>
            Deleted {quoted(deleted.name)}.{' '}
            <button type="button" className="link-button" onClick={() => void putSavedQueries([deleted]).then(() => setDeleted(undefined))}>
              Undo
            </button>
          </>
        )}
      </p>
      {rows.length > VIRTUALISE_FROM ? (
        <Suspense fallback={<p className="saved-status">Listing {queries.length} saved queries…</p>}>
          <VirtualRows
            rows={rows}
            label={`${queries.length} saved${grouped ? ', by collection' : ''}`}
            count={queries.length}
            render={renderRow}
          />
        </Suspense>
      ) : grouped ? (
        groupByCollection(queries).map(([collection, list]) => (
          <section key={collection} className="saved-collection" aria-label={`Collection ${collection}`}>
            {renderRow({ kind: 'heading', collection, queries: list })}
            <ul className="saved-list">
              {list.map((query) => (
                <li key={query.id} className="saved-item">
                  {renderRow({ kind: 'query', query, position: 0 })}
                </li>
              ))}
            </ul>
          </section>
        ))
      ) : (
        <ul className="saved-list">
          {queries.map((query) => (
            <li key={query.id} className="saved-item">
              {renderRow({ kind: 'query', query, position: 0 })}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <SavedQueryDialog
          title="Edit saved query"
          submitLabel="Save changes"
          initial={{ name: editing.query.name, note: editing.query.note ?? '', collection: editing.query.collection }}
          collections={collectionNames(editing.all)}
          summary={describeSearch(editing.query.search)}
          isTaken={(collection, name) => isNameTaken(editing.all, collection, name, editing.query.id)}
          onSubmit={async (fields) => {
            await updateSavedQuery(editing.query.id, fields);
            setEditing(undefined);
          }}
          onClose={() => setEditing(undefined)}
        />
      )}
    </div>
  );
}

interface SavedQueryRowProps {
  query: SavedQuery;
  lookups: SavedLookups;
  showLookup: boolean;
  onEdit: () => Promise<void>;
  onDelete: () => Promise<void>;
}

function SavedQueryRow({ query, lookups, showLookup, onEdit, onDelete }: SavedQueryRowProps) {
  const entry = catalogEntryOf(query.lookupId);
  // Checked once the definition has loaded; until then the query is listed as it was saved.
  const validity = lookups.ready ? checkSavedQuery(query, lookups.lookupFor(query.lookupId)) : undefined;
  const words = describeSearch(query.search);
  return (
    <>
      <div className="saved-item-main">
        {entry ? (
          <Link to={savedQueryHref(entry.slug, query)} className="saved-name">
            {query.name}
          </Link>
        ) : (
          <span className="saved-name">{query.name}</span>
        )}
        {showLookup && <span className="muted"> · {entry ? `${entry.id}. ${entry.title}` : `lookup ${query.lookupId}`}</span>}
        {words && <code className="saved-values">{words}</code>}
        {query.note && <p className="saved-note">{query.note}</p>}
        {validity && !validity.ok && <p className="field-error saved-invalid">Invalid: {validity.problems.join('; ')}</p>}
      </div>
      <div className="saved-item-actions">
        <button type="button" onClick={() => void onEdit()}>
          Edit<span className="visually-hidden"> {quoted(query.name)}</span>
        </button>
        <button type="button" onClick={() => void onDelete()}>
          Delete<span className="visually-hidden"> {quoted(query.name)}</span>
        </button>
        {validity?.ok && <SavedQueryExports query={query} lookup={validity.lookup} />}
        {validity?.ok && <WatchSavedQuery query={query} lookup={validity.lookup} />}
      </div>
    </>
  );
}

/** A valid saved query's parameters, as its lookup page would send them, for a watchlist (team servers with jobs only). */
function WatchSavedQuery({ query, lookup }: { query: SavedQuery; lookup: Parameters<typeof parseUrlQuery>[0] }) {
  const params = useMemo(() => parseUrlQuery(lookup, query.search).submittedParams, [lookup, query.search]);
  return params ? <WatchQueryButton lookupId={query.lookupId} operationId={query.operationId} params={params} name={query.name} /> : null;
}

function CollectionExports({ name, queries, lookups }: { name: string; queries: readonly SavedQuery[]; lookups: SavedLookups }) {
  return (
    <span className="saved-collection-exports">
      <button
        type="button"
        onClick={() =>
          downloadText(
            `${fileStem(name)}.collections.json`,
            writeCollectionsFile(
              queries,
              new Date(),
              readSavedSql().filter((saved) => saved.collection === name),
            ),
            'application/json',
          )
        }
      >
        Export {quoted(name)} (JSON)
      </button>
      <button
        type="button"
        disabled={!lookups.ready}
        onClick={() =>
          downloadText(
            `${fileStem(name)}.postman_collection.json`,
            `${JSON.stringify(writePostmanCollection(name, queries, lookups.lookupFor, window.location.origin).collection, null, 2)}\n`,
            'application/json',
          )
        }
      >
        Export {quoted(name)} as Postman
      </button>
      <BrunoExportButton name={name} groups={[{ name, queries }]} lookups={lookups} label={`Export ${quoted(name)} as Bruno (.zip)`} />
    </span>
  );
}
