// What the history keeps of one answer the fetcher announced, and its recording into the store.
import type { AnswerEvent } from '../../api/answer-events.ts';
import { interpretAnswer } from '../../lookups/answer.ts';
import type { AnyLookup } from '../../lookups/define-lookup.ts';
import { readMasked, WIRE_HEADERS } from '../../lookups/wire.ts';
import { paramsToValues, sentQuerySearch } from '../../form/url-state.ts';
import type { HistoryEntry, HistoryStore, NewHistoryEntry } from './history-store.ts';
import { historyStore } from './history-store.ts';
import { mayKeepBody } from './masking-rules.ts';
import { loadDefinition } from './lookup-facts.ts';
import type { PendingAnswer } from './pending-answers.ts';

/** The proxy's cache (when it has one) marks an answer it served itself. */
const CACHE_HEADER = 'x-lookup-cache';

function header(headers: ReadonlyArray<readonly [string, string]>, name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

/** What the history keeps of one answer (its metadata only with `keepBody` false); undefined for an answer of no known lookup. */
export function historyRecord(event: AnswerEvent, maskingOn: boolean, lookup: AnyLookup, keepBody = true): NewHistoryEntry | undefined {
  const operation = lookup.operations.find((candidate) => candidate.id === event.operationId);
  if (lookup.id !== event.lookupId || !operation) return undefined;
  const { response, failure } = event;
  const masked = response ? readMasked(header(response.headers, WIRE_HEADERS.masked)) === true : false;
  let verdict: HistoryEntry['verdict'] = 'unchecked';
  let recordCount: number | undefined;
  if (response && response.body !== undefined) {
    const answer = interpretAnswer(
      lookup,
      operation,
      event.params,
      { body: response.body, parseError: response.parseError, headers: response.headers },
      { mask: event.maskRequested },
    );
    // An error envelope is a failure whatever the lookup's own success marker reads.
    const failed = answer.verdict?.ok === false || answer.errorMessage !== undefined;
    verdict = failed ? 'failed' : answer.verdict ? 'ok' : 'unchecked';
    recordCount = answer.records.length;
  }
  const entry: NewHistoryEntry['entry'] = {
    lookupId: lookup.id,
    operationId: operation.id,
    params: event.params,
    search: sentQuerySearch(lookup, operation, paramsToValues(operation, event.params)),
    url: response?.url ?? failure?.url ?? '',
    method: response?.method ?? operation.method,
    sentAt: event.sentAt,
    status: response?.status,
    ...(failure && { failure: failure.message }),
    durationMs: response?.timeMs ?? Math.max(0, Date.now() - event.sentAt),
    sizeBytes: response?.sizeBytes ?? 0,
    source: response && header(response.headers, CACHE_HEADER) === 'hit' ? 'cache' : (response?.source ?? 'unknown'),
    verdict,
    recordCount,
    masked,
    personalData: lookup.personalData.length > 0,
  };
  if (!response || !keepBody || !mayKeepBody(entry, maskingOn)) return { entry, answer: undefined };
  // The text as received, never the parsed body: no stringifying of a big answer on this thread.
  const { body: _body, parseError: _parseError, ...answer } = response;
  return { entry, answer };
}

/** Records one answer (loaded lazily by start-history-recorder.ts, off the first page's bundle). */
export async function recordAnswer(
  event: AnswerEvent,
  maskingOn: boolean,
  store: HistoryStore = historyStore(),
): Promise<HistoryEntry | undefined> {
  return addRecord(event, maskingOn, store, true);
}

/** Adds what History keeps of `event` to `store` (its metadata only with `keepBody` false). */
async function addRecord(
  event: AnswerEvent,
  maskingOn: boolean,
  store: HistoryStore,
  keepBody: boolean,
): Promise<HistoryEntry | undefined> {
  const lookup = await loadDefinition(event.lookupId);
  const record = lookup && historyRecord(event, maskingOn, lookup, keepBody);
  return record ? store.add(record) : undefined;
}

/**
 * Records an answer an earlier page stashed as it went away (pending-answers.ts), unless History
 * has it already: that page's own write may have finished after all.
 */
export async function recordStashedAnswer(pending: PendingAnswer, store: HistoryStore = historyStore()): Promise<HistoryEntry | undefined> {
  const { event, maskingOn, bodyDropped } = pending;
  const known = await store.list();
  const same = (entry: HistoryEntry) =>
    entry.sentAt === event.sentAt && entry.lookupId === event.lookupId && entry.operationId === event.operationId;
  return known.some(same) ? undefined : addRecord(event, maskingOn, store, !bodyDropped);
}
