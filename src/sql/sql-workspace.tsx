// The query box and its result, shared by an answer's SQL tab and the /sql page: the query runs when
// it is committed (Run, Ctrl+Enter, or a URL that holds one), a query running over 2 s can be
// cancelled, an error shows where in the query it is, and the result shows in the record table a
// page of 100,000 rows at a time, with Parquet and GeoJSON beside the table's own exports.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { Table } from 'apache-arrow';
import { downloadBytes, downloadText } from '../results/download.ts';
import { RecordTable } from '../results/table-component.ts';
import { rowsOf } from './arrow-columns.ts';
import { readSqlError, type SqlErrorReport } from './error-place.ts';
import { coordinateColumns, pointReader, toGeoJson } from './geojson.ts';
import { cancelQuery, parquetOf, QueryCancelled, runQuery } from './run-query.ts';
import './sql.css';

export const PAGE_ROWS = 100_000;
const SHOW_CANCEL_AFTER_MS = 2_000;

type RunState =
  | { status: 'idle' }
  | { status: 'running'; sql: string; slow: boolean }
  | { status: 'done'; sql: string; table: Table; ms: number }
  | { status: 'failed'; sql: string; error: SqlErrorReport }
  | { status: 'cancelled'; sql: string };

export interface SqlWorkspaceProps {
  /** The committed query (the URL's), run when it changes; empty: nothing to run. */
  sql: string;
  onCommit: (sql: string) => void;
  /** Loads the tables the query needs before it runs. */
  prepare: (sql: string) => Promise<void>;
  /** Changes when the tables' contents change, so the committed query runs again. */
  tablesKey?: unknown;
  fileStem: string;
  /** Shown before the query box: what the tables are. */
  placeholder: string;
  /** Extra controls beside Run (the /sql page's Save). */
  actions?: (draft: string) => ReactNode;
  /** Draws rows with coordinates on a map (the SQL tab, over the answer's map). */
  renderMap?: SqlMapRenderer;
}

type SqlMapRenderer = (rows: readonly unknown[], point: (row: unknown) => { lat: number; lon: number } | undefined) => ReactNode;

export function SqlWorkspace({ sql, onCommit, prepare, tablesKey, fileStem, placeholder, actions, renderMap }: SqlWorkspaceProps) {
  const [draft, setDraft] = useState({ of: sql, text: sql });
  if (draft.of !== sql) setDraft({ of: sql, text: sql });
  const editor = useRef<HTMLTextAreaElement>(null);
  const editorId = useId();
  const [runCount, setRunCount] = useState(0);
  // Each run is one key; a state that belongs to another key is stale, so it reads as running.
  const runKey = useMemo(() => ({ sql, tablesKey, runCount, prepare }), [sql, tablesKey, runCount, prepare]);
  const [outcome, setOutcome] = useState<{ of: object; state: RunState }>();
  const [slowOf, setSlowOf] = useState<object>();
  const state: RunState =
    sql.trim() === '' ? { status: 'idle' } : outcome?.of === runKey ? outcome.state : { status: 'running', sql, slow: slowOf === runKey };

  // The run under way: Cancel can come while the engine still loads or the tables are prepared,
  // before a query is running; then the query is never sent.
  const activeRun = useRef<{ cancel: () => void }>(undefined);

  useEffect(() => {
    if (runKey.sql.trim() === '') return;
    let current = true;
    let cancelled = false;
    const slow = setTimeout(() => current && setSlowOf(runKey), SHOW_CANCEL_AFTER_MS);
    const settle = (next: RunState) => current && setOutcome({ of: runKey, state: next });
    const run = {
      cancel: () => {
        cancelled = true;
        settle({ status: 'cancelled', sql: runKey.sql });
        void cancelQuery();
      },
    };
    activeRun.current = run;
    runKey
      .prepare(runKey.sql)
      .then(() => {
        if (cancelled) throw new QueryCancelled();
        return runQuery(runKey.sql);
      })
      .then(
        ({ table, ms }) => !cancelled && settle({ status: 'done', sql: runKey.sql, table, ms }),
        (error: unknown) => {
          if (error instanceof QueryCancelled || cancelled) settle({ status: 'cancelled', sql: runKey.sql });
          else
            settle({
              status: 'failed',
              sql: runKey.sql,
              error: readSqlError(error instanceof Error ? error.message : String(error), runKey.sql),
            });
        },
      )
      .finally(() => {
        clearTimeout(slow);
        if (activeRun.current === run) activeRun.current = undefined;
      });
    return () => {
      current = false;
      clearTimeout(slow);
    };
  }, [runKey]);

  // An error with a place puts the cursor there.
  useEffect(() => {
    const failed = outcome?.state;
    if (failed?.status !== 'failed' || !failed.error.place || !editor.current) return;
    editor.current.focus();
    editor.current.setSelectionRange(failed.error.place.offset, failed.error.place.offset);
  }, [outcome]);

  function commit() {
    const text = draft.text.trim();
    if (text === '') return;
    if (text === sql) setRunCount((count) => count + 1);
    else onCommit(text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      commit();
    }
  }

  return (
    <div className="sql-workspace">
      <form
        className="sql-editor"
        onSubmit={(event) => {
          event.preventDefault();
          commit();
        }}
      >
        <label htmlFor={editorId}>SQL query</label>
        <textarea
          id={editorId}
          ref={editor}
          value={draft.text}
          placeholder={placeholder}
          spellCheck={false}
          rows={Math.min(12, Math.max(3, draft.text.split('\n').length + 1))}
          onChange={(event) => setDraft({ of: sql, text: event.target.value })}
          onKeyDown={onKeyDown}
        />
        <div className="sql-actions">
          <button type="submit" disabled={draft.text.trim() === '' || state.status === 'running'}>
            Run
          </button>
          <span className="sql-hint">Ctrl+Enter runs the query</span>
          {actions?.(draft.text)}
        </div>
      </form>
      <SqlOutcome state={state} fileStem={fileStem} renderMap={renderMap} onCancel={() => activeRun.current?.cancel()} />
    </div>
  );
}

