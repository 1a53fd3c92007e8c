import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { movie } from '../lookups/a-movie.ts';
import { chargingStations } from '../lookups/b-charging-stations.ts';
import { LOOKUP_CONFIG_PATH } from '../lookups/wire.ts';
import { cspSourceMatches, imageAllowed, useImageAllowed, useKeyPlacement } from './lookup-config.ts';
import { fetchLookupConfig } from './lookup-config-query.ts';

const document = {
  lookups: { A: { mode: 'demo', key: { in: 'query', name: 'api_key' } }, B: { mode: 'live', key: { in: 'header', name: 'X-Api-Key' } } },
};

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

describe("imageAllowed: what the page’s img-src ('self' data: and the published media sources) lets load", () => {
  const page = 'http://127.0.0.1:4173';

  it('allows data: images and this origin, and nothing else without media sources', () => {
    expect(imageAllowed('data:image/svg+xml,%3Csvg%2F%3E', [], page)).toBe(true);
    expect(imageAllowed('data:image/png;base64,iVBORw0KGgo=', [], page)).toBe(true);
    expect(imageAllowed('data:text/html,<p>', [], page)).toBe(false);
    expect(imageAllowed('http://127.0.0.1:4173/icon.png', [], page)).toBe(true);
    expect(imageAllowed('https://cdn.podcasts.example.com/images/1.jpg', [], page)).toBe(false);
    expect(imageAllowed('javascript:alert(1)', ['https:'], page)).toBe(false);
    expect(imageAllowed('not a url', ['https:'], page)).toBe(false);
  });

  it('matches media sources as CSP does: schemes, hosts, *. subdomains and ports', () => {
    const url = (text: string) => new URL(text);
    expect(cspSourceMatches('https:', url('https://any.example/a.jpg'))).toBe(true);
    expect(cspSourceMatches('https:', url('http://any.example/a.jpg'))).toBe(false);
    expect(cspSourceMatches('http:', url('https://any.example/a.jpg'))).toBe(true);
    expect(cspSourceMatches('https://cdn.example.com', url('https://cdn.example.com/a.jpg'))).toBe(true);
    expect(cspSourceMatches('https://cdn.example.com', url('https://CDN.example.com:443/a.jpg'))).toBe(true);
    expect(cspSourceMatches('https://cdn.example.com', url('https://cdn.example.com:8443/a.jpg'))).toBe(false);
    expect(cspSourceMatches('https://cdn.example.com:8443', url('https://cdn.example.com:8443/a.jpg'))).toBe(true);
    expect(cspSourceMatches('https://cdn.example.com', url('https://evil-cdn.example.com/a.jpg'))).toBe(false);
    expect(cspSourceMatches('https://cdn.example.com', url('http://cdn.example.com/a.jpg'))).toBe(false);
    expect(cspSourceMatches('https://*.cdn.example.com', url('https://eu.cdn.example.com/a.jpg'))).toBe(true);
    expect(cspSourceMatches('https://*.cdn.example.com', url('https://a.b.cdn.example.com/a.jpg'))).toBe(true);
    expect(cspSourceMatches('https://*.cdn.example.com', url('https://cdn.example.com/a.jpg'))).toBe(false);
    expect(cspSourceMatches('https://*.cdn.example.com', url('https://xcdn.example.com/a.jpg'))).toBe(false);
    expect(imageAllowed('https://eu.cdn.example.com/a.jpg', ['https://cdn.example.com', 'https://*.cdn.example.com'], page)).toBe(true);
  });

  it('useImageAllowed follows the media sources the server publishes', async () => {
    stubFetch(async () => Response.json({ ...document, mediaSources: ['https://*.podcasts.example.com'] }));
    const { result } = renderHook(() => useImageAllowed(), { wrapper: wrapper() });
    expect(result.current('https://cdn.podcasts.example.com/a.jpg')).toBe(false);
    await waitFor(() => expect(result.current('https://cdn.podcasts.example.com/a.jpg')).toBe(true));
    expect(result.current('https://elsewhere.example/a.jpg')).toBe(false);
    expect(result.current('data:image/svg+xml,%3Csvg%2F%3E')).toBe(true);
  });
});
