import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { movie } from '../lookups/a-movie.ts';
import { lookupQueryOptions, useLookupQuery } from './lookup-query.ts';

const details = movie.operations[0];
afterEach(() => vi.unstubAllGlobals());

describe('fetching fresh, past the server’s answer cache', () => {
  it('sends Cache-Control: no-cache, and the fresh answer replaces the cached one under the same query key', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    fetchMock.mockImplementationOnce(
      async () =>
        new Response('{"id":550,"v":1}', { headers: { 'content-type': 'application/json', 'x-lookup-cache': 'hit', age: '240' } }),
    );
    fetchMock.mockImplementationOnce(
      async () => new Response('{"id":550,"v":2}', { headers: { 'content-type': 'application/json', 'x-lookup-cache': 'bypass' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useLookupQuery(movie, details, { movie_id: 550 }), { wrapper });
    await waitFor(() => expect(result.current.data?.body).toEqual({ id: 550, v: 1 }));
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('cache-control')).toBeNull();

    await act(() => result.current.fetchFresh());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(new Headers(fetchMock.mock.calls[1]![1]!.headers).get('cache-control')).toBe('no-cache');
    await waitFor(() => expect(result.current.data?.body).toEqual({ id: 550, v: 2 }));
    // One query, not two: `fresh` is not part of the key.
    expect(lookupQueryOptions(movie, details, { movie_id: 550 }, { fresh: true }).queryKey).toEqual(
      lookupQueryOptions(movie, details, { movie_id: 550 }).queryKey,
    );
    expect(client.getQueryCache().findAll({ queryKey: ['lookup'] })).toHaveLength(1);
  });
});
