// The "Run over a list" page of a lookup (/lookups/<letter>/bulk): app/ composes the workbench's
// bulk run with the lookup's header, the masking preference and the map (a lazy chunk).
import { lazy, Suspense, useMemo } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { MapSlotProps } from '../results/slots.ts';
import { BulkPage } from '../workbench/bulk/bulk-page.tsx';
import { LookupHeader } from './lookup-header.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { usePreferences } from './preferences.tsx';
import { useDocumentTitle } from './use-document-title.ts';
import { useRouteLookup } from './lookup-route-data.ts';
import { readUrlQuery, readViewState, SENT_KEY, viewQuery, withViewState } from '../form/url-state.ts';
import { applyViewChange, type ViewChange } from '../results/view-state.ts';

const ResultsMap = lazy(() => import('../map/results-map.tsx'));

function renderMap(props: MapSlotProps) {
  return (
    <Suspense fallback={<p role="status">Loading map…</p>}>
      <ResultsMap {...props} />
    </Suspense>
  );
}

/**
 * The query string without the lookup page's "sent" marker: on the bulk page it means nothing, and
 * from an empty form it would be all there is (`/bulk?run`). Undefined when there is none to drop.
 */
export function withoutSentMarker(search: string): string | undefined {
  const params = new URLSearchParams(search);
  if (!params.has(SENT_KEY)) return undefined;
  params.delete(SENT_KEY);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

export function BulkRoute() {
  const { pathname, search } = useLocation();
  const cleaned = withoutSentMarker(search);
  const { masked } = usePreferences();
  const navigate = useNavigate();
  // The merged results' view (filters, colour, time window, area) lives in the URL, as on a lookup page.
  const viewText = viewQuery(readViewState(search));
  const view = useMemo(() => readViewState(viewText), [viewText]);
  const onViewChange = (change: ViewChange) =>
    void navigate({ pathname, search: withViewState(search, applyViewChange(view, change)) }, { replace: true });
  // The route's loader loads this lookup's definition alone, as for the lookup's own page.
  const lookup = useRouteLookup();
  useDocumentTitle(lookup ? `${lookup.id}. ${lookup.title} — run over a list` : 'Not found');
  if (!lookup) return <NotFoundPage what="lookup" />;
  // Replaced, not pushed: Back still returns to the lookup page.
  if (cleaned !== undefined) return <Navigate to={{ pathname, search: cleaned }} replace />;
  return (
    <div className="lookup-page">
      <LookupHeader lookup={lookup} operation={readUrlQuery(lookup, search).operation} />
      <h2>Run over a list</h2>
      <p>
        <Link to={`/lookups/${lookup.slug}${search}`}>Back to a single query</Link>
      </p>
      <BulkPage
        key={lookup.id}
        lookup={lookup}
        search={search}
        mask={masked}
        renderMap={renderMap}
        view={view}
        onViewChange={onViewChange}
      />
    </div>
  );
}
