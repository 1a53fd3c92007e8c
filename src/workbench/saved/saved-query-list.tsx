// Saved queries as a list: each opens its lookup page with its query; grouped by collection where
// several lookups mix (the catalog, the Saved page). Each can be edited (rename, note, move),
// deleted (with an undo) and exported. A query that no longer validates against its lookup says why.
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadText } from '../../results/download.ts';
import { collectionNames, deleteSavedQuery, putSavedQueries, updateSavedQuery, type SavedQuery } from './saved-store.ts';
import { checkSavedQuery, describeSearch, savedQueryHref } from './saved-validity.ts';
import { SavedQueryDialog } from './saved-query-dialog.tsx';
import { SavedQueryExports } from './saved-query-exports.tsx';
import { isNameTaken } from './saved-names.ts';
import { fileStem, writePostmanCollection } from './saved-export.ts';
import { writeCollectionsFile } from './collection-format.ts';
import { catalogEntryOf, useSavedLookups, type SavedLookups } from './use-saved-lookups.ts';
import './saved.css';

interface SavedQueryListProps {
  queries: readonly SavedQuery[];
  /** Every saved query (for the collections to move to, and the names taken); defaults to `queries`. */
  all?: readonly SavedQuery[];
  /** One heading and list per collection. */
  grouped: boolean;
  /** Name the lookup of each query (lists that mix lookups). */
  showLookup: boolean;
  /** Per-collection export buttons (the Saved page). */
  collectionExports?: boolean;
  headingLevel?: 2 | 3;
}

export function groupByCollection(queries: readonly SavedQuery[]): Array<[string, SavedQuery[]]> {
  const groups = new Map<string, SavedQuery[]>();
  for (const query of queries) groups.set(query.collection, [...(groups.get(query.collection) ?? []), query]);
  return [...groups];
}

export function SavedQueryList({ queries, all = queries, grouped, showLookup, collectionExports = false, headingLevel = 3 }: SavedQueryListProps) {
  const [editing, setEditing] = useState<SavedQuery>();
  const [deleted, setDeleted] = useState<SavedQuery>();
  const lookups = useSavedLookups(queries.map((query) => query.lookupId));
  const Heading = `h${headingLevel}` as const;
  const rows = (list: readonly SavedQuery[]) => (
    <ul className="saved-list">
      {list.map((query) => (
        <SavedQueryRow
          key={query.id}
          query={query}
          lookups={lookups}
          showLookup={showLookup}
          onEdit={() => setEditing(query)}
          onDelete={async () => {
            await deleteSavedQuery(query.id);
            setDeleted(query);
          }}
        />
      ))}
    </ul>
  );

  return (
    <div className="saved-queries">
      <p role="status" className="saved-status">
        {deleted && (
          <>
            Deleted “{deleted.name}”.{' '}
            <button type="button" className="link-button" onClick={() => void putSavedQueries([deleted]).then(() => setDeleted(undefined))}>
              Undo
            </button>
          </>
        )}
      </p>
      {grouped
        ? groupByCollection(queries).map(([collection, list]) => (
            <section key={collection} className="saved-collection" aria-label={`Collection ${collection}`}>
              <div className="saved-collection-head">
                <Heading>{collection}</Heading>
                {collectionExports && <CollectionExports name={collection} queries={list} lookups={lookups} />}
              </div>
              {rows(list)}
            </section>
          ))
        : rows(queries)}
      {editing && (
        <SavedQueryDialog
          title="Edit saved query"
          submitLabel="Save changes"
          initial={{ name: editing.name, note: editing.note ?? '', collection: editing.collection }}
          collections={collectionNames(all)}
          summary={describeSearch(editing.search)}
          isTaken={(collection, name) => isNameTaken(all, collection, name, editing.id)}
          onSubmit={async (fields) => {
            await updateSavedQuery(editing.id, fields);
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
  onEdit: () => void;
  onDelete: () => Promise<void>;
}

function SavedQueryRow({ query, lookups, showLookup, onEdit, onDelete }: SavedQueryRowProps) {
  const entry = catalogEntryOf(query.lookupId);
  // Checked once the definition has loaded; until then the query is listed as it was saved.
  const validity = lookups.ready ? checkSavedQuery(query, lookups.lookupFor(query.lookupId)) : undefined;
  const words = describeSearch(query.search);
  return (
    <li className="saved-item">
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
        <button type="button" onClick={onEdit}>
          Edit<span className="visually-hidden"> “{query.name}”</span>
        </button>
        <button type="button" onClick={() => void onDelete()}>
          Delete<span className="visually-hidden"> “{query.name}”</span>
        </button>
        {validity?.ok && <SavedQueryExports query={query} lookup={validity.lookup} />}
      </div>
    </li>
  );
}

function CollectionExports({ name, queries, lookups }: { name: string; queries: readonly SavedQuery[]; lookups: SavedLookups }) {
  return (
    <span className="saved-collection-exports">
      <button type="button" onClick={() => downloadText(`${fileStem(name)}.collections.json`, writeCollectionsFile(queries), 'application/json')}>
        Export “{name}” (JSON)
      </button>
      <button
        type="button"
        disabled={!lookups.ready}
        onClick={() =>
          downloadText(`${fileStem(name)}.postman_collection.json`, `${JSON.stringify(writePostmanCollection(name, queries, lookups.lookupFor, window.location.origin).collection, null, 2)}\n`, 'application/json')
        }
      >
        Export “{name}” as Postman
      </button>
    </span>
  );
}
