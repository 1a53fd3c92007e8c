import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PageJump, Params } from '../lookups/define-lookup.ts';
import { interpretAnswer } from '../lookups/answer.ts';
import { lookups } from '../lookups/registry.ts';
import type { LookupResponse } from './lookup-response.ts';
import {
  describeMergedPages,
  fetchAllPages,
  MAX_PAGES,
  type FetchAllPagesOptions,
  needsConfirmation,
  PageFetchError,
  planPages,
  useFetchAllPages,
} from './fetch-all-pages.ts';

// A paged lookup picked from the registry; the fake upstream below answers its shape.
const lookup = lookups.L;
const operation = lookup.operations[0];
const PER_PAGE = 10;

interface Incident {
  incident_code: string;
  [field: string]: unknown;
}

const incident = (index: number): Incident => ({
  city_key: 'US SFO',
  incident_code: `2024${String(index).padStart(6, '0')}`,
  incident_date: new Date(Date.UTC(2024, 4, 7) - index * 60_000).toISOString(),
  incident_offense: 'Larceny/Theft Offenses',
  incident_offense_code: '23F',
  incident_offense_description: 'Theft From Motor Vehicle',
  incident_offense_detail_description: 'Theft From Motor Vehicle: Theft From Locked Vehicle',
  incident_offense_crime_against: 'Property',
  incident_offense_action: 'committed',
  incident_source_original_type: 'Larceny Theft',
  incident_source_name: 'San Francisco Police Department',
  incident_latitude: 37.78,
  incident_longitude: -122.43,
  incident_address: '1100 Block of GEARY BLVD',
});

/** 95 incidents, newest first: ten pages of ten (the last holds five). */
const WORLD = Array.from({ length: 95 }, (_, index) => incident(index));

function respond(url: string, body: unknown, headers: Array<[string, string]> = []): LookupResponse {
  const text = JSON.stringify(body) ?? '';
  return {
    url,
    method: 'GET',
    status: 200,
    statusText: 'OK',
    headers: [['content-type', 'application/json'], ['content-length', String(text.length)], ['x-lookup-source', 'demo'], ...headers],
    source: 'demo',
    timeMs: 1,
    sizeBytes: text.length,
    contentType: 'application/json',
    text,
    body,
  };
}

/** The fake upstream's answer for one page; `pageOf` lets a test move records between pages. */
function answerFor(params: Params, world: readonly Incident[] = WORLD, pages = Math.ceil(world.length / PER_PAGE)): LookupResponse {
  const page = Number(params.page ?? 1);
  const incidents = world.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  return respond(`/proxy/l/v1/incidents/raw-data?page=${page}`, [{ total_incidents: world.length, total_pages: pages, incidents }]);
}

const params: Params = operation.params.parse({ ...operation.example, page: '1' });
const shown = answerFor(params);

function jumpOf(response: LookupResponse, sent: Params = params): PageJump {
  const jump = interpretAnswer(lookup, operation, sent, response, { mask: false }).paging?.pages;
  if (!jump?.merge) throw new Error('the answer has no pages to merge');
  return jump;
}

const codes = (records: readonly unknown[]) => records.map((record) => (record as Incident).incident_code);

describe('planPages', () => {
  it('sends every page but the one shown, and asks first when that is more than a few calls', () => {
    const plan = planPages(jumpOf(shown))!;
    expect(plan).toMatchObject({ covered: 10, last: 10, total: 95, noun: 'incidents' });
    expect(plan.toFetch).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(needsConfirmation(plan)).toBe(true);
    const three = answerFor(params, WORLD.slice(0, 30));
    expect(needsConfirmation(planPages(jumpOf(three))!)).toBe(false);
  });

  it(`merges at most ${MAX_PAGES} pages, and nothing where there is one page or no merge`, () => {
    const many = answerFor({ ...params, page: 60 }, WORLD, 120);
    const plan = planPages(jumpOf(many, { ...params, page: 60 }))!;
    expect(plan).toMatchObject({ covered: MAX_PAGES, last: 120 });
    expect(plan.toFetch).toHaveLength(MAX_PAGES); // page 60 is past the bound: pages 1 to 50 are all sent
    expect(planPages({ page: 1, last: 1, to: () => ({}), merge: { noun: 'x', body: () => [] } })).toBeUndefined();
    expect(planPages({ page: 1, last: 5, to: () => ({}) })).toBeUndefined();
  });
});

