import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import type { LookupDefinition } from '../lookups/define-lookup.ts';
import { lookupBySlug } from '../lookups/registry.ts';
import { useLookupUrlState } from '../form/use-lookup-url-state.ts';
import { ParamForm } from '../form/param-form.tsx';
import { useLookupQuery } from '../api/lookup-query.ts';
import { ResultViewer } from '../results/result-viewer.tsx';
import type { MapSlotProps } from '../results/slots.ts';
import { ownViews } from '../views/own-views.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { LookupHeader } from './lookup-header.tsx';
import { usePreferences } from './preferences.tsx';
import { useDocumentTitle } from './use-document-title.ts';

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
  const { operation, urlValues, submittedParams, urlErrors, submit, navigate, changeOperation } = useLookupUrlState(lookup);
  const [draft, setDraft] = useState({ source: urlValues, values: urlValues });
  // Back/forward or a new link replaces the draft with what the URL holds.
  if (draft.source !== urlValues) setDraft({ source: urlValues, values: urlValues });
  const query = useLookupQuery(lookup, operation, submittedParams);
  const OwnView = ownViews[lookup.id];
  useDocumentTitle(`${lookup.id}. ${lookup.title}`);

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
            // Sending the query the URL already holds asks for a fresh answer.
            onSubmit={(values) => {
              if (!submit(values)) void query.refetch();
            }}
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
          {submittedParams ? (
            <ResultViewer
              lookup={lookup}
              operation={operation}
              params={submittedParams}
              response={query.data}
              error={query.error}
              isFetching={query.isFetching}
              onNavigate={navigate}
              onRetry={() => void query.refetch()}
              renderMap={operation.adapters?.point ? renderMap : undefined}
              renderOwnView={OwnView ? (props) => <OwnView {...props} /> : undefined}
              masked={masked}
            />
          ) : (
            <p className="empty">Fill in the parameters and press “Send request” (or Ctrl+Enter). The results appear here.</p>
          )}
        </section>
      </div>
    </div>
  );
}
