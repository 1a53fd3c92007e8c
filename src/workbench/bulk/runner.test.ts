import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttemptResult } from './retry-policy.ts';
import { BulkRunner, clampConcurrency, type Final, type Progress } from './runner.ts';

type Script = (index: number, attempt: number) => AttemptResult<string> | Promise<AttemptResult<string>>;

/** A runner over `count` rows whose requests take `ms` and answer as `script` says; every hook call is logged. */
function harness(count: number, script: Script, { concurrency = 4, ms = 100 } = {}) {
  const log: string[] = [];
  const attempts = new Map<number, number>();
  const sentAt: Array<{ index: number; at: number }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const outcomes = new Map<number, Final<string>>();
  const progress: Progress[] = [];
  const runner = new BulkRunner<string>({
    pending: Array.from({ length: count }, (_, index) => index),
    concurrency,
    random: () => 0,
    onProgress: (value) => progress.push(value),
    hooks: {
      beforeSend: async (index) => {
        log.push(`in-flight ${index}`);
      },
      attempt: async (index, signal) => {
        log.push(`send ${index}`);
        sentAt.push({ index, at: Date.now() });
        const attempt = (attempts.get(index) ?? 0) + 1;
        attempts.set(index, attempt);
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, ms);
            signal.addEventListener('abort', () => {
              clearTimeout(timer);
              resolve();
            });
          });
          if (signal.aborted) return { kind: 'transport', message: 'cancelled' };
          return await script(index, attempt);
        } finally {
          inFlight -= 1;
        }
      },
      settle: async (index, outcome) => {
        log.push(`settle ${index} ${outcome.kind}`);
        outcomes.set(index, outcome);
      },
      requeue: async (index) => {
        log.push(`requeue ${index}`);
      },
    },
  });
  return { runner, log, attempts, sentAt, outcomes, progress, maxInFlight: () => maxInFlight };
}

