// @vitest-environment node
// The demo upstream: generators on worker threads (the server's thread stays free), a cache of
// identical answers bounded by bytes, and the in-process fallback.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyLookup, AnyOperation, Params } from '../lookups/define-lookup.ts';
import type { DemoGenerator } from '../demo/demo-types.ts';
import { lookups } from '../lookups/registry.ts';
import { buildRequest } from '../lookups/request.ts';
import { proxyUrl } from '../lookups/wire.ts';
import { demoGenerators } from '../demo/generators.ts';
import { largeCallsQuery } from '../demo/m-calls-for-service.ts';
import { createAppHandler, loadAppConfig } from './assembly.ts';
import { closeDemoPool, demoPool, type DemoPool } from './demo-pool.ts';
import { callDemo, DemoAnswerCache, demoCacheKey, POOL_RETRY_MS } from './demo-upstream.ts';
import runDemoTask, { answerDemo, type DemoTask } from './demo-worker.ts';
import type { UpstreamOutcome } from './live-upstream.ts';
import { maskingTransform } from './masking-transform.ts';
import { partLog } from './server-log.ts';
import { rawRequest, serveHandler, type RunningServer } from './testing/http-fixtures.ts';

afterAll(() => closeDemoPool());

/** A pool that runs tasks on this thread and counts them. */
function countingPool(
  run: (task: DemoTask) => ReturnType<DemoPool['run']> = async (task) => runDemoTask(task),
): DemoPool & { runs: DemoTask[] } {
  const runs: DemoTask[] = [];
  return {
    runs,
    run: (task) => {
      runs.push(task);
      return run(task);
    },
    warm: async () => undefined,
    close: async () => undefined,
  };
}

const parsed = (operation: AnyOperation, values: Record<string, string>): Params => operation.params.parse(values) as Params;

function bytesOf(outcome: UpstreamOutcome): Buffer {
  if (outcome.kind !== 'answer') throw new Error(`expected an answer, got ${JSON.stringify(outcome)}`);
  return outcome.body;
}

const answer = (bytes: number) => ({ kind: 'answer' as const, status: 200, headers: {}, body: Buffer.alloc(bytes) });

describe('DemoAnswerCache', () => {
  it('keeps answers up to its byte bound, dropping the least recently used first', () => {
    const cache = new DemoAnswerCache(1000);
    cache.set('a', answer(100));
    cache.set('b', answer(100));
    cache.set('c', answer(100));
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    for (let i = 0; i < 9; i++) cache.set(`x${i}`, answer(100));
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.bytes).toBe(1000);
    expect(cache.size).toBe(10);
  });

  it('does not keep an answer too big for it, and counts a replaced entry once', () => {
    const cache = new DemoAnswerCache(1000);
    cache.set('big', answer(200));
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', answer(100));
    cache.set('a', answer(50));
    expect(cache.bytes).toBe(50);
  });
});

describe('demoCacheKey', () => {
  it('is the same for the same parameters in any order, absent ones left out, and differs by day, operation and value', () => {
    const day = new Date('2026-11-01T12:00:00Z');
    const key = demoCacheKey('M', 'calls', { lat: 1, lon: 2, distance: '1mi' }, day);
    expect(demoCacheKey('M', 'calls', { distance: '1mi', lon: 2, lat: 1, page: undefined }, day)).toBe(key);
    expect(demoCacheKey('M', 'calls', { lat: 1, lon: 2, distance: '2mi' }, day)).not.toBe(key);
    expect(demoCacheKey('M', 'other', { lat: 1, lon: 2, distance: '1mi' }, day)).not.toBe(key);
    expect(demoCacheKey('L', 'calls', { lat: 1, lon: 2, distance: '1mi' }, day)).not.toBe(key);
    expect(demoCacheKey('M', 'calls', { lat: 1, lon: 2, distance: '1mi' }, new Date('2026-11-02T00:00:00Z'))).not.toBe(key);
  });
});