function SqlOutcome({
  state,
  fileStem,
  renderMap,
  onCancel,
}: {
  state: RunState;
  fileStem: string;
  renderMap: SqlMapRenderer | undefined;
  onCancel: () => void;
}) {
  switch (state.status) {
    case 'idle':
      return null;
    case 'running':
      return (
        <p role="status" className="sql-running">
          Running the query…{' '}
          {state.slow && (
            <button type="button" onClick={onCancel}>
              Cancel
            </button>
          )}
        </p>
      );
    case 'cancelled':
      return <p role="status">The query was cancelled.</p>;
    case 'failed':
      return <SqlErrorView error={state.error} sql={state.sql} />;
    case 'done':
      return <SqlResult key={state.sql} table={state.table} ms={state.ms} sql={state.sql} fileStem={fileStem} renderMap={renderMap} />;
  }
}

function SqlErrorView({ error, sql }: { error: SqlErrorReport; sql: string }) {
  const place = error.place;
  const line = place ? (sql.split('\n')[place.line - 1] ?? '') : '';
  return (
    <section className="sql-error error-panel" role="alert" aria-label="The query failed">
      <p className="sql-error-message">{error.message}</p>
      {place && (
        <>
          <p>
            At line {place.line}, column {place.column + 1}:
          </p>
          <pre className="sql-error-place" aria-label="Where the error is">
            {line}
            {'\n'}
            {' '.repeat(place.column)}^
          </pre>
        </>
      )}
    </section>
  );
}

interface SqlResultProps {
  table: Table;
  ms: number;
  sql: string;
  fileStem: string;
  renderMap: SqlMapRenderer | undefined;
}

function SqlResult({ table, ms, sql, fileStem, renderMap }: SqlResultProps) {
  const [page, setPage] = useState(0);
  const [selectedIndex, onSelect] = useState<number>();
  const [saving, setSaving] = useState<string>();
  const [showMap, setShowMap] = useState(false);
  const pages = Math.max(1, Math.ceil(table.numRows / PAGE_ROWS));
  const from = page * PAGE_ROWS;
  const [rows, setRows] = useState({ page: -1, rows: [] as ReturnType<typeof rowsOf> });
  if (rows.page !== page) setRows({ page, rows: rowsOf(table, from, from + PAGE_ROWS) });
  const columns = table.schema.fields.map((field) => field.name);
  const coordinates = coordinateColumns(columns);

  async function saveParquet() {
    setSaving('Writing Parquet…');
    try {
      const bytes = await parquetOf(sql);
      downloadBytes(`${fileStem}.parquet`, new Uint8Array(bytes), 'application/vnd.apache.parquet');
      setSaving(undefined);
    } catch (error) {
      setSaving(`Parquet failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return (
    <section className="sql-result" aria-label="Query result">
      <p role="status" className="sql-summary">
        {table.numRows.toLocaleString('en-US')} row{table.numRows === 1 ? '' : 's'}, {columns.length} column
        {columns.length === 1 ? '' : 's'} in {Math.round(ms).toLocaleString('en-US')} ms
        {pages > 1 &&
          ` — rows ${(from + 1).toLocaleString('en-US')}–${Math.min(from + PAGE_ROWS, table.numRows).toLocaleString('en-US')} shown`}
      </p>
      <div className="sql-exports">
        <button type="button" onClick={() => void saveParquet()}>
          Export Parquet
        </button>
        {coordinates && (
          <button
            type="button"
            onClick={() =>
              downloadText(`${fileStem}.geojson`, JSON.stringify(toGeoJson(rowsOf(table), coordinates)), 'application/geo+json')
            }
          >
            Export GeoJSON
          </button>
        )}
        {saving && <span role="status">{saving}</span>}
      </div>
      {pages > 1 && (
        <nav className="sql-pages" aria-label="Result pages">
          <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous {PAGE_ROWS.toLocaleString('en-US')}
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button type="button" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Next {PAGE_ROWS.toLocaleString('en-US')}
          </button>
        </nav>
      )}
      {coordinates && renderMap && table.numRows > 0 && (
        <div className="sql-map">
          <button type="button" aria-expanded={showMap} onClick={() => setShowMap(!showMap)}>
            {showMap ? 'Hide the map' : 'Show on the map'}
          </button>{' '}
          <small>
            points from {coordinates.latitude} and {coordinates.longitude}
          </small>
          {/* Only when asked: the map (Leaflet) is its own chunk. */}
          {showMap && renderMap(rows.rows, pointReader(coordinates))}
        </div>
      )}
      {table.numRows === 0 ? (
        <p className="empty">The query returned no rows.</p>
      ) : (
        <RecordTable records={rows.rows} selectedIndex={selectedIndex} onSelect={onSelect} fileStem={fileStem} />
      )}
    </section>
  );
}
