// One lookup of the dossier: its query (through the live-call consent where the lookup is priced),
// a line saying where the answer came from (live or demo, masked or not, when), the summary and the
// table. The answer is reported to the page, which draws the map and builds the evidence pack.
import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { AnyLookup, AnyOperation, GeoPoint, Params } from '../../lookups/define-lookup.ts';
import { interpretAnswer, type Answer } from '../../lookups/answer.ts';
import { lookupQueryKey, lookupQueryOptions } from '../../api/lookup-query.ts';
import type { LookupResponse } from '../../api/lookup-response.ts';
import { validateValues } from '../../form/validate-values.ts';
import { sentQuerySearch } from '../../form/url-state.ts';
import { RecordTable } from '../../results/table-component.ts';
import { formatPrice, useLiveCallConsent } from '../live-call-consent.tsx';
import { distanceText, summariseAnswer } from './summarise.ts';

/** What a section hands the page once its answer arrived. */
export interface SectionResult {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params;
  response: LookupResponse;
  answer: Answer;
  /** When the browser received it (ms since the epoch). */
  fetchedAt: number;
}

interface DossierSectionProps {
  lookup: AnyLookup;
  operation: AnyOperation;
  values: Record<string, string>;
  /** Why this lookup is in the dossier, e.g. "Crime incidents near this property". */
  reason: string;
  place: GeoPoint | undefined;
  masked: boolean;
  color: string;
  onResult: (result: SectionResult) => void;
}

export function sourceText(response: LookupResponse): string {
  return response.source === 'live' ? 'live data' : response.source === 'demo' ? 'demo data' : 'source not stated';
}

export function DossierSection({ lookup, operation, values, reason, place, masked, color, onResult }: DossierSectionProps) {
  const validation = useMemo(() => validateValues(operation, values), [operation, values]);
  const search = sentQuerySearch(lookup, operation, values);
  const consent = useLiveCallConsent(lookup, search);
  const params = validation.ok && consent.state.status === 'free' ? validation.params : undefined;
  const query = useQuery(params ? lookupQueryOptions(lookup, operation, params, { mask: masked }) : { queryKey: lookupQueryKey(lookup, operation, undefined, { mask: masked }), queryFn: skipToken });
  const response = query.data;
  const answer = useMemo(() => (response && params ? interpretAnswer(lookup, operation, params, response, { mask: masked }) : undefined), [lookup, operation, params, response, masked]);
  const summary = useMemo(() => (answer ? summariseAnswer(operation, answer.records, place) : undefined), [answer, operation, place]);
  const [selected, setSelected] = useState<number>();
  const fetchedAt = query.dataUpdatedAt;
  useEffect(() => {
    if (answer && response && params) onResult({ lookup, operation, params, response, answer, fetchedAt });
  }, [answer, response, params, lookup, operation, fetchedAt, onResult]);

  const headingId = `dossier-${lookup.slug}`;
  return (
    <section className="dossier-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <span className="dossier-section__swatch" style={{ background: color }} aria-hidden="true" />
        {lookup.id}. {lookup.title}
      </h2>
      <p className="dossier-section__reason">
        {reason} · <Link to={`/lookups/${lookup.slug}${search}`}>Open in the explorer</Link>
      </p>
      {!validation.ok && <p role="alert">These parameters cannot be sent: {[...validation.errors.form, ...Object.entries(validation.errors.fields).map(([name, message]) => `${name} ${message}`)].join('; ')}</p>}
      {consent.state.status === 'ask' && (
        <p>
          {lookup.id} is a paid live lookup ({formatPrice(consent.state.price)} per call).{' '}
          <button type="button" onClick={() => consent.allow(search)}>
            Send this call
          </button>{' '}
          <button type="button" onClick={consent.decline}>
            Not now
          </button>
        </p>
      )}
      {consent.state.status === 'declined' && <p>Not sent: you chose not to spend a paid call.</p>}
      {query.isFetching && !response && <p role="status">Asking {lookup.id}…</p>}
      {query.error && <p role="alert">{lookup.id} did not answer: {query.error.message}</p>}
      {response && answer && summary && (
        <>
          <p className="dossier-section__provenance">
            {sourceText(response)} · {answer.masked ? 'personal data masked' : 'not masked'} · fetched {new Date(fetchedAt).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} · {Math.round(response.timeMs)} ms · HTTP {response.status}
          </p>
          {answer.verdict?.ok === false && <p role="alert">The answer reports a failure: {answer.verdict.message ?? answer.errorMessage ?? 'no reason given'}</p>}
          <dl className="dossier-section__summary">
            <div>
              <dt>Count</dt>
              <dd>
                {summary.count.toLocaleString('en-US')} {summary.count === 1 ? 'record' : 'records'}
                {answer.paging ? ` (${answer.paging.summary})` : ''}
              </dd>
            </div>
            {summary.categories && (
              <div>
                <dt>Top {summary.categories.column}</dt>
                <dd>{summary.categories.top.map((item) => `${item.value} (${item.count})`).join(', ')}</dd>
              </div>
            )}
            {summary.nearest.length > 0 && (
              <div>
                <dt>Nearest</dt>
                <dd>{summary.nearest.map((item) => `${item.label} — ${distanceText(item.metres)}`).join('; ')}</dd>
              </div>
            )}
            {summary.span && (
              <div>
                <dt>Time span</dt>
                <dd>
                  {summary.span.from} to {summary.span.to}
                </dd>
              </div>
            )}
          </dl>
          <details className="dossier-section__table">
            <summary>Table of {lookup.id}</summary>
            <RecordTable records={answer.records} fileStem={`dossier-${lookup.slug}`} selectedIndex={selected} onSelect={setSelected} />
          </details>
        </>
      )}
    </section>
  );
}
