import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Params, WindowSplit } from '../lookups/define-lookup.ts';
import { callsForService } from '../lookups/m-calls-for-service.ts';
import { interpretAnswer } from '../lookups/answer.ts';
import type { LookupResponse } from './lookup-response.ts';
import {
  mergeRecords,
  runWindowSplit,
  splitRange,
  SplitError,
  useWindowSplit,
  windowOf,
  windowParams,
  type TimeWindow,
} from './split-windows.ts';

const lookup = callsForService;
const operation = callsForService.operations[0];
const DAY = 86_400_000;
const START = Date.parse('2024-05-01T00:00:00.000Z');
const END = Date.parse('2024-05-15T00:00:00.000Z');
const PER_ANSWER = 1_000;

interface Call {
  call_city_key: string;
  call_code: string;
  call_date: string;
  call_type: string;
  call_description: string;
  call_latitude: number;
  call_longitude: number;
  call_address: string;
}

/** A fake M upstream: calls over two weeks, one day much busier than the rest, answers cut at PER_ANSWER, newest first. */
function world(): Call[] {
  const calls: Call[] = [];
  let code = 0;
  const add = (time: number) =>
    calls.push({
      call_city_key: 'US SFO',
      call_code: String(code++),
      call_date: new Date(time).toISOString(),
      call_type: 'Alarm',
      call_description: 'Audible alarm',
      call_latitude: 37.77,
      call_longitude: -122.41,
      call_address: '100 Block of MARKET ST',
    });
  for (let index = 0; index < 2_100; index++) add(START + Math.floor((index * (END - START)) / 2_100));
  for (let index = 0; index < 1_500; index++) add(START + 3 * DAY + index * 1_000); // day 4 is busy
  add(END); // a call at the very end of the window: both bounds are inclusive
  return calls.sort((a, b) => b.call_date.localeCompare(a.call_date));
}

const CALLS = world();

function answerFor(params: Params): LookupResponse {
  const from = Date.parse(String(params.datetime_ini));
  const until = Date.parse(String(params.datetime_end));
  const found = CALLS.filter((call) => {
    const time = Date.parse(call.call_date);
    return time >= from && time <= until;
  });
  const body = { total_incidents: found.length, total_pages: Math.ceil(found.length / PER_ANSWER), incidents: found.slice(0, PER_ANSWER) };
  const text = JSON.stringify(body);
  return {
    url: `/proxy/m/v3/calls-for-service/raw-data?datetime_ini=${String(params.datetime_ini)}&datetime_end=${String(params.datetime_end)}`,
    method: 'GET',
    status: 200,
    statusText: 'OK',
    headers: [
      ['content-type', 'application/json'],
      ['content-length', String(text.length)],
      ['x-lookup-source', 'demo'],
    ],
    source: 'demo',
    timeMs: 1,
    sizeBytes: text.length,
    contentType: 'application/json',
    text,
    body,
  };
}

const params: Params = operation.params.parse({
  ...operation.example,
  distance: '10mi',
  datetime_ini: new Date(START).toISOString(),
  datetime_end: new Date(END).toISOString(),
});

function splitOf(response: LookupResponse): WindowSplit {
  const split = interpretAnswer(lookup, operation, params, response, { mask: false }).paging?.narrowing?.split;
  if (!split) throw new Error('the answer is not cut');
  return split;
}

describe('splitRange', () => {
  const covers = (whole: TimeWindow, parts: TimeWindow[]) => {
    expect(parts[0]!.from).toBe(whole.from);
    expect(parts.at(-1)!.until).toBe(whole.until);
    for (const [index, part] of parts.entries()) {
      expect(part.until).toBeGreaterThanOrEqual(part.from);
      if (index > 0) expect(part.from).toBe(parts[index - 1]!.until + 1); // no overlap, no gap
    }
    expect(parts.reduce((sum, part) => sum + part.until - part.from + 1, 0)).toBe(whole.until - whole.from + 1);
  };

  it('covers the range exactly, with no overlap or gap, for any count', () => {
    const whole = { from: START, until: END };
    for (const count of [1, 2, 3, 4, 7, 13, 64]) {
      const parts = splitRange(whole, count);
      expect(parts).toHaveLength(count);
      covers(whole, parts);
    }
    covers({ from: 5, until: 5 + 9 }, splitRange({ from: 5, until: 14 }, 3));
  });

  it('gives fewer windows than asked when the range holds fewer milliseconds, none when empty', () => {
    expect(splitRange({ from: 10, until: 12 }, 5)).toEqual([
      { from: 10, until: 10 },
      { from: 11, until: 11 },
      { from: 12, until: 12 },
    ]);
    expect(splitRange({ from: 10, until: 9 }, 3)).toEqual([]);
  });

  it('reads and writes the window as the two date-time parameters', () => {
    const whole = windowOf(params, { fromParam: 'datetime_ini', untilParam: 'datetime_end' })!;
    expect(whole).toEqual({ from: START, until: END });
    const [first] = splitRange(whole, 2);
    expect(windowParams(params, { fromParam: 'datetime_ini', untilParam: 'datetime_end' }, first!)).toEqual({
      ...params,
      datetime_ini: '2024-05-01T00:00:00.000Z',
      datetime_end: '2024-05-07T23:59:59.999Z',
    });
    expect(operation.params.safeParse({ ...operation.example, datetime_end: '2024-05-07T23:59:59.999Z' }).success).toBe(true);
    expect(
      windowOf({ datetime_ini: 'x', datetime_end: '2024-05-01T00:00:00Z' }, { fromParam: 'datetime_ini', untilParam: 'datetime_end' }),
    ).toBeUndefined();
  });
});

