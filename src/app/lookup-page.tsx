import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import type { LookupDefinition } from '../lookups/define-lookup.ts';
import { lookupBySlug } from '../lookups/registry.ts';
import { useLookupUrlState } from '../form/use-lookup-url-state.ts';
import { paramsToValues, sentQuerySearch } from '../form/url-state.ts';
import type { FormValues } from '../form/form-values.ts';
import { ParamForm } from '../form/param-form.tsx';
import { useLookupQuery } from '../api/lookup-query.ts';
import { ResultViewer } from '../results/result-viewer.tsx';
import type { MapSlotProps } from '../results/slots.ts';
import { ownViews } from '../views/own-views.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { LookupHeader } from './lookup-header.tsx';
import { usePreferences } from './preferences.tsx';
import { useDocumentTitle } from './use-document-title.ts';
import { ConsentPanel, useLiveCallConsent } from './live-call-consent.tsx';
import { useOutOfDate } from './use-out-of-date.ts';

// Leaflet and the map code are their own chunks, fetched only when a map is shown.
const ResultsMap = lazy(() => import('../map/results-map.tsx'));
const LocationPicker = lazy(() => import('../map/location-picker.tsx'));

function renderMap(props: MapSlotProps) {
  return (
    <Suspense fallback={<p role="status">Loading map…</p>}>
      <ResultsMap {...props} />
    </Suspense>
  );
}

export function LookupPage() {
  const { slug = '' } = useParams();
  const lookup = lookupBySlug(slug);
  if (!lookup) return <NotFoundPage what="lookup" />;
  // Keyed so that moving between lookups starts from a fresh draft.
  return <LookupExplorer key={lookup.id} lookup={lookup} />;
}

function LookupExplorer({ lookup }: { lookup: LookupDefinition }) {
  const { masked } = usePreferences();
  const { operation, urlValues, submittedParams, urlErrors, view, changeView, submit, navigate, changeOperation } = useLookupUrlState(lookup);
  const [draft, setDraft] = useState({ source: urlValues, values: urlValues });
  // Back/forward or a new link replaces the draft with what the URL holds.
  if (draft.source !== urlValues) setDraft({ source: urlValues, values: urlValues });
  // A send refused by validation, since the URL last changed.
  const [refusedFor, setRefusedFor] = useState<FormValues>();
  const sentSearch = submittedParams ? sentQuerySearch(lookup, operation, urlValues) : undefined;
  const consent = useLiveCallConsent(lookup, sentSearch);
  const held = consent.state.status !== 'free';
  const query = useLookupQuery(lookup, operation, held ? undefined : submittedParams, { mask: masked });
  const outOfDate = useOutOfDate({
    lookup,
    operation,
    sentValues: submittedParams ? urlValues : undefined,
    draft: draft.values,
    refused: refusedFor === urlValues,
    data: query.data,
    isFetching: query.isFetching,
    error: query.error,
  });
  const OwnView = ownViews[lookup.id];
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
          >
            {operation.locationSearch && (
              <Suspense fallback={<p role="status">Loading map…</p>}>
                <LocationPicker
                  operation={operation}
                  values={draft.values}
                  onValuesChange={(values) => setDraft({ source: urlValues, values })}
                />
              </Suspense>
            )}
          </ParamForm>
        </section>
        <section className="lookup-results" aria-label="Results">
          {submittedParams && consent.state.status !== 'free' ? (
            <ConsentPanel state={consent.state} onSend={() => consent.allow(sentSearch ?? '')} onNotNow={consent.decline} />
          ) : submittedParams ? (
            <ResultViewer
              lookup={lookup}
              operation={operation}
              params={submittedParams}
              response={query.data}
              error={query.error}
              isFetching={query.isFetching}
              onNavigate={(params) => {
                consent.allow(sentQuerySearch(lookup, operation, paramsToValues(operation, params)));
                navigate(params);
              }}
              onRetry={() => void query.refetch()}
              renderMap={operation.adapters?.point ? renderMap : undefined}
              renderOwnView={OwnView ? (props) => <OwnView {...props} /> : undefined}
              masked={masked}
              view={view}
              onViewChange={changeView}
              outOfDate={outOfDate}
            />
          ) : (
            <p className="empty">Fill in the parameters and press “Send request” (or Ctrl+Enter). The results appear here.</p>
          )}
        </section>
      </div>
    </div>
  );
}
