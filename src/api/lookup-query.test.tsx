import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { movie } from '../lookups/a-movie.ts';
import { postLookup } from '../form/testing/every-widget-lookup.ts';
import { lookupQueryOptions, shouldRetry, useLookupQuery } from './lookup-query.ts';
import { LookupHttpError, LookupTransportError, type LookupResponse } from './lookup-response.ts';

const details = movie.operations[0];
const post = postLookup.operations[0];
const httpError = (status: number) => new LookupHttpError({ status } as LookupResponse);
const networkError = new LookupTransportError('network', 'down', '/proxy/a/movie/1');

afterEach(() => vi.unstubAllGlobals());

describe('the retry rule', () => {
  it('retries network failures and 502/503/504 of GETs at most twice', () => {
    for (const error of [networkError, httpError(502), httpError(503), httpError(504)]) {
      expect(shouldRetry(details, 0, error)).toBe(true);
      expect(shouldRetry(details, 1, error)).toBe(true);
      expect(shouldRetry(details, 2, error)).toBe(false);
    }
  });

  it('never retries 4xx, other 5xx, timeouts, cancellations or POSTs', () => {
    for (const error of [httpError(400), httpError(404), httpError(429), httpError(500)])
      expect(shouldRetry(details, 0, error)).toBe(false);
    expect(shouldRetry(details, 0, new LookupTransportError('timeout', 't', ''))).toBe(false);
    expect(shouldRetry(details, 0, new LookupTransportError('cancelled', 'c', ''))).toBe(false);
    expect(shouldRetry(post, 0, networkError)).toBe(false);
    expect(shouldRetry(post, 0, httpError(503))).toBe(false);
  });

  it('is what the query options use, with the key naming lookup, operation and params', () => {
    const options = lookupQueryOptions(movie, details, { movie_id: 550 });
    expect(options.queryKey).toEqual(['lookup', 'A', 'details', { movie_id: 550 }, 'masked']);
    expect(lookupQueryOptions(movie, details, { movie_id: 550 }, { mask: false }).queryKey).toEqual([
      'lookup',
      'A',
      'details',
      { movie_id: 550 },
      'unmasked',
    ]);
    const retry = options.retry as (count: number, error: Error) => boolean;
    expect(retry(0, httpError(503))).toBe(true);
    expect(retry(0, httpError(404))).toBe(false);
  });
});

function wrapper() {
  const client = new QueryClient();
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function stubFetch(...responses: Array<typeof fetch>) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) fetchMock.mockImplementationOnce(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('useLookupQuery', () => {
  it('does nothing without params and fetches once params arrive', async () => {
    const fetchMock = stubFetch(async () => new Response('{"id":550}', { headers: { 'content-type': 'application/json' } }));
    const { result, rerender } = renderHook(({ params }) => useLookupQuery(movie, details, params), {
      wrapper: wrapper(),
      initialProps: { params: undefined as { movie_id: number } | undefined },
    });
    expect(result.current.isFetching).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    rerender({ params: { movie_id: 550 } });
    await waitFor(() => expect(result.current.data?.body).toEqual({ id: 550 }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a 503 and then shows the answer', async () => {
    const fetchMock = stubFetch(
      async () => new Response('busy', { status: 503 }),
      async () => new Response('{"id":1}', { headers: { 'content-type': 'application/json' } }),
    );
    const { result } = renderHook(() => useLookupQuery(movie, details, { movie_id: 1 }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.data?.status).toBe(200), { timeout: 3000 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry a 404 and exposes it as the error', async () => {
    const fetchMock = stubFetch(async () => new Response('{"success":false}', { status: 404 }));
    const { result } = renderHook(() => useLookupQuery(movie, details, { movie_id: 2 }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(LookupHttpError));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refetches when masking is switched, asking for unmasked data only when it is off, and never keeps an unmasked answer on screen once it is on', async () => {
    const fetchMock = stubFetch(
      async () =>
        new Response('{"who":"Person 7f3ak2m9x0qd"}', { headers: { 'content-type': 'application/json', 'x-lookup-masked': 'true' } }),
      async () => new Response('{"who":"Jane Doe"}', { headers: { 'content-type': 'application/json', 'x-lookup-masked': 'false' } }),
      async () => new Response('{"who":"Jane Doe"}', { headers: { 'content-type': 'application/json', 'x-lookup-masked': 'false' } }),
      () => new Promise<Response>(() => {}),
    );
    const client = new QueryClient();
    const { result, rerender } = renderHook(({ mask }) => useLookupQuery(movie, details, { movie_id: 4 }, { mask }), {
      wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
      initialProps: { mask: true },
    });
    await waitFor(() => expect(result.current.data?.body).toEqual({ who: 'Person 7f3ak2m9x0qd' }));

    rerender({ mask: false });
    // The masked answer may stay while the unmasked one loads; then the unmasked one shows.
    await waitFor(() => expect(result.current.data?.body).toEqual({ who: 'Jane Doe' }));
    expect((fetchMock.mock.calls[1]![1]!.headers as Record<string, string>)['x-lookup-mask']).toBe('off');

    // Masking back on: the masked answer (still cached) shows at once, and the unmasked one
    // leaves the cache.
    rerender({ mask: true });
    expect(result.current.data?.body).toEqual({ who: 'Person 7f3ak2m9x0qd' });
    await waitFor(() => expect(client.getQueryCache().findAll({ predicate: ({ queryKey }) => queryKey[4] === 'unmasked' })).toEqual([]));

    // With no masked answer cached (another query), the unmasked one is not kept as a placeholder.
    rerender({ mask: false });
    await waitFor(() => expect(result.current.data?.body).toEqual({ who: 'Jane Doe' }));
    client.removeQueries({ predicate: ({ queryKey }) => queryKey[4] === 'masked' });
    rerender({ mask: true });
    expect(result.current.data).toBeUndefined();
    expect(result.current.isFetching).toBe(true);
  });

  it('cancels the request in flight, aborting its signal, and reports it as cancelled', async () => {
    let signal: AbortSignal | undefined;
    stubFetch(
      (...[, init]: Parameters<typeof fetch>) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init!.signal!;
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { result } = renderHook(() => useLookupQuery(movie, details, { movie_id: 3 }), { wrapper: wrapper() });
    await waitFor(() => expect(signal).toBeDefined());
    expect(result.current.isFetching).toBe(true);
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(signal!.aborted).toBe(true);
    expect(result.current.error).toMatchObject({ kind: 'cancelled', url: '/proxy/a/movie/3' });
  });
});
