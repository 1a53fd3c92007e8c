// How an entry reads in a list: its parameters in one line, its time, its outcome.
import type { ParamValue } from '../../lookups/define-lookup.ts';
import { describeQuery } from '../../lookups/describe-query.ts';
import { catalogEntryOf } from './lookup-facts.ts';
import { formatBytes, formatMs } from '../../results/format.ts';
import type { HistoryEntry } from './history-store.ts';

function valueText(value: ParamValue): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** `movie_id=550 · language=en-US`; "no parameters" for none. */
export function paramsSummary(entry: Pick<HistoryEntry, 'params'>): string {
  const parts = Object.entries(entry.params).flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${valueText(value)}`]));
  return parts.length > 0 ? parts.join(' · ') : 'no parameters';
}

/** The query in words from its lookup's parameters: "L · 1 mi around 37.77, −122.42 · May 1–8, 2024". */
export function describeEntry(entry: Pick<HistoryEntry, 'lookupId' | 'operationId' | 'params'>): string {
  const operation = catalogEntryOf(entry.lookupId)?.operations.find((candidate) => candidate.id === entry.operationId);
  return describeQuery(entry.lookupId, operation?.widgets ?? {}, entry.params);
}

/** "Dec 5, 3:11 AM": when an answer was sent, short enough for a choice beside its description. */
export function shortSentAt(sentAt: number): string {
  return new Date(sentAt).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** An answer as a choice: its query in words, when it was sent and how many records it holds. */
export function entryLabel(entry: Pick<HistoryEntry, 'lookupId' | 'operationId' | 'params' | 'sentAt' | 'recordCount'>): string {
  const records = entry.recordCount === undefined ? '' : `, ${entry.recordCount.toLocaleString('en-US')} records`;
  return `${describeEntry(entry)} (sent ${shortSentAt(entry.sentAt)}${records})`;
}

export function formatSentAt(sentAt: number): string {
  return new Date(sentAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** "200", "HTTP 404", or the transport failure. */
export function statusText(entry: Pick<HistoryEntry, 'status' | 'failure'>): string {
  return entry.status === undefined ? (entry.failure ?? 'No answer') : String(entry.status);
}

export const VERDICT_TEXT: Record<HistoryEntry['verdict'], string> = {
  ok: 'body says success',
  failed: 'body says failure',
  unchecked: 'no verdict',
};

export function sizeText(entry: Pick<HistoryEntry, 'status' | 'sizeBytes'>): string {
  return entry.status === undefined ? '—' : formatBytes(entry.sizeBytes);
}

export function durationText(entry: Pick<HistoryEntry, 'durationMs'>): string {
  return formatMs(entry.durationMs);
}

/** Who answered, in a word ('—' when the answer did not say). */
export function sourceText(source: HistoryEntry['source']): string {
  return source === 'unknown' ? '—' : source;
}