describe('mergeRecords', () => {
  const id = (record: unknown) => (record as { id: string }).id;
  const a = { window: { from: 0, until: 9 }, records: [{ id: 'a2' }, { id: 'a1' }, { id: 'edge' }] };
  const b = { window: { from: 10, until: 19 }, records: [{ id: 'b2' }, { id: 'edge', second: true }, { id: 'b1' }] };

  it('keeps windows newest first and each window’s own order, and a record two windows hold once', () => {
    expect(mergeRecords([a, b], id, true)).toEqual({
      records: [{ id: 'b2' }, { id: 'edge', second: true }, { id: 'b1' }, { id: 'a2' }, { id: 'a1' }],
      duplicates: 1,
    });
  });

  it('keeps windows oldest first when the provider sorts that way', () => {
    expect(mergeRecords([b, a], id, false).records.map(id)).toEqual(['a2', 'a1', 'edge', 'b2', 'b1']);
  });
});

describe('runWindowSplit', () => {
  const cut = answerFor(params);

  it('fetches every call of a cut answer, splitting a window again while it is still cut', async () => {
    expect(cut.body).toMatchObject({ total_incidents: CALLS.length });
    const split = splitOf(cut);
    const sent: Params[] = [];
    const progress: number[] = [];
    let active = 0;
    let most = 0;
    const outcome = await runWindowSplit({
      lookup,
      operation,
      params,
      split,
      signal: new AbortController().signal,
      concurrency: 2,
      onProgress: (p) => progress.push(p.done),
      fetchWindow: async (windowParams) => {
        sent.push(windowParams);
        active++;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 1));
        active--;
        return answerFor(windowParams);
      },
    });
    expect(most).toBe(2);
    expect(sent.length).toBeGreaterThan(split.windows); // the busy day's window was split again
    expect(outcome.records).toBe(CALLS.length);
    expect(outcome.duplicates).toBe(0);
    expect(progress.at(-1)).toBe(outcome.windows.length);
    // The windows actually kept tile the whole range.
    const kept = outcome.windows.map((window) => window.window);
    expect(kept[0]!.from).toBe(START);
    expect(kept.at(-1)!.until).toBe(END);
    for (let index = 1; index < kept.length; index++) expect(kept[index]!.from).toBe(kept[index - 1]!.until + 1);

    // One answer of M's shape, newest first, read by the same interpreter as any answer.
    const merged = interpretAnswer(lookup, operation, params, outcome.response, { mask: false });
    expect(merged.records).toHaveLength(CALLS.length);
    expect(merged.records.map((record) => (record as Call).call_code)).toEqual(CALLS.map((call) => call.call_code));
    expect(merged.paging).toEqual({ summary: `${CALLS.length.toLocaleString('en-US')} calls` });
    expect(merged.drift).toEqual([]);
    expect(outcome.response).toMatchObject({
      status: 200,
      source: 'demo',
      url: expect.stringMatching(/^\/proxy\/m\/v3\/calls-for-service\/raw-data\?/),
    });
    expect(JSON.parse(outcome.response.text)).toEqual(outcome.response.body);
    expect(outcome.response.headers.map(([name]) => name)).not.toContain('content-length');
  });

  it('stops when cancelled and sends no further window', async () => {
    const controller = new AbortController();
    let sent = 0;
    const run = runWindowSplit({
      lookup,
      operation,
      params,
      split: splitOf(cut),
      signal: controller.signal,
      concurrency: 1,
      fetchWindow: async (windowParams) => {
        sent++;
        controller.abort();
        return answerFor(windowParams);
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toBe(1);
  });

  it('stops with the window that failed, and refuses to run more than the window budget', async () => {
    const failing = runWindowSplit({
      lookup,
      operation,
      params,
      split: splitOf(cut),
      signal: new AbortController().signal,
      fetchWindow: () => Promise.reject(new Error('HTTP 503')),
    });
    await expect(failing).rejects.toBeInstanceOf(SplitError);
    await expect(failing).rejects.toThrow(/^The window 2024-05-01T00:00:00\.000Z – \S+ failed: HTTP 503$/);
    const bounded = runWindowSplit({
      lookup,
      operation,
      params,
      split: splitOf(cut),
      signal: new AbortController().signal,
      maxWindows: 5,
      fetchWindow: async (windowParams) => answerFor(windowParams),
    });
    await expect(bounded).rejects.toThrow(/more than 5 window queries/);
  });
});

describe('useWindowSplit', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubProxy() {
    const fetch = vi.fn(async (url: string) => {
      const query = new URL(url, 'http://localhost').searchParams;
      const answer = answerFor({ datetime_ini: query.get('datetime_ini')!, datetime_end: query.get('datetime_end')! });
      return new Response(answer.text, { status: 200, headers: { 'content-type': 'application/json', 'x-lookup-source': 'demo' } });
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  function wrapper(client: QueryClient) {
    return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  }

  it('runs the windows through the query layer and hands the viewer one merged answer', async () => {
    const fetch = stubProxy();
    const client = new QueryClient();
    const cut = answerFor(params);
    const { result } = renderHook(() => useWindowSplit(lookup, operation, params, cut), { wrapper: wrapper(client) });
    expect(result.current.state).toEqual({ status: 'idle' });
    act(() => result.current.start(splitOf(cut)));
    expect(result.current.state.status).toBe('running');
    await waitFor(() => expect(result.current.state.status).toBe('done'), { timeout: 5_000 });
    expect(result.current.state).toMatchObject({ status: 'done', reported: CALLS.length, outcome: { records: CALLS.length } });
    expect(interpretAnswer(lookup, operation, params, result.current.merged!, { mask: false }).records).toHaveLength(CALLS.length);
    // Each window answer sits in the query cache under its own key, like any sent query.
    expect(client.getQueryCache().findAll({ queryKey: ['lookup', 'M', 'calls'] }).length).toBe(fetch.mock.calls.length);
    act(() => result.current.discard());
    expect(result.current.merged).toBeUndefined();
  });

  it('asks for the windows masked exactly as the cut answer was', async () => {
    for (const [maskedHeader, expected] of [
      ['false', 'off'],
      ['true', null],
    ] as const) {
      const fetch = stubProxy();
      const cut = { ...answerFor(params), headers: [['x-lookup-masked', maskedHeader]] as Array<[string, string]> };
      const { result } = renderHook(() => useWindowSplit(lookup, operation, params, cut), { wrapper: wrapper(new QueryClient()) });
      act(() => result.current.start(splitOf(cut)));
      await waitFor(() => expect(result.current.state.status).toBe('done'), { timeout: 5_000 });
      const sent = fetch.mock.calls.map((call) => new Headers((call as unknown as [string, RequestInit])[1]?.headers).get('x-lookup-mask'));
      expect(sent.length).toBeGreaterThan(0);
      expect(new Set(sent)).toEqual(new Set([expected]));
      vi.unstubAllGlobals();
    }
  });

  it('cancels the window queries in flight', async () => {
    let release: () => void = () => {};
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const signals: AbortSignal[] = [];
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      signals.push(init.signal!);
      await blocked;
      init.signal?.throwIfAborted();
      return new Response('{}', { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    const windowQueries = vi.spyOn(client, 'fetchQuery');
    const cut = answerFor(params);
    const { result } = renderHook(() => useWindowSplit(lookup, operation, params, cut), { wrapper: wrapper(client) });
    act(() => result.current.start(splitOf(cut)));
    await waitFor(() => expect(signals).toHaveLength(2)); // two windows at a time
    act(() => result.current.cancel());
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(result.current.state).toMatchObject({ status: 'cancelled', progress: { done: 0 } });
    release();
    // Once the window queries the split was waiting on and the released requests have settled (act
    // then renders whatever came of them), the split has nothing left to report.
    await act(async () => {
      await Promise.allSettled([...windowQueries.mock.results, ...fetch.mock.results].map((outcome) => outcome.value));
    });
    expect(windowQueries).toHaveBeenCalledTimes(2); // no window after the cancel
    expect(result.current.state.status).toBe('cancelled');
    expect(result.current.merged).toBeUndefined();
  });
});
