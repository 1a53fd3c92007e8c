// Compare two answers of one lookup kept in History: two labelled pickers (the newest answer, the
// one on the lookup page, is marked "current"), a status line that says what is happening, and
// what changed, with its downloads. The choice is the caller's (the page keeps it in the URL): the
// default pair is reported too, once, so the URL names what is shown from the start.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AnyLookup } from '../../lookups/define-lookup.ts';
import type { HistoryEntry } from '../history/history-store.ts';
import { DiffDownloads } from './diff-downloads.tsx';
import { DiffResults, diffSentence } from './diff-results.tsx';
import { NotEnoughAnswers } from './not-enough-answers.tsx';
import { answerSource, useAnswerDiff, useLookupHistory, whyNotComparable, type AnswerSource } from './use-compare.ts';
import { isPartial, partText, type AnswerPart } from './answer-pages.ts';
import type { MergeProgress } from '../../api/merge-answers.ts';
import { MAX_RECORDS } from '../../api/fetch-all-pages.ts';
import { describeQuery } from '../../lookups/describe-query.ts';
import { paramWidgets } from '../../lookups/param.ts';
import type { ParamWidgets } from '../../lookups/describe-query.ts';
import './compare.css';

export interface CompareAnswersViewProps {
  lookup: AnyLookup;
  /** The chosen entries' ids (the URL's `a` and `b`); the two newest kept answers when absent. */
  firstId: string | undefined;
  secondId: string | undefined;
  /** A choice in the pickers, or the default pair when the URL names none (the caller should replace the URL, not push). */
  onChoose(firstId: string, secondId: string): void;
}

export const SAME_ANSWER_TEXT =
  'The same answer is picked on both sides, so there is nothing to compare: pick another answer for one side.';

function sourceText(source: AnswerSource): string {
  if (source === 'history') return '';
  return source === 'memory' ? ' · held in this tab only (too large for History)' : ' · body not kept';
}

