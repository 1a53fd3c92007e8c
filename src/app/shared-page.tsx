// /shared/<id>: a workspace item opened from a link (issue 35). A snapshot shows in the lookup page's
// viewer, read-only, as its sender saw it (masked when it was), saying whose it is and when; a saved
// query, SQL query or dossier opens its own page, as the local one does; a collection lists its
// queries. Any member of the team opens it on any instance: it comes from the team server, not from
// the sender's browser.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTeamItem } from '../api/team-items-client.ts';
import type { TeamItem } from '../lookups/team-wire.ts';
import { findOperation, type AnyLookup, type Operation } from '../lookups/define-lookup.ts';
import { lookups, type LookupId } from '../lookups/registry.ts';
import { paramsToValues, readViewState, sentQuerySearch } from '../form/url-state.ts';
import { applyViewChange, type ViewChange, type ViewState } from '../results/view-state.ts';
import type { MapSlotProps } from '../results/slots.ts';
import { collectionBodySchema, openedHref, queryHref } from '../workbench/team/item-bodies.ts';
import { snapshotBodySchema, snapshotResponse, type SnapshotBody } from '../workbench/team/snapshot.ts';
import { formatSentAt } from '../workbench/history/history-format.ts';
import { openedQueryState } from '../workbench/team/opened-team-query.ts';
import { usePreferences } from './preferences.tsx';
import { QueryScope } from './query-scope.tsx';
import { useDocumentTitle } from './use-document-title.ts';

const ResultViewer = lazy(() => import('../results/result-viewer.tsx').then((module) => ({ default: module.ResultViewer })));
const ResultsMap = lazy(() => import('./results-map-with-layers.tsx'));

export function SharedPage() {
  const { id = '' } = useParams();
  return (
    <QueryScope>
      <SharedItem key={id} id={id} />
    </QueryScope>
  );
}

function SharedItem({ id }: { id: string }) {
  const item = useTeamItem(id);
  useDocumentTitle(item.data ? item.data.title : 'Shared item');
  if (item.isPending) return <p role="status">Opening the shared item…</p>;
  if (item.isError)
    return (
      <section className="shared-page">
        <h1>Shared item</h1>
        <p role="alert">Could not open it: {item.error.message}</p>
      </section>
    );
  const shared = item.data;
  if (shared.kind === 'snapshot') return <SharedSnapshot item={shared} />;
  if (shared.kind === 'collection') return <SharedCollection item={shared} />;
  const href = openedHref(shared.kind, shared.body);
  // A saved query's page may update it in place (opened-team-query.ts); other kinds carry nothing.
  if (href) return <Navigate to={href} replace {...(shared.kind === 'query' && { state: openedQueryState(shared) })} />;
  return (
    <section className="shared-page">
      <h1>{shared.title}</h1>
      <p role="alert">This item cannot be opened: it was stored in a form this version of the app does not read.</p>
    </section>
  );
}

/** Who shared it, and when it was last changed. */
function Byline({ item }: { item: TeamItem }) {
  return (
    <>
      shared by <strong>{item.owner}</strong> on <time dateTime={item.updatedAt}>{formatSentAt(Date.parse(item.updatedAt))}</time>
    </>
  );
}

function SharedCollection({ item }: { item: TeamItem }) {
  const body = collectionBodySchema.safeParse(item.body);
  return (
    <section className="shared-page" aria-labelledby="shared-title">
      <h1 id="shared-title">{item.title}</h1>
      <p className="lede">
        A collection <Byline item={item} />.
      </p>
      {body.success ? (
        <ul>
          {body.data.queries.map((query, index) => {
            const href = queryHref(query);
            return (
              <li key={`q${index}`}>
                {href ? <Link to={href}>{query.name}</Link> : `${query.name} (lookup ${query.lookupId} is not in this app)`}
              </li>
            );
          })}
          {body.data.sql.map((sql, index) => (
            <li key={`s${index}`}>
              <Link to={`/sql?${new URLSearchParams({ sql: sql.sql })}`}>{sql.name}</Link> (SQL)
            </li>
          ))}
        </ul>
      ) : (
        <p role="alert">This collection was stored in a form this version of the app does not read.</p>
      )}
    </section>
  );
}

function SharedSnapshot({ item }: { item: TeamItem }) {
  const parsed = snapshotBodySchema.safeParse(item.body);
  const lookup = parsed.success ? (lookups[parsed.data.lookupId as LookupId] as AnyLookup | undefined) : undefined;
  if (!parsed.success || !lookup)
    return (
      <section className="shared-page">
        <h1>{item.title}</h1>
        <p role="alert">This snapshot cannot be shown: it is not an answer of a lookup this app has.</p>
      </section>
    );
  return <SnapshotView item={item} body={parsed.data} lookup={lookup} />;
}

function SnapshotView({ item, body, lookup }: { item: TeamItem; body: SnapshotBody; lookup: AnyLookup }) {
  const navigate = useNavigate();
  const { masked: maskPreference } = usePreferences();
  const operation: Operation = findOperation(lookup, body.operationId);
  const response = snapshotResponse(body);
  // The view the sender had (tab, filters, map look and shared layers); changing it here changes this page only.
  const [view, setView] = useState<ViewState>(() => readViewState(body.search));
  const liveHref = `/lookups/${lookup.slug}${body.search}`;
  const renderMap = useMemo(
    () =>
      operation.adapters?.point
        ? (props: MapSlotProps) => (
            <Suspense fallback={<p role="status">Loading map…</p>}>
              <ResultsMap {...props} maskPreference={maskPreference} />
            </Suspense>
          )
        : undefined,
    [operation, maskPreference],
  );
  return (
    <section className="shared-page lookup-results" aria-labelledby="shared-title">
      <h1 id="shared-title">{item.title}</h1>
      <div className="stored-answer-notice" role="note" aria-label="Shared snapshot">
        <p>
          <strong>Snapshot</strong> <Byline item={item} /> — the answer as {item.owner} saw it
          {body.masked ? ', personal data masked' : ''}; read-only, nothing was fetched now.
        </p>
        <Link to={liveHref}>Ask the lookup again</Link>
      </div>
      {response ? (
        <Suspense fallback={<p role="status">Loading the answer…</p>}>
          <ResultViewer
            lookup={lookup}
            operation={operation}
            params={body.params}
            response={response}
            error={null}
            isFetching={false}
            // Another page asks the lookup live, on its own page: the snapshot stays what was shared.
            onNavigate={(params) =>
              void navigate(`/lookups/${lookup.slug}${sentQuerySearch(lookup, operation, paramsToValues(operation, params))}`)
            }
            onRetry={() => undefined}
            renderMap={renderMap}
            masked={body.masked}
            view={view}
            onViewChange={(change: ViewChange) => setView((current) => applyViewChange(current, change))}
          />
        </Suspense>
      ) : (
        <p>
          A map layer of {(body.records ?? []).length.toLocaleString('en-US')} records. <Link to={liveHref}>Open its lookup</Link>
        </p>
      )}
    </section>
  );
}
