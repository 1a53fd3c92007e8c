import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { movie } from '../lookups/a-movie.ts';
import { chargingStations } from '../lookups/b-charging-stations.ts';
import { LOOKUP_CONFIG_PATH } from '../lookups/wire.ts';
import { fetchLookupConfig, useKeyPlacement } from './lookup-config.ts';

const document = { lookups: { A: { mode: 'demo', key: { in: 'query', name: 'api_key' } }, B: { mode: 'live', key: { in: 'header', name: 'X-Api-Key' } } } };

function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchLookupConfig', () => {
  it('GETs /lookup-config.json and parses it with the wire schema', async () => {
    const fetchMock = stubFetch(async () => Response.json(document));
    await expect(fetchLookupConfig()).resolves.toEqual(document);
    expect(fetchMock.mock.calls[0]![0]).toBe(LOOKUP_CONFIG_PATH);
  });

  it('rejects an HTTP error and a document that breaks the schema', async () => {
    stubFetch(async () => new Response('nope', { status: 500 }));
    await expect(fetchLookupConfig()).rejects.toThrow('HTTP 500');
    stubFetch(async () => Response.json({ lookups: { B: { mode: 'live', key: { in: 'cookie', name: 'k' } } } }));
    await expect(fetchLookupConfig()).rejects.toThrow();
  });
});

describe('useKeyPlacement', () => {
  it('is the server’s placement once it has answered', async () => {
    stubFetch(async () => Response.json(document));
    const { result } = renderHook(() => useKeyPlacement(chargingStations), { wrapper: wrapper() });
    expect(result.current).toEqual({ placement: { in: 'query', name: 'api_key' }, from: 'definition' });
    await waitFor(() => expect(result.current).toEqual({ placement: { in: 'header', name: 'X-Api-Key' }, from: 'server' }));
  });

  it('stays the definition’s default when the server cannot say, or says nothing of the lookup', async () => {
    stubFetch(async () => Response.json({ lookups: {} }));
    const { result } = renderHook(() => useKeyPlacement(movie), { wrapper: wrapper() });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(result.current).toEqual({ placement: { in: 'query', name: 'api_key' }, from: 'definition' });
  });
});
