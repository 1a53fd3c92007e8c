import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { LookupDefinition } from '../lookups/define-lookup.ts';
import { useLookupUrlState } from '../form/use-lookup-url-state.ts';
import { paramsToValues, sentQuerySearch } from '../form/url-state.ts';
import type { FormValues } from '../form/form-values.ts';
import { ParamForm } from '../form/param-form.tsx';
import { useLookupQuery } from '../api/lookup-query.ts';
import type { MapSlotProps, SqlSlotProps } from '../results/slots.ts';
import { ownViews } from '../views/own-views.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { useRouteLookup } from './lookup-route-data.ts';
import { DeferredLocationPicker } from './deferred-location-picker.tsx';
import { LookupHeader } from './lookup-header.tsx';
import { usePreferences } from './preferences.tsx';
import { useDocumentTitle } from './use-document-title.ts';
import { useLiveCallConsent } from './live-call-consent.tsx';
import { useOutOfDate } from './use-out-of-date.ts';
import { useLiveCallPrice } from '../workbench/usage/live-call-price.ts';
import { formatDollars } from '../workbench/usage/format-dollars.ts';
import { useAnswerExportActions } from './palette/answer-export-actions.ts';
import { LookupHttpError, type LookupResponse } from '../api/lookup-response.ts';
import { useStoredAnswer, type StoredAnswer } from '../workbench/history/use-history.ts';
import { QueryScope } from './query-scope.tsx';
import {
  DeferredAnswerEvidence,
  DeferredBudgetLine,
  DeferredConsentPanel,
  DeferredHistoryPanel,
  DeferredLookUpMenu,
  DeferredRunOverResults,
  DeferredSavedSection,
  DeferredSaveQueryButton,
  DeferredShareAnswer,
  DeferredWatchQueryButton,
  DeferredStoredAnswerNotice,
  DeferredUsageLine,
} from './lookup-page-deferred.tsx';

// Leaflet and the map code are their own chunks, fetched only when a map is shown (with the
// answers from History the URL adds as layers: results-map-with-layers.tsx).
const ResultsMap = lazy(() => import('./results-map-with-layers.tsx'));
// The viewer (table, tree, exports) loads with the first request, not with the empty form.
const ResultViewer = lazy(() => import('../results/result-viewer.tsx').then((module) => ({ default: module.ResultViewer })));

// The SQL engine (DuckDB-wasm) and its tab load only when the SQL tab opens (decision 020).
const SqlTab = lazy(() => import('../sql/sql-tab.tsx'));

function renderSql(props: SqlSlotProps) {
  return (
    <Suspense fallback={<p role="status">Loading SQL…</p>}>
      <SqlTab {...props} />
    </Suspense>
  );
}

function renderMap(props: MapSlotProps, masked: boolean) {
  return (
    <Suspense fallback={<p role="status">Loading map…</p>}>
      <ResultsMap {...props} maskPreference={masked} />
    </Suspense>
  );
}

export function LookupPage() {
  const lookup = useRouteLookup();
  if (!lookup) return <NotFoundPage what="lookup" />;
  // Keyed so that moving between lookups starts from a fresh draft.
  return (
    <QueryScope>
      <LookupExplorer key={lookup.id} lookup={lookup} />
    </QueryScope>
  );
}