describe('fetchAllPages', () => {
  /** Every page of `world` (the page shown is its first), each answered by the fake upstream unless `fetchPage` says otherwise. */
  const mergeAll = (world: readonly Incident[], options: Partial<FetchAllPagesOptions> = {}) =>
    fetchAllPages({
      lookup,
      operation,
      params,
      response: answerFor(params, world),
      jump: jumpOf(answerFor(params, world)),
      signal: new AbortController().signal,
      fetchPage: async (pageParams) => answerFor(pageParams, world),
      ...options,
    });

  it('merges every page in page order, whatever order they arrive in, without sending the page shown again', async () => {
    const sent: number[] = [];
    const progress: string[] = [];
    let active = 0;
    let most = 0;
    const outcome = await mergeAll(WORLD, {
      onProgress: (p) => progress.push(`${p.done}/${p.planned}:${p.records}`),
      fetchPage: async (pageParams) => {
        const page = Number(pageParams.page);
        sent.push(page);
        active++;
        most = Math.max(most, active);
        // Later pages answer sooner: arrival order is not page order.
        await new Promise((resolve) => setTimeout(resolve, (12 - page) * 2));
        active--;
        return answerFor(pageParams);
      },
    });
    expect(sent.sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(most).toBe(2);
    expect(progress[0]).toBe('1/10:10');
    expect(progress.at(-1)).toBe('10/10:95');
    expect(outcome).toMatchObject({ records: 95, duplicates: 0, covered: 10, last: 10, total: 95 });
    expect(outcome.pages.map((page) => page.page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // One answer of the operation's shape, read by the same interpreter as any answer.
    const merged = interpretAnswer(lookup, operation, params, outcome.response, { mask: false });
    expect(codes(merged.records)).toEqual(codes(WORLD));
    expect(merged.drift).toEqual([]);
    expect(outcome.response.headers.map(([name]) => name)).not.toContain('content-length');
    expect(describeMergedPages(outcome)).toBe('all 10 pages merged · 95 records');
  });

  it('keeps a record that two pages hold once, by the operation’s identity, where it first appears', async () => {
    // Between two page requests a new incident arrived: page 3's last incident is page 4's first.
    const shifted = [...WORLD.slice(0, 30), WORLD[29]!, ...WORLD.slice(30)];
    const outcome = await mergeAll(shifted);
    expect(outcome).toMatchObject({ records: 95, duplicates: 1 });
    expect(codes(interpretAnswer(lookup, operation, params, outcome.response, { mask: false }).records)).toEqual(codes(WORLD));
  });

  it('says which page failed, for a failed request and for an answer that cannot be read', async () => {
    const run = (fail: (page: number) => Promise<LookupResponse> | undefined) =>
      mergeAll(WORLD, { fetchPage: async (pageParams) => (await fail(Number(pageParams.page))) ?? answerFor(pageParams) });
    const failed = run((page) => (page === 7 ? Promise.reject(new Error('HTTP 503 Service Unavailable')) : undefined));
    await expect(failed).rejects.toBeInstanceOf(PageFetchError);
    await expect(failed).rejects.toMatchObject({ page: 7, message: 'Page 7 could not be fetched: HTTP 503 Service Unavailable' });
    const unreadable = run((page) =>
      page === 4 ? Promise.resolve({ ...respond('/proxy/l/x', undefined), parseError: 'Unexpected end of JSON input' }) : undefined,
    );
    await expect(unreadable).rejects.toMatchObject({ page: 4 });
    await expect(unreadable).rejects.toThrow('Page 4 could not be fetched: Unexpected end of JSON input');
  });

  it(`fetches the first ${MAX_PAGES} pages of a longer answer and says so`, async () => {
    const world = Array.from({ length: 120 * PER_PAGE }, (_, index) => incident(index));
    let sent = 0;
    const outcome = await mergeAll(world, { fetchPage: async (pageParams) => (sent++, answerFor(pageParams, world)) });
    expect(sent).toBe(MAX_PAGES - 1);
    expect(describeMergedPages(outcome)).toBe(
      `the first ${MAX_PAGES} of 120 pages merged · ${(MAX_PAGES * PER_PAGE).toLocaleString('en-US')} records`,
    );
  });
});

describe('useFetchAllPages', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The proxy, answering from `world`; `failing` pages answer 503 until they are removed from the set. */
  function stubProxy(failing = new Set<number>()) {
    const fetch = vi.fn(async (url: string) => {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      if (failing.has(page))
        return new Response(JSON.stringify({ message: 'Try later' }), { status: 400, headers: { 'content-type': 'application/json' } });
      return new Response(answerFor({ page }).text, {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-lookup-source': 'demo' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }
  const pagesSent = (fetch: ReturnType<typeof stubProxy>) =>
    fetch.mock.calls.map(([url]) => Number(new URL(url, 'http://localhost').searchParams.get('page')));

  const wrapper =
    (client: QueryClient) =>
    ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

  it('sends each page through the query layer, tells which page failed, and a retry sends only what is missing', async () => {
    const failing = new Set([7]);
    const fetch = stubProxy(failing);
    const client = new QueryClient();
    const { result } = renderHook(() => useFetchAllPages(lookup, operation, params, shown), { wrapper: wrapper(client) });
    act(() => result.current.start(jumpOf(shown)));
    expect(result.current.state.status).toBe('running');
    await waitFor(() => expect(result.current.state.status).toBe('failed'));
    expect(result.current.state).toMatchObject({
      status: 'failed',
      page: 7,
      message: expect.stringMatching(/^Page 7 could not be fetched: HTTP 400/),
    });
    expect(result.current.merged).toBeUndefined(); // nothing half-merged
    expect(pagesSent(fetch)).not.toContain(1); // the page shown is in hand
    const pageQueries = () => client.getQueryCache().findAll({ queryKey: ['lookup', lookup.id, operation.id] });
    const cached = pageQueries()
      .filter((query) => query.state.data !== undefined)
      .map((query) => Number((query.queryKey[3] as Params).page));
    expect(cached.length).toBeGreaterThan(0);

    failing.clear();
    fetch.mockClear();
    act(() => result.current.start(jumpOf(shown)));
    await waitFor(() => expect(result.current.state.status).toBe('done'));
    // Pages that arrived before the failure come from the query cache, like any page asked again.
    expect(pagesSent(fetch).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10].filter((page) => !cached.includes(page)));
    expect(pageQueries().filter((query) => query.state.data !== undefined)).toHaveLength(9);
    expect(codes(interpretAnswer(lookup, operation, params, result.current.merged!, { mask: false }).records)).toEqual(codes(WORLD));

    act(() => result.current.discard());
    expect(result.current.state).toEqual({ status: 'idle' });
    expect(result.current.merged).toBeUndefined();
  });

  it('cancels the pages in flight and keeps nothing half-merged', async () => {
    let release: () => void = () => {};
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        signals.push(init.signal!);
        await blocked;
        init.signal?.throwIfAborted();
        return new Response('[]', { status: 200 });
      }),
    );
    const { result } = renderHook(() => useFetchAllPages(lookup, operation, params, shown), { wrapper: wrapper(new QueryClient()) });
    act(() => result.current.start(jumpOf(shown)));
    await waitFor(() => expect(signals).toHaveLength(2)); // two pages at a time
    act(() => result.current.cancel());
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(result.current.state).toMatchObject({ status: 'cancelled', progress: { done: 1, planned: 10 } });
    await act(async () => {
      release();
      await blocked;
    });
    expect(signals).toHaveLength(2); // nothing further was sent
    expect(result.current.state.status).toBe('cancelled');
    expect(result.current.merged).toBeUndefined();
  });

  it('asks for the pages masked exactly as the page shown was', async () => {
    const fetch = stubProxy();
    const unmasked = { ...shown, headers: [...shown.headers, ['x-lookup-masked', 'false']] as Array<[string, string]> };
    const { result } = renderHook(() => useFetchAllPages(lookup, operation, params, unmasked), { wrapper: wrapper(new QueryClient()) });
    act(() => result.current.start(jumpOf(unmasked)));
    await waitFor(() => expect(result.current.state.status).toBe('done'));
    const masks = fetch.mock.calls.map((call) => new Headers((call as unknown as [string, RequestInit])[1]?.headers).get('x-lookup-mask'));
    expect(new Set(masks)).toEqual(new Set(['off']));
  });
});
