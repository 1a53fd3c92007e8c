// What the two ways of getting every record share (M's window split in split-windows.ts, every
// page of L and T in fetch-all-pages.ts): sending the pieces through the query layer a few at a
// time, merging their records in order with each record kept once, building the one answer of the
// operation's own shape that the interpreter reads, and a run whose state belongs to one answer.
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import type { AnyLookup, AnyOperation, Params } from '../lookups/define-lookup.ts';
import { mergeInOrder } from '../lookups/every-page.ts';
import { buildRequest } from '../lookups/request.ts';
import { proxyUrl, readMasked, WIRE_HEADERS } from '../lookups/wire.ts';
import { fetchLookup, type FetchOptions } from './lookup-fetch.ts';
import { lookupQueryOptions } from './lookup-query.ts';
import type { LookupResponse } from './lookup-response.ts';

export { mergeInOrder };

/** Queries in flight at once: enough to overlap, few enough for a small server (and a paid provider). */
export const MERGE_CONCURRENCY = 2;

export interface MergeProgress {
  /** Pieces (windows, pages) answered. */
  done: number;
  /** Pieces planned so far (a window split may grow it). */
  planned: number;
  /** Records received so far. */
  records: number;
}

/** Sends one piece's query: the query layer in the app, a fake in tests. */
export type FetchPiece = (params: Params, signal: AbortSignal) => Promise<LookupResponse>;

export function abortError(message: string): Error {
  const error = new Error(message);
  error.name = 'AbortError';
  return error;
}

/**
 * Runs `runOne` over the queue, at most `concurrency` at once, until the queue is empty and nothing
 * runs (`runOne` may add to the queue). The first failure stops it: nothing further starts.
 */
export function runInTurns<T>(queue: T[], concurrency: number, runOne: (item: T) => Promise<void>): Promise<void> {
  const limit = Math.max(1, concurrency);
  return new Promise<void>((resolve, reject) => {
    let active = 0;
    let stopped = false;
    const pump = () => {
      if (stopped) return;
      if (queue.length === 0 && active === 0) {
        resolve();
        return;
      }
      while (active < limit && queue.length > 0) {
        const item = queue.shift()!;
        active++;
        runOne(item).then(
          () => {
            active--;
            pump();
          },
          (error: unknown) => {
            stopped = true;
            reject(error);
          },
        );
      }
    };
    pump();
  });
}

/**
 * One answer of the operation's response shape holding the merged body, standing for the query
 * the person sent: its URL, the first piece's headers (source, masking) without the sizes that
 * described that piece alone, and the pieces' sizes added up.
 */
export function mergedResponse(
  lookup: AnyLookup,
  operation: AnyOperation,
  params: Params,
  pieces: readonly LookupResponse[],
  body: unknown,
  startedAt: number,
): LookupResponse {
  const first = pieces[0];
  return {
    url: proxyUrl(lookup, buildRequest(operation, params)),
    method: operation.method,
    status: 200,
    statusText: 'OK',
    headers: (first?.headers ?? []).filter(([name]) => !/^content-(length|encoding)$/i.test(name)),
    source: first?.source ?? 'unknown',
    timeMs: Math.round(performance.now() - startedAt),
    sizeBytes: pieces.reduce((sum, piece) => sum + piece.sizeBytes, 0),
    contentType: first?.contentType ?? 'application/json',
    text: JSON.stringify(body),
    body,
  };
}

/** The pieces are asked for masked exactly as the answer they complete was: unmasked only if it was sent unmasked. */
export function sameMasking(response: LookupResponse): FetchOptions {
  return { mask: readMasked(response.headers.find(([name]) => name.toLowerCase() === WIRE_HEADERS.masked)?.[1]) !== false };
}

/**
 * Sends a piece's query through the query layer (its key, cache, retries and cancellation);
 * aborting the signal cancels that query. Without a query client (a viewer rendered on its own)
 * the fetcher itself sends it.
 */
export function fetchThroughQueries(
  client: QueryClient | undefined,
  lookup: AnyLookup,
  operation: AnyOperation,
  fetchOptions: FetchOptions = {},
): FetchPiece {
  return async (params, signal) => {
    if (!client) return fetchLookup(lookup, operation, params, signal, fetchOptions);
    const options = lookupQueryOptions(lookup, operation, params, fetchOptions);
    const cancel = () => void client.cancelQueries({ queryKey: options.queryKey, exact: true });
    signal.addEventListener('abort', cancel);
    try {
      return await client.fetchQuery(options);
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  };
}

/** The states a run goes through; once `done` it holds the merged answer. */
export type RunStateShape =
  | { status: 'idle' | 'running' | 'failed' | 'cancelled' }
  | { status: 'done'; outcome: { response: LookupResponse } };

/** What the viewer holds of a run over its answer: M's window split, every page of L or T. */
export interface MergeControl<S, Plan> {
  state: S;
  /** The merged answer once the run is done, for the viewer to show instead of the answer it completes. */
  merged: LookupResponse | undefined;
  start: (plan: Plan) => void;
  /** Stops the run; nothing half-merged is shown. */
  cancel: () => void;
  /** Back to the answer the run completes. */
  discard: () => void;
}

export interface AnswerRun<S> extends Omit<MergeControl<S, never>, 'start'> {
  /** The query client to send pieces through, when the viewer sits inside one. */
  client: QueryClient | undefined;
  /**
   * Starts `task` (stopping one still running) in the `initial` state; its reports and its result
   * become the state, a failure becomes `failed(error)`. Nothing is reported once it is stopped.
   */
  launch: (initial: S, task: (signal: AbortSignal, report: (next: S) => void) => Promise<S>, failed: (error: unknown) => S) => void;
}

/**
 * A run over one answer. Its state belongs to that answer: a new answer (another query, another
 * page) starts at `idle` and stops a run still going, as does leaving the page.
 */
export function useAnswerRun<S extends RunStateShape>(response: LookupResponse, idle: S): AnswerRun<S> {
  // `idle` is the caller's constant (a module-level value), so it never changes between renders.
  // Read without useQueryClient, which throws outside a provider.
  const client = useContext(QueryClientContext);
  const [run, setRun] = useState<{ of: LookupResponse; state: S }>({ of: response, state: idle });
  const controller = useRef<AbortController | undefined>(undefined);
  const state = run.of === response ? run.state : idle;

  useEffect(
    () => () => {
      controller.current?.abort();
      controller.current = undefined;
    },
    [response],
  );

  const launch = useCallback<AnswerRun<S>['launch']>(
    (initial, task, failed) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      const set = (next: S) => {
        if (controller.current === own && !own.signal.aborted) setRun({ of: response, state: next });
      };
      set(initial);
      task(own.signal, set).then(set, (error: unknown) => {
        if (own.signal.aborted) return;
        set(failed(error));
        own.abort(); // stop the queries still in flight
      });
    },
    [response],
  );

  // A running state becomes the cancelled one with the same progress.
  const cancel = useCallback(() => {
    const own = controller.current;
    if (!own) return;
    own.abort();
    controller.current = undefined;
    setRun((current) =>
      current.of === response && current.state.status === 'running'
        ? { of: response, state: { ...current.state, status: 'cancelled' } }
        : current,
    );
  }, [response]);

  const discard = useCallback(() => {
    controller.current?.abort();
    controller.current = undefined;
    setRun({ of: response, state: idle });
  }, [response, idle]);

  return { state, merged: state.status === 'done' ? state.outcome.response : undefined, client, launch, cancel, discard };
}
