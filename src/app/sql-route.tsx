// /sql: SQL over every stored answer and bulk dataset. The page and the engine (src/sql/, with
// DuckDB-wasm) are a lazy chunk of their own; this route gives them the URL's query and masking.
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useLookupConfig } from '../api/lookup-config-query.ts';
import { SQL_KEY } from '../form/url-state.ts';
import { usePreferences } from './preferences.tsx';
import { useDocumentTitle } from './use-document-title.ts';

const SqlPage = lazy(async () => ({ default: (await import('../sql/sql-page.tsx')).SqlPage }));
// Leaflet comes only when a result is shown on the map, as on a lookup page.
const SqlPointsMap = lazy(() => import('../map/sql-points-map.tsx'));

/** A result's rows come from answers of any lookup; the demo's streets are drawn under them only when no lookup is live. */
function useAllDemo(): boolean {
  const { data } = useLookupConfig();
  return data !== undefined && Object.values(data.lookups).every((lookup) => lookup.mode === 'demo');
}

export function SqlRoute() {
  useDocumentTitle('SQL');
  const { masked } = usePreferences();
  const [search, setSearch] = useSearchParams();
  const demo = useAllDemo();
  const renderMap = (rows: readonly unknown[], point: (row: unknown) => { lat: number; lon: number } | undefined) => (
    <Suspense fallback={<p role="status">Loading map…</p>}>
      <SqlPointsMap rows={rows} point={point} demo={demo} />
    </Suspense>
  );
  return (
    <section className="sql-route" aria-labelledby="sql-title">
      <h1 id="sql-title">SQL</h1>
      <p className="lede">
        The answer open on each lookup’s page, every answer kept in History and every saved bulk dataset is a table: group, join and compute
        over them in this browser. Each table holds what the viewer shows, masked when masking is on.
      </p>
      <Suspense fallback={<p role="status">Loading the SQL engine…</p>}>
        <SqlPage
          sql={search.get(SQL_KEY) ?? ''}
          onSqlChange={(sql) => setSearch({ [SQL_KEY]: sql })}
          maskingOn={masked}
          renderMap={renderMap}
        />
      </Suspense>
    </section>
  );
}
