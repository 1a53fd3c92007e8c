// Getting every record from a lookup that cuts its answer and has no page parameter (M: at most
// 10,000 calls per answer): the query's time window is split into consecutive shorter windows,
// each is sent through the same query layer as any request (lookupQueryOptions: same key, cache,
// retries and cancellation), a window whose answer is still cut is split again, and the records
// are merged into one body of the operation's own response shape. The viewer then reads that body
// through the one answer interpreter like any other answer, so every tab, the map and the exports
// work on the merged records.
import { useCallback } from 'react';
import type { AnyLookup, AnyOperation, Params, WindowSplit } from '../lookups/define-lookup.ts';
import { interpretAnswer } from '../lookups/answer.ts';
import type { LookupResponse } from './lookup-response.ts';
import {
  abortError,
  fetchThroughQueries,
  MERGE_CONCURRENCY,
  mergedResponse,
  mergeInOrder,
  runInTurns,
  sameMasking,
  useAnswerRun,
  type FetchPiece,
  type MergeControl,
  type MergeProgress,
} from './merge-answers.ts';

/** Window queries in flight at once. */
export const SPLIT_CONCURRENCY = MERGE_CONCURRENCY;
/** No split runs more window queries than this (each may be a paid call). */
export const MAX_WINDOWS = 64;

/** A time window in epoch milliseconds, both ends inclusive. */
export interface TimeWindow {
  from: number;
  until: number;
}

/**
 * `count` consecutive windows that cover `window` exactly: the first starts at its start, the last
 * ends at its end, each starts one millisecond after the previous ends. Fewer when the window holds
 * fewer milliseconds than `count`; none when it is empty.
 */
export function splitRange(window: TimeWindow, count: number): TimeWindow[] {
  const length = window.until - window.from + 1;
  if (!(length > 0)) return [];
  const parts = Math.max(1, Math.min(Math.trunc(count), length));
  return Array.from({ length: parts }, (_, index) => ({
    from: window.from + Math.floor((index * length) / parts),
    until: window.from + Math.floor(((index + 1) * length) / parts) - 1,
  }));
}

/** The query's window, read from its two date-time parameters; undefined when either is missing or invalid. */
export function windowOf(params: Params, split: Pick<WindowSplit, 'fromParam' | 'untilParam'>): TimeWindow | undefined {
  const from = Date.parse(String(params[split.fromParam] ?? ''));
  const until = Date.parse(String(params[split.untilParam] ?? ''));
  return Number.isNaN(from) || Number.isNaN(until) || until < from ? undefined : { from, until };
}

/** The query's parameters with its window replaced (ISO 8601 in UTC, to the millisecond). */
export function windowParams(params: Params, split: Pick<WindowSplit, 'fromParam' | 'untilParam'>, window: TimeWindow): Params {
  return { ...params, [split.fromParam]: new Date(window.from).toISOString(), [split.untilParam]: new Date(window.until).toISOString() };
}

export interface WindowPart {
  window: TimeWindow;
  records: readonly unknown[];
}

/**
 * The windows' records as one list: windows in time order (newest window first when the provider
 * sorts newest first), each window's records in the order it sent them, and a record that two
 * windows both hold (same identity) kept once, where it first appears.
 */
export function mergeRecords(
  parts: readonly WindowPart[],
  identity: (record: unknown) => string,
  newestFirst: boolean,
): { records: unknown[]; duplicates: number } {
  const ordered = [...parts].sort((a, b) => (newestFirst ? b.window.from - a.window.from : a.window.from - b.window.from));
  return mergeInOrder(
    ordered.map((part) => part.records),
    identity,
  );
}

/** Window queries answered, planned so far (grows when a window is split again) and records received. */
export type SplitProgress = MergeProgress;

export interface SplitOutcome {
  /** One answer of the operation's response shape holding every merged record. */
  response: LookupResponse;
  /** The window queries that made it, in time order. */
  windows: ReadonlyArray<{ window: TimeWindow; url: string; records: number }>;
  /** Records that more than one window held, kept once. */
  duplicates: number;
  /** Records in the merged answer. */
  records: number;
}

/** Why a split stopped: a window query failed or its answer could not be read. */
export class SplitError extends Error {
  override name = 'SplitError';
}

export interface RunSplitOptions {
  lookup: AnyLookup;
  operation: AnyOperation;
  /** The parameters of the cut query. */
  params: Params;
  split: WindowSplit;
  /** Sends one window's query (the query layer in the app, a fake in tests). */
  fetchWindow: FetchPiece;
  signal: AbortSignal;
  concurrency?: number;
  maxWindows?: number;
  onProgress?: (progress: SplitProgress) => void;
}