describe('callDemo', () => {
  const M = lookups.M as AnyLookup;
  const callsOperation = M.operations[0]!;
  const S = lookups.S as AnyLookup;

  afterEach(() => vi.restoreAllMocks());

  it('answers an identical request from the cache with the same bytes, and runs a different one', async () => {
    const pool = countingPool();
    const cache = new DemoAnswerCache(64 * 1024 * 1024);
    const params = parsed(callsOperation, callsOperation.example as Record<string, string>);
    const first = bytesOf(await callDemo(demoGenerators.M, M, callsOperation, params, { pool, cache }));
    const second = bytesOf(await callDemo(demoGenerators.M, M, callsOperation, { ...params }, { pool, cache }));
    expect(pool.runs).toHaveLength(1);
    expect(second.equals(first)).toBe(true);
    expect(cache.bytes).toBe(first.length);
    await callDemo(demoGenerators.M, M, callsOperation, { ...params, distance: '800m' }, { pool, cache });
    expect(pool.runs).toHaveLength(2);
  });

  it('runs identical requests that arrive together once', async () => {
    const pool = countingPool();
    const cache = new DemoAnswerCache(64 * 1024 * 1024);
    const params = parsed(callsOperation, callsOperation.example as Record<string, string>);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => callDemo(demoGenerators.M, M, callsOperation, params, { pool, cache })),
    );
    expect(pool.runs).toHaveLength(1);
    for (const outcome of answers) expect(bytesOf(outcome).equals(bytesOf(answers[0]!))).toBe(true);
  });

  it('gives every request of S its own requestId: such answers are neither cached nor shared', async () => {
    const pool = countingPool();
    const cache = new DemoAnswerCache(64 * 1024 * 1024);
    const operation = S.operations[0]!;
    const params = parsed(operation, operation.example as Record<string, string>);
    const answers = await Promise.all([1, 2, 3].map(() => callDemo(demoGenerators.S, S, operation, params, { pool, cache })));
    const ids = answers.map((outcome) => (JSON.parse(bytesOf(outcome).toString()) as { requestId: string }).requestId);
    expect(new Set(ids).size).toBe(3);
    expect(pool.runs.length).toBeGreaterThanOrEqual(3);
    expect(cache.size).toBe(0);
  });

  it('answers on this thread, with one warning, when worker threads cannot start', async () => {
    const warn = vi.spyOn(partLog('demo'), 'warn').mockImplementation(() => undefined);
    const pool = countingPool(() => Promise.reject(new Error('Unknown file extension ".ts"')));
    const operation = S.operations[0]!;
    const params = parsed(operation, operation.example as Record<string, string>);
    for (let i = 0; i < 2; i++)
      expect((await callDemo(demoGenerators.S, S, operation, params, { pool, cache: new DemoAnswerCache(1e6) })).kind).toBe('answer');
    expect(pool.runs).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/worker threads cannot start/);
  });

  it('tries the threads again after POOL_RETRY_MS, and uses them once they start', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const said: string[] = [];
      for (const level of ['warn', 'info'] as const)
        vi.spyOn(partLog('demo'), level).mockImplementation((message: unknown) => void said.push(String(message)));
      let starts = false;
      const pool = countingPool(async (task) => {
        if (!starts) throw new Error('Worker terminated before it started');
        return runDemoTask(task);
      });
      const operation = S.operations[0]!;
      const params = parsed(operation, operation.example as Record<string, string>);
      const ask = () => callDemo(demoGenerators.S, S, operation, params, { pool, cache: new DemoAnswerCache(1e6) });
      expect((await ask()).kind).toBe('answer');
      starts = true;
      // Within the wait, the server's own thread answers and the pool is not asked.
      vi.advanceTimersByTime(POOL_RETRY_MS - 1);
      expect((await ask()).kind).toBe('answer');
      expect(pool.runs).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect((await ask()).kind).toBe('answer');
      expect((await ask()).kind).toBe('answer');
      expect(pool.runs).toHaveLength(3);
      expect(said).toEqual([expect.stringMatching(/cannot start/), expect.stringMatching(/started/)]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a thread that fails after threads have worked as a demo failure', async () => {
    let fail = false;
    const pool = countingPool(async (task) => {
      if (fail) throw new Error('worker exited');
      return runDemoTask(task);
    });
    const operation = S.operations[0]!;
    const params = parsed(operation, operation.example as Record<string, string>);
    expect((await callDemo(demoGenerators.S, S, operation, params, { pool })).kind).toBe('answer');
    fail = true;
    expect(await callDemo(demoGenerators.S, S, operation, params, { pool })).toMatchObject({
      kind: 'failure',
      status: 502,
      code: 'demo_failed',
    });
  });

  it('masks in the demo, and keeps masked and unmasked answers apart in the cache', async () => {
    const pool = countingPool();
    const cache = new DemoAnswerCache(64 * 1024 * 1024);
    const params = parsed(callsOperation, callsOperation.example as Record<string, string>);
    const masked = await callDemo(demoGenerators.M, M, callsOperation, params, { pool, cache, mask: true });
    const unmasked = await callDemo(demoGenerators.M, M, callsOperation, params, { pool, cache, mask: false });
    const again = await callDemo(demoGenerators.M, M, callsOperation, params, { pool, cache, mask: true });
    expect(pool.runs.map((task) => task.mask)).toEqual([true, false]);
    expect(masked).toMatchObject({ kind: 'answer', masked: true });
    expect(unmasked).toMatchObject({ kind: 'answer', masked: false });
    expect(bytesOf(again)).toBe(bytesOf(masked));
    // The same bytes the proxy's transform makes of the unmasked answer on a live path.
    const transformed = await maskingTransform('default')(M, callsOperation, bytesOf(unmasked), {
      source: 'demo',
      status: 200,
      contentType: 'application/json',
      requestHeaders: {},
    });
    expect(Buffer.isBuffer(transformed) ? transformed : transformed.body).toEqual(bytesOf(masked));
    expect(bytesOf(masked).equals(bytesOf(unmasked))).toBe(false);
  });

  it('moves the body from a worker thread into a buffer of its own', async () => {
    const operation = S.operations[0]!;
    const params = parsed(operation, operation.example as Record<string, string>);
    const body = bytesOf(await callDemo(demoGenerators.S, S, operation, params, { pool: demoPool() }));
    expect(body.byteOffset).toBe(0);
    expect(body.buffer.byteLength).toBe(body.length);
    expect(JSON.parse(body.toString())).toHaveProperty('requestId');
  }, 60_000);

  it("runs the demo on threads below the priority of the server's (nice 10, Linux)", async () => {
    const operation = S.operations[0]!;
    await callDemo(demoGenerators.S, S, operation, parsed(operation, operation.example as Record<string, string>), { pool: demoPool() });
    const niceOf = (task: string) => {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    expect(niceOf(String(process.pid))).toBe(0);
    expect(readdirSync('/proc/self/task').some((task) => niceOf(task) === 10)).toBe(true);
  }, 60_000);

  it("runs a generator that is not the registry's on this thread, uncached", async () => {
    const pool = countingPool();
    const cache = new DemoAnswerCache(1e6);
    let calls = 0;
    const generator = () => ({ status: 200, body: { call: ++calls } });
    const params = parsed(callsOperation, callsOperation.example as Record<string, string>);
    expect(bytesOf(await callDemo(generator, M, callsOperation, params, { pool, cache })).toString()).toBe('{"call":1}');
    expect(bytesOf(await callDemo(generator, M, callsOperation, params, { pool, cache })).toString()).toBe('{"call":2}');
    expect(pool.runs).toHaveLength(0);
  });

  it('gets the same bytes from a worker thread as from this thread', async () => {
    const params = parsed(callsOperation, callsOperation.example as Record<string, string>);
    const threaded = bytesOf(
      await callDemo(demoGenerators.M, M, callsOperation, params, { pool: demoPool(), cache: new DemoAnswerCache(1e8) }),
    );
    const local = answerDemo(demoGenerators.M, M, callsOperation, params, 'unused');
    expect(local.kind === 'answer' && Buffer.from(local.body).equals(threaded)).toBe(true);
  }, 60_000);
});