const ok: Script = (index) => ({ kind: 'answer', value: `answer ${index}` });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2026-11-23T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('BulkRunner', () => {
  it('never has more requests in flight than its concurrency, and finishes every row', async () => {
    const run = harness(20, ok, { concurrency: 3 });
    run.runner.start();
    await vi.runAllTimersAsync();
    await run.runner.finished;
    expect(run.maxInFlight()).toBe(3);
    expect(run.outcomes.size).toBe(20);
    expect(run.progress.at(-1)).toMatchObject({ state: 'finished', done: 20, failed: 0, remaining: 0 });
  });

  it('records a row as in flight before sending it, and its outcome before counting it', async () => {
    const run = harness(2, ok, { concurrency: 1 });
    run.runner.start();
    await vi.runAllTimersAsync();
    expect(run.log).toEqual(['in-flight 0', 'send 0', 'settle 0 keep', 'in-flight 1', 'send 1', 'settle 1 keep']);
  });

  it('obeys Retry-After: after a 429, no request starts before the wait has passed', async () => {
    const run = harness(
      6,
      (index, attempt) =>
        index === 1 && attempt === 1 ? { kind: 'http', status: 429, retryAfter: '1', message: 'HTTP 429' } : ok(index, attempt),
      {
        concurrency: 2,
      },
    );
    const start = Date.now();
    run.runner.start();
    await vi.runAllTimersAsync();
    const limitedAt = start + 100; // row 1's first answer
    const later = run.sentAt.filter(({ at }) => at > limitedAt);
    expect(later.length).toBeGreaterThan(0);
    for (const { at } of later) expect(at).toBeGreaterThanOrEqual(limitedAt + 1000);
    expect(run.attempts.get(1)).toBe(2);
    expect(run.outcomes.get(1)).toEqual({ kind: 'keep', value: 'answer 1' });
  });

  it('retries a 5xx at most twice, with backoff, then fails the row', async () => {
    const run = harness(1, () => ({ kind: 'http', status: 502, message: 'HTTP 502' }), { concurrency: 1 });
    run.runner.start();
    await vi.runAllTimersAsync();
    expect(run.attempts.get(0)).toBe(3);
    expect(run.sentAt.map(({ at }) => at - run.sentAt[0]!.at)).toEqual([0, 100 + 500, 100 + 500 + 100 + 1000]);
    expect(run.outcomes.get(0)).toEqual({ kind: 'fail', reason: 'HTTP 502 (after 2 retries)' });
    expect(run.log.filter((line) => line.startsWith('requeue'))).toHaveLength(2);
  });

  it('never retries a 4xx', async () => {
    const run = harness(1, () => ({ kind: 'http', status: 404, message: 'HTTP 404: not found' }));
    run.runner.start();
    await vi.runAllTimersAsync();
    expect(run.attempts.get(0)).toBe(1);
    expect(run.outcomes.get(0)).toEqual({ kind: 'fail', reason: 'HTTP 404: not found' });
  });

  it('pauses (requests in flight finish, no new ones start) and resumes', async () => {
    const run = harness(8, ok, { concurrency: 2 });
    run.runner.start();
    await vi.advanceTimersByTimeAsync(50);
    run.runner.pause();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run.outcomes.size).toBe(2);
    expect(run.sentAt).toHaveLength(2);
    expect(run.runner.progress()).toMatchObject({ state: 'paused', done: 2, remaining: 6 });
    run.runner.resume();
    await vi.runAllTimersAsync();
    expect(run.outcomes.size).toBe(8);
  });

  it('cancels: aborts what is in flight and fails it without resending, and fails what was never sent', async () => {
    const run = harness(5, ok, { concurrency: 2 });
    run.runner.start();
    await vi.advanceTimersByTimeAsync(50);
    const cancelled = run.runner.cancel();
    await vi.runAllTimersAsync();
    await cancelled;
    await run.runner.finished;
    expect(run.sentAt).toHaveLength(2);
    expect(run.outcomes.get(0)).toMatchObject({ kind: 'fail', reason: expect.stringMatching(/Cancelled while in flight/) });
    expect(run.outcomes.get(4)).toEqual({ kind: 'fail', reason: 'Not sent: the run was cancelled' });
    expect(run.runner.progress()).toMatchObject({ state: 'cancelled', done: 0, failed: 5, remaining: 0 });
  });

  it('reports a rate and a time left only once a few rows have finished, timed from the first to finish', async () => {
    const run = harness(40, ok, { concurrency: 2 });
    run.runner.start();
    await vi.advanceTimersByTimeAsync(200);
    // Four rows in 200 ms: too few to tell a pace from (the page says "estimating…").
    expect(run.runner.progress()).toMatchObject({ remaining: 36, rowsPerSecond: 0, etaMs: undefined });
    await vi.advanceTimersByTimeAsync(900);
    // 22 rows by 1.1 s, the first two at 0.1 s: 21 after the first in the 1 s since.
    const progress = run.runner.progress();
    expect(progress.remaining).toBe(18);
    expect(progress.rowsPerSecond).toBeCloseTo(21);
    expect(progress.etaMs).toBeCloseTo((18 / 21) * 1000);
  });

  it('does not let a slow first row stretch the time left', async () => {
    // The first answer takes 2.4 s (a cold start), the others 100 ms, one at a time.
    const run = harness(
      60,
      (index) => (index === 0 ? new Promise((resolve) => setTimeout(() => resolve(ok(index, 1)), 2_300)) : ok(index, 1)),
      { concurrency: 1 },
    );
    run.runner.start();
    await vi.advanceTimersByTimeAsync(2_400);
    expect(run.runner.progress()).toMatchObject({ done: 1, etaMs: undefined });
    await vi.advanceTimersByTimeAsync(1_000);
    // Ten rows a second since then: 49 left is about 4.9 s (timed from the start it would say 16 s).
    expect(run.runner.progress()).toMatchObject({ done: 11, remaining: 49 });
    expect(run.runner.progress().etaMs).toBeCloseTo(4_900);
  });

  it('clamps concurrency to 1–16', () => {
    expect([0, 1, 4, 16, 40, Number.NaN].map(clampConcurrency)).toEqual([1, 1, 4, 16, 16, 4]);
  });
});
