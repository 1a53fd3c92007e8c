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
import { summariseAnswer, summaryLines } from './summarise.ts';
import { DOSSIER_RECORD_CAP, partialLabel, useCompleteAnswer } from './complete-answer.ts';

/** What a section hands the page once its answer arrived. */
export interface SectionResult {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params;
  response: LookupResponse;
  answer: Answer;
  /** When the browser received it (ms since the epoch). */
  fetchedAt: number;
  /** The summary as the section shows it (count, top values, nearest, time span). */
  lines: readonly { term: string; value: string }[];
  /** Distances are between rounded (masked) positions. */
  rounded: boolean;
}

/** An answer for the map or the pack; a lone answer (the lookup page's) has no section lines yet. */
export type EvidenceResult = Omit<SectionResult, 'lines' | 'rounded'> & Partial<Pick<SectionResult, 'lines' | 'rounded'>>;

interface DossierSectionProps {
  lookup: AnyLookup;
  operation: AnyOperation;
  values: Record<string, string>;
  /** Why this lookup is in the dossier, e.g. "Crime incidents near this property". */
  reason: string;
  place: GeoPoint | undefined;
  /** The place is a masked (rounded) position, so distances from it are approximate. */
  placeRounded: boolean;
  masked: boolean;
  color: string;
  onResult: (result: SectionResult) => void;
}

export function sourceText(response: LookupResponse): string {
  return response.source === 'live' ? 'live data' : response.source === 'demo' ? 'demo data' : 'source not stated';
}

export function DossierSection({ lookup, operation, values, reason, place, placeRounded, masked, color, onResult }: DossierSectionProps) {
  const validation = useMemo(() => validateValues(operation, values), [operation, values]);
  const search = sentQuerySearch(lookup, operation, values);
  const consent = useLiveCallConsent(lookup, search);
  const params = validation.ok && consent.state.status === 'free' ? validation.params : undefined;
  const query = useQuery(
    params
      ? lookupQueryOptions(lookup, operation, params, { mask: masked })
      : { queryKey: lookupQueryKey(lookup, operation, undefined, { mask: masked }), queryFn: skipToken },
  );
  const response = query.data;
  const answer = useMemo(
    () => (response && params ? interpretAnswer(lookup, operation, params, response, { mask: masked }) : undefined),
    [lookup, operation, params, response, masked],
  );
  const fetchedAt = query.dataUpdatedAt;

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
      {!validation.ok && (
        <p role="alert">
          These parameters cannot be sent:{' '}
          {[...validation.errors.form, ...Object.entries(validation.errors.fields).map(([name, message]) => `${name} ${message}`)].join(
            '; ',
          )}
        </p>
      )}
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
      {query.error && (
        <p role="alert">
          {lookup.id} did not answer: {query.error.message}
        </p>
      )}
      {response && answer && params && (
        <SectionAnswer
          lookup={lookup}
          operation={operation}
          params={params}
          sent={response}
          sentAnswer={answer}
          place={place}
          placeRounded={placeRounded}
          masked={masked}
          fetchedAt={fetchedAt}
          onResult={onResult}
        />
      )}
    </section>
  );
}

interface SectionAnswerProps {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params;
  sent: LookupResponse;
  sentAnswer: Answer;
  place: GeoPoint | undefined;
  placeRounded: boolean;
  masked: boolean;
  fetchedAt: number;
  onResult: (result: SectionResult) => void;
}

const count = (value: number) => value.toLocaleString('en-US');

/** The answer's part of a section: every page of it (or a plain "page 1 of 3"), its summary and its table. */
function SectionAnswer({
  lookup,
  operation,
  params,
  sent,
  sentAnswer,
  place,
  placeRounded,
  masked,
  fetchedAt,
  onResult,
}: SectionAnswerProps) {
  const jump = sentAnswer.paging?.pages;
  const complete = useCompleteAnswer(lookup, operation, params, sent, jump, sentAnswer.records.length);
  const response = complete.response;
  const answer = useMemo(
    () => (response === sent ? sentAnswer : interpretAnswer(lookup, operation, params, response, { mask: masked })),
    [response, sent, sentAnswer, lookup, operation, params, masked],
  );
  const merged = response !== sent;
  const partial = !merged && jump && complete.plan ? partialLabel(jump, sentAnswer.records.length, complete.plan.total) : undefined;
  const rounded = placeRounded || answer.masked;
  const lines = useMemo(
    () => summaryLines(summariseAnswer(operation, answer.records, place), { partial, rounded }),
    [operation, answer, place, partial, rounded],
  );
  const [selected, setSelected] = useState<number>();
  useEffect(() => {
    onResult({ lookup, operation, params, response, answer, fetchedAt, lines, rounded });
  }, [answer, response, params, lookup, operation, fetchedAt, lines, rounded, onResult]);
  const { state } = complete;

  return (
    <>
      <p className="dossier-section__provenance">
        {sourceText(response)} · {answer.masked ? 'personal data masked' : 'not masked'} · fetched{' '}
        {new Date(fetchedAt)
          .toISOString()
          .replace('T', ' ')
          .replace(/\.\d+Z$/, ' UTC')}{' '}
        · {Math.round(response.timeMs)} ms · HTTP {response.status}
        {merged && state.status === 'done' && ` · all ${count(state.outcome.covered)} pages merged`}
      </p>
      {answer.verdict?.ok === false && (
        <p role="alert">The answer reports a failure: {answer.verdict.message ?? answer.errorMessage ?? 'no reason given'}</p>
      )}
      {state.status === 'running' && (
        <p className="dossier-section__pages">
          <progress max={state.progress.planned} value={state.progress.done} aria-label={`Pages of ${lookup.id} fetched`} />{' '}
          <span role="status">
            Fetching every page: {count(state.progress.done)} of {count(state.progress.planned)} · {count(state.progress.records)} records
          </span>{' '}
          <button type="button" onClick={complete.cancel}>
            Cancel
          </button>
        </p>
      )}
      {state.status === 'failed' && <p role="alert">Not every page could be fetched: {state.message}</p>}
      <dl className="dossier-section__summary">
        {lines.map(({ term, value }) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>
              {value}
              {term === 'Count' && partial && state.status !== 'running' && (
                <>
                  {' — '}
                  <button type="button" className="dossier-section__fetch-all" onClick={complete.start}>
                    fetch all
                  </button>
                  {complete.plan && complete.plan.covered < complete.plan.last && ` (the first ${count(complete.plan.covered)} pages)`}
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {partial && state.status === 'idle' && (
        <p className="dossier-section__note">
          The summary covers this page only: the dossier fetches every page on its own up to {count(DOSSIER_RECORD_CAP)} records of free
          calls.
        </p>
      )}
      <details className="dossier-section__table">
        <summary>Table of {lookup.id}</summary>
        <RecordTable records={answer.records} fileStem={`dossier-${lookup.slug}`} selectedIndex={selected} onSelect={setSelected} />
      </details>
    </>
  );
}
