// Query options and the hook for every lookup: one key per (lookup, operation, params), the
// superseded request cancelled through the signal, and retries only where a retry can help.
import { hashKey, keepPreviousData, queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { AnyLookup, AnyOperation, Params } from '../lookups/define-lookup.ts';
import { buildRequest } from '../lookups/request.ts';
import { proxyUrl } from '../lookups/wire.ts';
import { forgetLiveAnswer, publishLiveAnswer, useLiveAnswerByKey, type LiveAnswer } from './answer-stream.ts';
import { fetchLookup, type FetchOptions } from './lookup-fetch.ts';
import { LookupHttpError, LookupTransportError, type LookupResponse } from './lookup-response.ts';

const MAX_RETRIES = 2;
/** How long a streamed answer's live records stay after its query settled (the viewer switches over meanwhile). */
const LIVE_ANSWER_KEPT_MS = 1_000;
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

/** Masked and unmasked answers of one query are different answers: the mask flag is part of the key. */
export function lookupQueryKey(lookup: AnyLookup, operation: AnyOperation, params: Params | undefined, { mask = true }: FetchOptions = {}) {
  return ['lookup', lookup.id, operation.id, params ?? null, mask ? 'masked' : 'unmasked'] as const;
}

/**
 * Whether a failed call is worth repeating: only GETs (a POST may cost a paid call twice), only
 * failures that say "try again" (no connection, gateway trouble), never a 4xx, a timeout or a cancel.
 */
export function shouldRetry(operation: AnyOperation, failureCount: number, error: unknown): boolean {
  if (operation.method !== 'GET' || failureCount >= MAX_RETRIES) return false;
  if (error instanceof LookupTransportError) return error.kind === 'network';
  if (error instanceof LookupHttpError) return TRANSIENT_STATUSES.has(error.response.status);
  return false;
}

export function lookupQueryOptions(lookup: AnyLookup, operation: AnyOperation, params: Params, fetchOptions: FetchOptions = {}) {
  return queryOptions({
    queryKey: lookupQueryKey(lookup, operation, params, fetchOptions),
    queryFn: ({ signal, queryKey }) => {
      // A big answer streams under its query's key, for the viewer to show while it arrives.
      const key = hashKey(queryKey);
      forgetLiveAnswer(key);
      let streamed: LiveAnswer | undefined;
      const onStream = (live: LiveAnswer) => publishLiveAnswer(key, (streamed = live));
      // Once the query holds the answer (its observers hear of it a tick later), the live one goes.
      const forget = () => streamed && setTimeout(() => forgetLiveAnswer(key, streamed), LIVE_ANSWER_KEPT_MS);
      return fetchLookup(lookup, operation, params, signal, { ...fetchOptions, onStream }).finally(forget);
    },
    retry: (failureCount, error) => shouldRetry(operation, failureCount, error),
    retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4_000),
    // Back/forward to a recent query shows its answer without spending another (maybe paid) call.
    staleTime: 5 * 60_000,
    // While the next page loads, the previous answer of the same operation stays on screen, unless
    // it is unmasked and this query asks for masked data (masking was just switched on).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === operation.id && (previousQuery.queryKey[4] === 'masked' || fetchOptions.mask === false)
        ? keepPreviousData(previous)
        : undefined,
  });
}

/**
 * The answer of this query being read as a stream (or the last one read so), whose records the
 * viewer shows while its query is fetching; undefined for an answer read whole.
 */
export function useLiveAnswer(
  lookup: AnyLookup,
  operation: AnyOperation,
  params: Params | undefined,
  { mask = true }: FetchOptions = {},
): LiveAnswer | undefined {
  return useLiveAnswerByKey(params ? hashKey(lookupQueryKey(lookup, operation, params, { mask })) : undefined);
}

export interface LookupQuery {
  data: LookupResponse | undefined;
  error: Error | null;
  isFetching: boolean;
  /** Stops the request in flight; the viewer then shows it as cancelled. */
  cancel: () => void;
  refetch: () => Promise<unknown>;
  /** Asks again past the server's answer cache (`Cache-Control: no-cache`); the answer replaces this query's. */
  fetchFresh: () => Promise<unknown>;
}

/** The query of one request; `fetchOptions.mask: false` asks for unmasked data (a query of its own). */
export function useLookupQuery(
  lookup: AnyLookup,
  operation: AnyOperation,
  params: Params | undefined,
  fetchOptions: FetchOptions = {},
): LookupQuery {
  const queryClient = useQueryClient();
  const mask = fetchOptions.mask ?? true;
  const queryKey = lookupQueryKey(lookup, operation, params, { mask });
  const keyHash = hashKey(queryKey);
  const query = useQuery(params ? lookupQueryOptions(lookup, operation, params, { mask }) : { queryKey, queryFn: skipToken });
  // Once masking is on again, no unmasked answer stays in the cache (nor can come back from it).
  useEffect(() => {
    if (mask) queryClient.removeQueries({ queryKey: ['lookup'], predicate: ({ queryKey }) => queryKey[4] === 'unmasked' });
  }, [queryClient, mask]);
  // Cancelling reverts the query to its state before the fetch, which would read as "nothing
  // happened"; remember which query was cancelled so the viewer can say so.
  const [cancelled, setCancelled] = useState<{ keyHash: string; error: LookupTransportError }>();
  const showCancelled = cancelled?.keyHash === keyHash && !query.isFetching && (query.data === undefined || query.isPlaceholderData);

  const cancel = useCallback(() => {
    if (!params) return;
    void queryClient.cancelQueries({ queryKey: lookupQueryKey(lookup, operation, params, { mask }), exact: true });
    const url = proxyUrl(lookup, buildRequest(operation, params));
    setCancelled({
      keyHash: hashKey(lookupQueryKey(lookup, operation, params, { mask })),
      error: new LookupTransportError('cancelled', 'The request was cancelled', url),
    });
  }, [queryClient, lookup, operation, params, mask]);

  const fetchFresh = useCallback(() => {
    if (!params) return Promise.resolve();
    setCancelled(undefined);
    // The same key (fresh is not part of it): the fresh answer takes the cached one's place on screen.
    return queryClient
      .fetchQuery({ ...lookupQueryOptions(lookup, operation, params, { mask, fresh: true }), staleTime: 0 })
      .catch(() => undefined);
  }, [queryClient, lookup, operation, params, mask]);

  const { refetch: refetchQuery } = query;
  const refetch = useCallback(() => {
    setCancelled(undefined);
    return refetchQuery();
  }, [refetchQuery]);

  return {
    data: query.data,
    error: query.error ?? (showCancelled ? cancelled.error : null),
    isFetching: query.isFetching,
    cancel,
    refetch,
    fetchFresh,
  };
}
