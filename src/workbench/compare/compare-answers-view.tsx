// Compare two answers of one lookup kept in History: two labelled pickers (the newest answer, the
// one on the lookup page, is marked "current"), a status line that says what is happening, and
// what changed, with its downloads. The choice is the caller's (the page keeps it in the URL): the
// default pair is reported too, once, so the URL names what is shown from the start.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AnyLookup } from '../../lookups/define-lookup.ts';
import type { HistoryEntry } from '../history/history-store.ts';
import { DiffDownloads } from './diff-downloads.tsx';
import { DiffResults, diffSentence } from './diff-results.tsx';
import { NotEnoughAnswers } from './not-enough-answers.tsx';
import { paramsLine, varyingParams } from './format-value.ts';
import { answerSource, useAnswerDiff, useLookupHistory, whyNotComparable, type AnswerSource } from './use-compare.ts';
import './compare.css';

export interface CompareAnswersViewProps {
  lookup: AnyLookup;
  /** The chosen entries' ids (the URL's `a` and `b`); the two newest kept answers when absent. */
  firstId: string | undefined;
  secondId: string | undefined;
  /** A choice in the pickers, or the default pair when the URL names none (the caller should replace the URL, not push). */
  onChoose(firstId: string, secondId: string): void;
}

export const SAME_ANSWER_TEXT = 'The same answer is picked on both sides, so there is nothing to compare: pick another answer for one side.';

function sourceText(source: AnswerSource): string {
  if (source === 'history') return '';
  return source === 'memory' ? ' · held in this tab only (too large for History)' : ' · body not kept';
}

function entryText(entry: HistoryEntry, index: number, operations: number, source: AnswerSource, varying: ReadonlySet<string>): string {
  const when = new Date(entry.sentAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
  const status = entry.status === undefined ? 'no answer' : `HTTP ${entry.status}`;
  const records = entry.recordCount === undefined ? '' : ` · ${entry.recordCount.toLocaleString('en-US')} records`;
  const operation = operations > 1 ? ` · ${entry.operationId}` : '';
  const kept = sourceText(source);
  // What tells the answers apart comes first: the parameters that differ, then when it was sent.
  return `${index === 0 ? 'Current · ' : ''}${paramsLine(entry.params, 160, varying)} · ${when}${operation} · ${status}${records}${kept}`;
}

interface AnswerPickerProps {
  id: string;
  label: string;
  entries: readonly HistoryEntry[];
  sources: ReadonlyMap<string, AnswerSource>;
  varying: ReadonlySet<string>;
  value: string | undefined;
  operations: number;
  onChange(id: string): void;
}

function AnswerPicker({ id, label, entries, sources, varying, value, operations, onChange }: AnswerPickerProps) {
  return (
    <div className="compare-picker">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        {value === undefined && <option value="">Choose an answer</option>}
        {entries.map((entry, index) => (
          <option key={entry.id} value={entry.id} disabled={!sources.get(entry.id)}>
            {entryText(entry, index, operations, sources.get(entry.id), varying)}
          </option>
        ))}
      </select>
    </div>
  );
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
  const varying = varyingParams(entries);
  const find = (id: string | undefined) => (id === undefined ? undefined : entries.find((entry) => entry.id === id));
  // Without a choice in the URL: the answer before the current one, against the current one.
  const first = firstId === undefined ? kept[1] : find(firstId);
  const second = secondId === undefined ? kept[0] : find(secondId);
  const same = first !== undefined && first.id === second?.id;
  const problem = first && second && !same ? whyNotComparable(client, first, second) : undefined;
  const diff = useAnswerDiff(first, same ? undefined : second);
  const operations = lookup.operations.length;
  const missing = (firstId !== undefined && !first) || (secondId !== undefined && !second);
  const byDefault = firstId === undefined || secondId === undefined;
  useReportDefault(byDefault ? first?.id : undefined, byDefault ? second?.id : undefined, onChoose);

  let status = '';
  if (history.isPending) status = 'Loading the answers kept in History…';
  else if (kept.length < 2) status = '';
  else if (same) status = SAME_ANSWER_TEXT;
  else if (diff.isFetching) status = 'Comparing…';
  else if (diff.data) status = diffSentence(diff.data);

  return (
    <div className="compare">
      {history.isError && <p role="alert">History could not be read: {history.error.message}</p>}
      {!history.isPending && kept.length < 2 && <NotEnoughAnswers kept={kept.length} notKept={entries.filter((entry) => sources.get(entry.id) === undefined)} />}
      {entries.length > 0 && kept.length > 0 && (
        <form className="compare-pickers" aria-label="Answers to compare" onSubmit={(event) => event.preventDefault()}>
          <AnswerPicker
            id="compare-first"
            label="First answer (before)"
            entries={entries}
            sources={sources}
            varying={varying}
            value={first?.id}
            operations={operations}
            onChange={(id) => onChoose(id, second?.id ?? id)}
          />
          <AnswerPicker
            id="compare-second"
            label="Second answer (after)"
            entries={entries}
            sources={sources}
            varying={varying}
            value={second?.id}
            operations={operations}
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
      {missing && <p role="alert">An answer named in the link is no longer kept in History: choose another.</p>}
      {problem && <p role="alert">{problem}</p>}
      {first && second && first.masked !== second.masked && (
        <p className="compare-note">
          One answer is masked and the other is not: every personal field differs by masking alone. Send both with the same masking to
          compare them.
        </p>
      )}
      {diff.isError && <p role="alert">The comparison failed: {diff.error.message}</p>}
      {diff.data && !diff.isFetching && first && second && (
        <>
          <DiffDownloads diff={diff.data} context={{ lookupId: lookup.id, operationId: first.operationId, first, second }} />
          <DiffResults key={`${first.id}/${second.id}`} diff={diff.data} />
        </>
      )}
    </div>
  );
}