function entryText(entry: HistoryEntry, index: number, operations: number, source: AnswerSource, widgets: ParamWidgets): string {
  const when = new Date(entry.sentAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
  const status = entry.status === undefined ? 'no answer' : `HTTP ${entry.status}`;
  const records = entry.recordCount === undefined ? '' : ` · ${entry.recordCount.toLocaleString('en-US')} records`;
  const operation = operations > 1 ? ` · ${entry.operationId}` : '';
  const kept = sourceText(source);
  // What tells the answers apart comes first: the query in words, then when it was sent.
  return `${index === 0 ? 'Current · ' : ''}${describeQuery(entry.lookupId, widgets, entry.params)} · ${when}${operation} · ${status}${records}${kept}`;
}

interface AnswerPickerProps {
  id: string;
  label: string;
  entries: readonly HistoryEntry[];
  sources: ReadonlyMap<string, AnswerSource>;
  value: string | undefined;
  operations: number;
  widgets: (entry: HistoryEntry) => ParamWidgets;
  onChange(id: string): void;
}

function AnswerPicker({ id, label, entries, sources, value, operations, widgets, onChange }: AnswerPickerProps) {
  return (
    <div className="compare-picker">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        {value === undefined && <option value="">Choose an answer</option>}
        {entries.map((entry, index) => (
          <option key={entry.id} value={entry.id} disabled={!sources.get(entry.id)}>
            {entryText(entry, index, operations, sources.get(entry.id), widgets(entry))}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Says loudly when a side holds part of its query's records: " Not every record: before is page 1 of 3 (50 of 145 records), after …". */
function partsText(parts: readonly [AnswerPart, AnswerPart]): string {
  if (!parts.some(isPartial)) return '';
  const side = (name: string, part: AnswerPart) =>
    `${name} is ${isPartial(part) ? partText(part) : `complete (${part.records.toLocaleString('en-US')} records)`}`;
  return ` Not every record was compared: ${side('before', parts[0])}, ${side('after', parts[1])}.`;
}

function fetchingText(progress: MergeProgress | undefined): string {
  if (!progress) return 'Fetching every page of both answers…';
  return `Fetching every page of both answers… page ${progress.done.toLocaleString('en-US')} of ${progress.planned.toLocaleString('en-US')} · ${progress.records.toLocaleString('en-US')} records`;
}

/** Reports the default pair once per pair (the caller's onChoose may be a new function on every render). */
function useReportDefault(firstId: string | undefined, secondId: string | undefined, onChoose: (first: string, second: string) => void) {
  const latest = useRef(onChoose);
  useEffect(() => {
    latest.current = onChoose;
  });
  useEffect(() => {
    if (firstId !== undefined && secondId !== undefined) latest.current(firstId, secondId);
  }, [firstId, secondId]);
}

export function CompareAnswersView({ lookup, firstId, secondId, onChoose }: CompareAnswersViewProps) {
  const client = useQueryClient();
  const history = useLookupHistory(lookup.id);
  const entries = history.data ?? [];
  const sources = new Map(entries.map((entry) => [entry.id, answerSource(client, entry)]));
  const kept = entries.filter((entry) => sources.get(entry.id) !== undefined);
  const find = (id: string | undefined) => (id === undefined ? undefined : entries.find((entry) => entry.id === id));
  // Without a choice in the URL: the answer before the current one, against the current one.
  const first = firstId === undefined ? kept[1] : find(firstId);
  const second = secondId === undefined ? kept[0] : find(secondId);
  const same = first !== undefined && first.id === second?.id;
  const problem = first && second && !same ? whyNotComparable(client, first, second) : undefined;
  // "Fetch every page" belongs to one pair: another pair starts from the answers as kept.
  const pair = `${first?.id}/${second?.id}`;
  const [everyPageOf, setEveryPageOf] = useState<string>();
  const [progress, setProgress] = useState<MergeProgress>();
  const everyPage = everyPageOf === pair;
  const diff = useAnswerDiff(first, same ? undefined : second, everyPage, setProgress);
  const compared = diff.data;
  const operations = lookup.operations.length;
  const widgetsOf = (entry: HistoryEntry) =>
    paramWidgets(lookup.operations.find((operation) => operation.id === entry.operationId)?.params ?? lookup.operations[0]!.params);
  const missing = (firstId !== undefined && !first) || (secondId !== undefined && !second);
  const byDefault = firstId === undefined || secondId === undefined;
  useReportDefault(byDefault ? first?.id : undefined, byDefault ? second?.id : undefined, onChoose);

  let status = '';
  if (history.isPending) status = 'Loading the answers kept in History…';
  else if (kept.length < 2) status = '';
  else if (same) status = SAME_ANSWER_TEXT;
  else if (diff.isFetching) status = everyPage ? fetchingText(progress) : 'Comparing…';
  else if (compared) status = `${diffSentence(compared.diff)}${partsText(compared.parts)}`;

  return (
    <div className="compare">
      {history.isError && <p role="alert">History could not be read: {history.error.message}</p>}
      {!history.isPending && kept.length < 2 && (
        <NotEnoughAnswers kept={kept.length} notKept={entries.filter((entry) => sources.get(entry.id) === undefined)} />
      )}
      {entries.length > 0 && kept.length > 0 && (
        <form className="compare-pickers" aria-label="Answers to compare" onSubmit={(event) => event.preventDefault()}>
          <AnswerPicker
            id="compare-first"
            label="First answer (before)"
            entries={entries}
            sources={sources}
            value={first?.id}
            operations={operations}
            widgets={widgetsOf}
            onChange={(id) => onChoose(id, second?.id ?? id)}
          />
          <AnswerPicker
            id="compare-second"
            label="Second answer (after)"
            entries={entries}
            sources={sources}
            value={second?.id}
            operations={operations}
            widgets={widgetsOf}
            onChange={(id) => onChoose(first?.id ?? id, id)}
          />
          <button type="button" onClick={() => first && second && onChoose(second.id, first.id)} disabled={!first || !second}>
            Swap
          </button>
        </form>
      )}
      <p role="status" className="compare-status">
        {status}
      </p>
      {compared && !diff.isFetching && compared.parts.some(isPartial) && !everyPage && (
        <p className="compare-note">
          <button type="button" onClick={() => (setProgress(undefined), setEveryPageOf(pair))}>
            Fetch all pages of both answers
          </button>{' '}
          and compare every record (up to {MAX_RECORDS.toLocaleString('en-US')} records each; each page may be a paid call).
        </p>
      )}
      {everyPage && diff.isFetching && progress && <progress max={progress.planned} value={progress.done} aria-label="Pages fetched" />}
      {missing && <p role="alert">An answer named in the link is no longer kept in History: choose another.</p>}
      {problem && <p role="alert">{problem}</p>}
      {first && second && first.masked !== second.masked && (
        <p className="compare-note">
          One answer is masked and the other is not: every personal field differs by masking alone. Send both with the same masking to
          compare them.
        </p>
      )}
      {diff.isError && <p role="alert">The comparison failed: {diff.error.message}</p>}
      {compared && !diff.isFetching && first && second && (
        <>
          <DiffDownloads diff={compared.diff} context={{ lookupId: lookup.id, operationId: first.operationId, first, second }} />
          <DiffResults key={`${first.id}/${second.id}`} diff={compared.diff} />
        </>
      )}
    </div>
  );
}