describe('the server while the demo computes a heavy answer', () => {
  let server: RunningServer | undefined;
  afterAll(() => server?.close());
  afterEach(() => vi.restoreAllMocks());

  // Without a clock: the heavy answer is built on a worker thread (this thread's generator never
  // runs), and /healthz is answered while that run is still out. How fast /healthz stays under
  // load is bench/demo-load.ts's figure.
  it('answers /healthz while a worker thread builds a heavy answer, never building it on this thread', async () => {
    server = await serveHandler(createAppHandler(loadAppConfig({}), () => {}));
    const port = server.port;
    const M = lookups.M as AnyLookup;
    const operation = M.operations[0]!;
    const pathOf = (values: Record<string, string>) => proxyUrl(M, buildRequest(operation, operation.params.parse(values)));
    // The thread is started first, so the heavy request below finds it ready.
    expect((await rawRequest(port, 'GET', pathOf(operation.example as Record<string, string>))).status).toBe(200);

    const onThisThread = vi.spyOn(demoGenerators as Record<string, DemoGenerator>, 'M');
    const pool = demoPool();
    const runOnWorker = pool.run.bind(pool);
    let handedOver!: () => void;
    const running = new Promise<void>((resolve) => (handedOver = resolve));
    let healthAnswered!: () => void;
    const answeredMeanwhile = new Promise<void>((resolve) => (healthAnswered = resolve));
    const tasks: DemoTask[] = [];
    // The worker's answer is held until /healthz has been answered, so "meanwhile" needs no timing.
    vi.spyOn(pool, 'run').mockImplementation(async (task) => {
      tasks.push(task);
      handedOver();
      const result = await runOnWorker(task);
      await answeredMeanwhile;
      return result;
    });

    // 10,000 calls, never asked before in this process (a millisecond of the window is new), so never cached.
    const end = `2024-04-04T23:59:59.${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}Z`;
    let heavyDone = false;
    const heavy = rawRequest(port, 'GET', pathOf({ ...largeCallsQuery, datetime_end: end })).then((response) => {
      heavyDone = true;
      return response;
    });
    // Should the answer come without a worker (built here), this does not wait forever: the checks below fail.
    await Promise.race([running, heavy]);
    expect(tasks).toHaveLength(1);
    const health = await rawRequest(port, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(heavyDone).toBe(false);
    healthAnswered();

    const response = await heavy;
    expect(response.status).toBe(200);
    expect(response.text.length).toBeGreaterThan(4_000_000);
    expect(tasks).toEqual([expect.objectContaining({ lookupId: 'M', operationId: operation.id })]);
    expect(onThisThread).not.toHaveBeenCalled();
  }, 60_000);
});
