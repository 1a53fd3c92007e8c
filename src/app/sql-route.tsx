// /sql: SQL over every stored answer and bulk dataset. The page and the engine (src/sql/, with
// DuckDB-wasm) are a lazy chunk of their own; this route gives them the URL's query and masking.
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { SQL_KEY } from '../form/url-state.ts';
import { usePreferences } from './preferences.tsx';
import { useDocumentTitle } from './use-document-title.ts';

const SqlPage = lazy(async () => ({ default: (await import('../sql/sql-page.tsx')).SqlPage }));
// Leaflet comes only when a result is shown on the map, as on a lookup page.
const SqlPointsMap = lazy(() => import('../map/sql-points-map.tsx'));

function renderMap(rows: readonly unknown[], point: (row: unknown) => { lat: number; lon: number } | undefined) {
  return (
    <Suspense fallback={<p role="status">Loading map…</p>}>
      <SqlPointsMap rows={rows} point={point} />
    </Suspense>
  );
}

export function SqlRoute() {
  useDocumentTitle('SQL');
  const { masked } = usePreferences();
  const [search, setSearch] = useSearchParams();
  return (
    <section className="sql-route" aria-labelledby="sql-title">
      <h1 id="sql-title">SQL</h1>
      <p className="lede">
        The answer open on each lookup’s page, every answer kept in History and every saved bulk dataset is a table: group, join and compute over them in this browser. Each table holds
        what the viewer shows, masked when masking is on.
      </p>
      <Suspense fallback={<p role="status">Loading the SQL engine…</p>}>
        <SqlPage sql={search.get(SQL_KEY) ?? ''} onSqlChange={(sql) => setSearch({ [SQL_KEY]: sql })} maskingOn={masked} renderMap={renderMap} />
      </Suspense>
    </section>
  );
}
