// The /sql page: every stored answer in History and every saved bulk dataset is a table by a
// readable name, listed with its columns (read when its entry is opened); a query joins any of
// them, and can be saved by name in this browser. Only the tables a query names are loaded.
import { useCallback, useEffect, useId, useState } from 'react';
import { columnTypeOf } from './arrow-columns.ts';
import { tablesOf } from './engine.ts';
import { SaveToTeamButton } from '../workbench/team/save-to-team-button.tsx';
import { deleteSavedSql, onSavedSqlChange, readSavedSql, saveSql, type SavedSql } from '../workbench/saved/saved-sql.ts';
import { DEFAULT_COLLECTION } from '../workbench/saved/saved-store.ts';
import { listSourceTables, type SourceTable } from './source-tables.ts';
import { SqlWorkspace, type SqlWorkspaceProps } from './sql-workspace.tsx';
import { dropUnmaskedTables, ensureTables } from './table-registry.ts';

export interface SqlPageProps {
  /** The query in the URL (`/sql?sql=…`); empty: none. */
  sql: string;
  onSqlChange: (sql: string) => void;
  maskingOn: boolean;
  /** Draws a result's rows with coordinates on a map (the app's lazily loaded map part). */
  renderMap?: SqlWorkspaceProps['renderMap'];
}

type Listing = { status: 'loading' } | { status: 'ready'; tables: SourceTable[] } | { status: 'failed'; reason: string };

export function SqlPage({ sql, onSqlChange, maskingOn, renderMap }: SqlPageProps) {
  const [listing, setListing] = useState<{ of: boolean; listing: Listing }>();
  const current: Listing = listing?.of === maskingOn ? listing.listing : { status: 'loading' };

  useEffect(() => {
    let live = true;
    if (maskingOn) void dropUnmaskedTables();
    listSourceTables(maskingOn).then(
      (tables) => live && setListing({ of: maskingOn, listing: { status: 'ready', tables } }),
      (error: unknown) =>
        live &&
        setListing({ of: maskingOn, listing: { status: 'failed', reason: error instanceof Error ? error.message : String(error) } }),
    );
    return () => {
      live = false;
    };
  }, [maskingOn]);

  const tables = current.status === 'ready' ? current.tables : undefined;
  const prepare = useCallback(
    async (query: string) => {
      if (!tables) return;
      const named = new Set((await tablesOf(query)).map((name) => name.toLowerCase().split('.').pop()!));
      await ensureTables(tables.filter((table) => named.has(table.name)));
    },
    [tables],
  );

  return (
    <div className="sql-page">
      <aside aria-labelledby="sql-tables-title">
        <h2 id="sql-tables-title">Tables</h2>
        {current.status === 'loading' && <p role="status">Reading History and bulk datasets…</p>}
        {current.status === 'failed' && <p role="alert">The stored answers could not be read: {current.reason}</p>}
        {tables && tables.length === 0 && (
          <p className="empty">No stored answers yet: send a request or run a bulk list, and it is a table here.</p>
        )}
        {tables && tables.length > 0 && (
          <ul className="sql-tables" aria-label="Tables">
            {tables.map((table) => (
              <li key={table.name}>
                <TableEntry table={table} />
              </li>
            ))}
          </ul>
        )}
        <p className="muted">
          <code>select * from tables</code> lists them in words. Distances: <code>distance_m(lat1, lon1, lat2, lon2)</code> in metres and{' '}
          <code>within_m(lat1, lon1, lat2, lon2, metres)</code>.
        </p>
        <SavedQueries onOpen={onSqlChange} />
      </aside>
      <section aria-label="Query">
        {tables && (
          <SqlWorkspace
            sql={sql}
            onCommit={onSqlChange}
            prepare={prepare}
            fileStem={`lookup-sql-${new Date().toISOString().slice(0, 10)}`}
            placeholder={tables[0] ? `select * from ${tables[0].name} limit 100` : 'select 42 as answer'}
            actions={(draft) => <SaveQuery draft={draft} />}
            renderMap={renderMap}
          />
        )}
      </section>
    </div>
  );
}

/** One table: its name and what it is; its columns are read when it is opened. */
function TableEntry({ table }: { table: SourceTable }) {
  const [columns, setColumns] = useState<Array<{ column: string; type: string }> | 'loading'>();
  function onToggle(open: boolean) {
    if (!open || columns) return;
    setColumns('loading');
    void Promise.resolve(table.rows()).then((flat) =>
      setColumns(flat.columns.map((column) => ({ column, type: columnTypeOf(flat.rows, column) }))),
    );
  }
  return (
    <details onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary>
        <code>{table.name}</code> <small>{table.description}</small>
      </summary>
      {columns === 'loading' && <p role="status">Reading columns…</p>}
      {Array.isArray(columns) && (
        <ul className="sql-columns" aria-label={`Columns of ${table.name}`}>
          {columns.map(({ column, type }) => (
            <li key={column}>
              <code>{column}</code> <small>{type}</small>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

function SaveQuery({ draft }: { draft: string }) {
  const [name, setName] = useState('');
  const [collection, setCollection] = useState(DEFAULT_COLLECTION);
  const [message, setMessage] = useState<string>();
  const id = useId();
  return (
    <span className="sql-save">
      <label htmlFor={id}>Name</label>{' '}
      <input
        id={id}
        value={name}
        onChange={(event) => setName(event.target.value)}
        aria-describedby={message ? `${id}-message` : undefined}
      />{' '}
      <label htmlFor={`${id}-collection`}>Collection</label>{' '}
      <input id={`${id}-collection`} value={collection} onChange={(event) => setCollection(event.target.value)} />{' '}
      <button
        type="button"
        onClick={() => {
          try {
            saveSql(name, draft, collection);
            setMessage(`Saved as “${name.trim()}” in “${collection.trim() || DEFAULT_COLLECTION}”.`);
          } catch (error) {
            setMessage(error instanceof Error ? error.message : String(error));
          }
        }}
      >
        Save query
      </button>{' '}
      <SaveToTeamButton
        kind="sql"
        body={() => ({ sql: draft, collection: collection.trim() || DEFAULT_COLLECTION })}
        suggestedTitle={name.trim() || 'SQL query'}
      />
      {message && (
        <span id={`${id}-message`} role="status">
          {' '}
          {message}
        </span>
      )}
    </span>
  );
}

function SavedQueries({ onOpen }: { onOpen: (sql: string) => void }) {
  const [saved, setSaved] = useState<SavedSql[]>(() => readSavedSql());
  useEffect(() => onSavedSqlChange(() => setSaved(readSavedSql())), []);
  if (saved.length === 0) return null;
  return (
    <section aria-labelledby="sql-saved-title">
      <h2 id="sql-saved-title">Saved queries</h2>
      <ul>
        {saved.map((query) => (
          <li key={query.id}>
            <button type="button" onClick={() => onOpen(query.sql)} title={query.sql}>
              {query.name}
            </button>{' '}
            <small className="muted">in {query.collection}</small>{' '}
            <button type="button" aria-label={`Delete saved query ${query.name}`} onClick={() => setSaved(deleteSavedSql(query.id))}>
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