function LookupExplorer({ lookup }: { lookup: LookupDefinition }) {
  const { masked } = usePreferences();
  const {
    operation,
    urlValues,
    submittedParams,
    urlErrors,
    view,
    changeView,
    submit,
    navigate,
    changeOperation,
    storedAnswerId,
    fetchFresh,
  } = useLookupUrlState(lookup);
  const [draft, setDraft] = useState({ source: urlValues, values: urlValues });
  // Back/forward or a new link replaces the draft with what the URL holds.
  if (draft.source !== urlValues) setDraft({ source: urlValues, values: urlValues });
  // A send refused by validation, since the URL last changed.
  const [refusedFor, setRefusedFor] = useState<FormValues>();
  const sentSearch = submittedParams ? sentQuerySearch(lookup, operation, urlValues) : undefined;
  // A stored answer from History (`stored` in the URL) is shown instead of sending anything.
  const stored = useStoredAnswer(storedAnswerId);
  const consent = useLiveCallConsent(lookup, stored ? undefined : sentSearch);
  const held = consent.state.status !== 'free';
  const query = useLookupQuery(lookup, operation, held || stored ? undefined : submittedParams, { mask: masked });
  const storedView = useMemo(() => stored && storedShown(stored), [stored]);
  const shown = storedView ?? query;
  const outOfDate = useOutOfDate({
    lookup,
    operation,
    sentValues: submittedParams ? urlValues : undefined,
    draft: draft.values,
    refused: refusedFor === urlValues,
    data: shown.data,
    isFetching: shown.isFetching,
    error: shown.error,
  });
  const OwnView = ownViews[lookup.id];
  const sendPrice = useLiveCallPrice(lookup);
  // The palette offers to export the answer on screen (under the table's filters, as the table's export does).
  useAnswerExportActions({
    lookup,
    operation,
    params: submittedParams,
    response: shown.error ? undefined : shown.data,
    masked,
    filters: view.filters,
    look: view.map,
  });
  useDocumentTitle(`${lookup.id}. ${lookup.title}`);

  function send(values: FormValues) {
    const search = sentQuerySearch(lookup, operation, values);
    // Sending from the form is the user's yes to a paid call; a held query then runs on its own.
    const wasHeld = held && search === sentSearch;
    consent.allow(search);
    setRefusedFor(undefined);
    // Sending the query the URL already holds asks for a fresh answer.
    if (!submit(values) && !wasHeld) void query.refetch();
  }

  return (
    <div className="lookup-page">
      <LookupHeader lookup={lookup} operation={operation} />
      <DeferredUsageLine lookupId={lookup.id} pricePerCall={lookup.catalog.pricePerCall} />
      <DeferredBudgetLine lookupId={lookup.id} />
      <p className="lookup-tools">
        <Link to={`/lookups/${lookup.slug}/compare`}>Compare answers…</Link>
        {/* The form's values travel along: constants for the parameters the file has no column for. */}
        <Link to={`/lookups/${lookup.slug}/bulk${sentQuerySearch(lookup, operation, draft.values)}`}>Run over a list…</Link>
      </p>
      <div className="lookup-layout">
        <section className="lookup-form" aria-label="Parameters">
          <ParamForm
            lookup={lookup}
            operation={operation}
            values={draft.values}
            onValuesChange={(values) => setDraft({ source: urlValues, values })}
            onOperationChange={(id) => changeOperation(id, draft.values)}
            onSubmit={send}
            onRefused={() => setRefusedFor(urlValues)}
            urlErrors={urlErrors}
            isRunning={query.isFetching}
            onCancel={query.cancel}
            sendPrice={sendPrice === undefined ? undefined : formatDollars(sendPrice)}
          >
            {operation.locationSearch && (
              <DeferredLocationPicker
                operation={operation}
                values={draft.values}
                onValuesChange={(values) => setDraft({ source: urlValues, values })}
              />
            )}
          </ParamForm>
          <DeferredSaveQueryButton
            lookup={lookup}
            operation={operation}
            values={draft.values}
            sentValues={submittedParams ? urlValues : undefined}
          />
          {submittedParams && (
            <DeferredWatchQueryButton
              lookupId={lookup.id}
              operationId={operation.id}
              params={submittedParams}
              name={`${lookup.title} · ${operation.id}`}
            />
          )}
          <DeferredSavedSection lookupId={lookup.id} title="Saved queries" />
          <DeferredHistoryPanel lookupId={lookup.id} title={lookup.title} />
        </section>
        <section className="lookup-results" aria-label="Results">
          {stored && (
            <DeferredStoredAnswerNotice
              stored={stored}
              onFetchFresh={() => {
                // Asking for a fresh answer is the user's yes to a paid call.
                if (sentSearch) consent.allow(sentSearch);
                fetchFresh();
              }}
            />
          )}
          {stored && stored.status !== 'ready' ? null : submittedParams && consent.state.status !== 'free' ? (
            <DeferredConsentPanel state={consent.state} onSend={() => consent.allow(sentSearch ?? '')} onNotNow={consent.decline} />
          ) : submittedParams ? (
            <Suspense fallback={<p role="status">Loading the answer…</p>}>
              <ResultViewer
                lookup={lookup}
                operation={operation}
                params={submittedParams}
                response={shown.data}
                error={shown.error}
                isFetching={shown.isFetching}
                onNavigate={(params) => {
                  consent.allow(sentQuerySearch(lookup, operation, paramsToValues(operation, params)));
                  navigate(params);
                }}
                onRetry={stored ? fetchFresh : () => void query.refetch()}
                onFetchFresh={stored ? undefined : () => void query.fetchFresh()}
                renderMap={
                  operation.adapters?.point
                    ? (props) => renderMap({ ...props, onSearchValues: (values) => send({ ...urlValues, ...values }) }, masked)
                    : undefined
                }
                renderOwnView={OwnView ? (props) => <OwnView {...props} /> : undefined}
                renderSql={renderSql}
                renderRecordActions={(record) => <DeferredLookUpMenu lookup={lookup} operation={operation} record={record} />}
                renderAnswerActions={({ records, response, answer }) => (
                  <>
                    <DeferredRunOverResults lookup={lookup} operation={operation} records={records} search={sentSearch ?? ''} />
                    <DeferredAnswerEvidence
                      lookup={lookup}
                      operation={operation}
                      params={submittedParams}
                      response={response}
                      answer={answer}
                    />
                    <DeferredShareAnswer
                      lookup={lookup}
                      operation={operation}
                      params={submittedParams}
                      response={response}
                      answer={answer}
                      masked={masked}
                    />
                  </>
                )}
                masked={masked}
                view={view}
                onViewChange={changeView}
                outOfDate={outOfDate}
              />
            </Suspense>
          ) : (
            <p className="empty">Fill in the parameters and press “Send request” (or Ctrl+Enter). The results appear here.</p>
          )}
        </section>
      </div>
    </div>
  );
}

/** A stored answer as the viewer takes an answer: an HTTP error answer is shown as the error it was. */
function storedShown(stored: StoredAnswer): { data: LookupResponse | undefined; error: Error | null; isFetching: boolean } {
  if (stored.status !== 'ready') return { data: undefined, error: null, isFetching: false };
  const { response } = stored;
  const ok = response.status >= 200 && response.status < 300;
  return ok
    ? { data: response, error: null, isFetching: false }
    : { data: undefined, error: new LookupHttpError(response), isFetching: false };
}