const describeWindow = (window: TimeWindow) => `${new Date(window.from).toISOString()} – ${new Date(window.until).toISOString()}`;
const cancelled = () => abortError('The split was cancelled');

/** Runs the window queries (at most `concurrency` at once) and merges their records into one answer. */
export async function runWindowSplit(options: RunSplitOptions): Promise<SplitOutcome> {
  const { lookup, operation, params, split, fetchWindow, signal, onProgress } = options;
  const concurrency = Math.max(1, options.concurrency ?? SPLIT_CONCURRENCY);
  const maxWindows = options.maxWindows ?? MAX_WINDOWS;
  const whole = windowOf(params, split);
  if (!whole) throw new SplitError(`The query has no valid time window in ${split.fromParam} and ${split.untilParam}.`);
  const started = performance.now();
  const queue = splitRange(whole, split.windows);
  const parts: Array<WindowPart & { url: string; response: LookupResponse }> = [];
  const progress: SplitProgress = { done: 0, planned: queue.length, records: 0 };
  onProgress?.({ ...progress });

  const runOne = async (window: TimeWindow) => {
    if (signal.aborted) throw cancelled();
    const sent = windowParams(params, split, window);
    let response: LookupResponse;
    try {
      response = await fetchWindow(sent, signal);
    } catch (error) {
      if (signal.aborted) throw cancelled();
      throw new SplitError(`The window ${describeWindow(window)} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (signal.aborted) throw cancelled();
    // The same interpreter as every answer (unmasked here: the merged answer is masked as a whole).
    const answer = interpretAnswer(lookup, operation, sent, response, { mask: false });
    if (answer.parseError !== undefined || answer.errorMessage !== undefined)
      throw new SplitError(`The window ${describeWindow(window)} failed: ${answer.parseError ?? answer.errorMessage}`);
    const again = answer.paging?.narrowing?.split;
    if (again) {
      // Still cut: split this window again rather than lose records.
      const pieces = splitRange(window, again.windows);
      if (pieces.length < 2)
        throw new SplitError(`The window ${describeWindow(window)} cannot be split further yet holds more than one answer.`);
      if (progress.planned + pieces.length - 1 > maxWindows)
        throw new SplitError(
          `Getting every record would take more than ${maxWindows} window queries: use a shorter time window or a smaller distance.`,
        );
      queue.push(...pieces);
      progress.planned += pieces.length - 1;
    } else {
      parts.push({ window, records: answer.records, url: response.url, response });
      progress.records += answer.records.length;
      progress.done++;
    }
    onProgress?.({ ...progress });
  };

  await runInTurns(queue, concurrency, runOne);

  const { records, duplicates } = mergeRecords(parts, split.identity, split.newestFirst);
  const byTime = [...parts].sort((a, b) => a.window.from - b.window.from);
  const response = mergedResponse(
    lookup,
    operation,
    params,
    parts.map((part) => part.response),
    split.body(records),
    started,
  );
  return {
    response,
    windows: byTime.map((part) => ({ window: part.window, url: part.url, records: part.records.length })),
    duplicates,
    records: records.length,
  };
}

export type SplitState =
  | { status: 'idle' }
  | { status: 'running'; progress: SplitProgress; noun: string }
  | { status: 'done'; outcome: SplitOutcome; reported: number; noun: string }
  | { status: 'failed'; message: string }
  | { status: 'cancelled'; progress: SplitProgress; noun: string };

/** The split of one cut answer: `merged` stands in for the cut answer once done; `discard` goes back to it. */
export type WindowSplitControl = MergeControl<SplitState, WindowSplit>;

const IDLE: SplitState = { status: 'idle' };

/**
 * Runs a window split for one answer. Its state belongs to that answer: a new answer (another
 * query, another page) starts idle and stops a split still running, as does leaving the page.
 */
export function useWindowSplit(lookup: AnyLookup, operation: AnyOperation, params: Params, response: LookupResponse): WindowSplitControl {
  const { client, launch, ...run } = useAnswerRun(response, IDLE);

  const start = useCallback(
    (split: WindowSplit) =>
      launch(
        { status: 'running', progress: { done: 0, planned: split.windows, records: 0 }, noun: split.noun },
        (signal, report) =>
          runWindowSplit({
            lookup,
            operation,
            params,
            split,
            fetchWindow: fetchThroughQueries(client, lookup, operation, sameMasking(response)),
            signal,
            onProgress: (progress) => report({ status: 'running', progress, noun: split.noun }),
          }).then((outcome): SplitState => ({ status: 'done', outcome, reported: split.total, noun: split.noun })),
        (error) => ({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      ),
    [client, launch, lookup, operation, params, response],
  );

  return { ...run, start };
}
