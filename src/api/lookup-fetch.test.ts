import { afterEach, describe, expect, it, vi } from 'vitest';
import { movie } from '../lookups/a-movie.ts';
import { chargingStations } from '../lookups/b-charging-stations.ts';
import { toXml } from '../lookups/xml.ts';
import { postLookup } from '../form/testing/every-widget-lookup.ts';
import { CLIENT_TIMEOUT_MS, fetchLookup } from './lookup-fetch.ts';
import { LookupHttpError, LookupTransportError } from './lookup-response.ts';

const details = movie.operations[0];
const fetchMock = vi.fn<typeof fetch>();

function stubFetch() {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function answer(body: string, init: ResponseInit & { headers?: Record<string, string> } = {}) {
  return new Response(body, { status: 200, ...init, headers: { 'content-type': 'application/json', ...init.headers } });
}

describe('fetchLookup', () => {
  it('GETs the relative proxy URL and reports status, source, timing, size and the parsed body', async () => {
    stubFetch();
    fetchMock.mockResolvedValue(
      answer('{"title":"Fight Club","note":"é"}', { headers: { 'x-lookup-source': 'demo', 'x-lookup-upstream-ms': '12' } }),
    );
    const response = await fetchLookup(movie, details, { movie_id: 550, language: 'en-US' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/proxy/a/movie/550?language=en-US');
    expect(init).toMatchObject({ method: 'GET', body: undefined });
    expect(response).toMatchObject({
      url: '/proxy/a/movie/550?language=en-US',
      method: 'GET',
      status: 200,
      source: 'demo',
      upstreamMs: 12,
      contentType: 'application/json',
      body: { title: 'Fight Club', note: 'é' },
    });
    // Bytes, not characters: "é" is two bytes in UTF-8.
    expect(response.sizeBytes).toBe(response.text.length + 1);
    expect(response.timeMs).toBeGreaterThanOrEqual(0);
    expect(response.parseError).toBeUndefined();
    expect(response.headers).toContainEqual(['x-lookup-source', 'demo']);
  });

  it('asks for unmasked data with X-Lookup-Mask: off only when masking is off', async () => {
    stubFetch();
    fetchMock.mockImplementation(async () => answer('{}', { headers: { 'x-lookup-masked': 'true' } }));
    const masked = await fetchLookup(movie, details, { movie_id: 550 });
    await fetchLookup(movie, details, { movie_id: 550 }, undefined, { mask: true });
    await fetchLookup(movie, details, { movie_id: 550 }, undefined, { mask: false });
    const sent = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['x-lookup-mask']);
    expect(sent).toEqual([undefined, undefined, 'off']);
    expect(masked.headers).toContainEqual(['x-lookup-masked', 'true']);
  });

  it('POSTs a JSON body for body parameters', async () => {
    stubFetch();
    fetchMock.mockResolvedValue(answer('{}'));
    const response = await fetchLookup(postLookup, postLookup.operations[0], { profile_id: 'ada', contact_info: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/proxy/p/profile-details');
    expect(init).toMatchObject({ method: 'POST', body: '{"profile_id":"ada","contact_info":true}' });
    expect(new Headers(init!.headers).get('content-type')).toBe('application/json');
    expect(response.requestBody).toBe('{"profile_id":"ada","contact_info":true}');
    expect(response.source).toBe('unknown');
  });

  it('keeps a malformed body with the reason instead of throwing', async () => {
    stubFetch();
    fetchMock.mockResolvedValue(answer('{"title": '));
    const response = await fetchLookup(movie, details, { movie_id: 550 });
    expect(response.body).toBeUndefined();
    expect(response.text).toBe('{"title": ');
    expect(response.parseError).toMatch(/^Not valid JSON/);
  });

  it('parses XML bodies of XML operations through fromXml', async () => {
    stubFetch();
    const xml = chargingStations.operations.find((operation) => operation.format === 'xml')!;
    fetchMock.mockResolvedValue(
      new Response(toXml({ hasMore: false, count: 0, evStations: { evStation: [] } }, xml), {
        headers: { 'content-type': 'application/xml' },
      }),
    );
    const response = await fetchLookup(chargingStations, xml, { prox: '52.5,13.4,5000' });
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('accept')).toBe('application/xml');
    expect(response.parseError).toBeUndefined();
    expect(response.body).toEqual({ hasMore: false, count: 0, evStations: { evStation: [] } });
    fetchMock.mockResolvedValue(new Response('<evStationsResponse><count>', { headers: { 'content-type': 'application/xml' } }));
    expect((await fetchLookup(chargingStations, xml, { prox: '52.5,13.4,5000' })).parseError).toMatch(
      /^Could not read the XML body: Malformed XML/,
    );
  });

  it('throws LookupHttpError carrying the whole answer for a non-2xx status', async () => {
    stubFetch();
    fetchMock.mockResolvedValue(answer('{"success":false,"status_message":"Not found"}', { status: 404, statusText: 'Not Found' }));
    const error = await fetchLookup(movie, details, { movie_id: 9 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LookupHttpError);
    expect((error as LookupHttpError).response).toMatchObject({ status: 404, body: { status_message: 'Not found' } });
    expect((error as LookupHttpError).message).toBe('HTTP 404 Not Found');
  });

  it('turns a network failure into a transport error of kind network', async () => {
    stubFetch();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await fetchLookup(movie, details, { movie_id: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LookupTransportError);
    expect(error).toMatchObject({ kind: 'network', url: '/proxy/a/movie/1' });
  });

  it('gives up after the client timeout and reports cancellation by the caller', async () => {
    stubFetch();
    // A fetch that only ends when its signal aborts, as a real one does.
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    vi.useFakeTimers();
    const timedOut = fetchLookup(movie, details, { movie_id: 1 }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(CLIENT_TIMEOUT_MS);
    expect(await timedOut).toMatchObject({ kind: 'timeout' });

    const controller = new AbortController();
    const cancelled = fetchLookup(movie, details, { movie_id: 1 }, controller.signal).catch((caught: unknown) => caught);
    controller.abort();
    expect(await cancelled).toMatchObject({ kind: 'cancelled' });
  });
});
