import { describe, expect, it } from 'vitest';
import { backoffMs, BACKOFF_BASE_MS, decide, MAX_RATE_LIMIT_WAITS, MAX_RETRIES, parseRetryAfter } from './retry-policy.ts';

const now = Date.parse('2026-11-23T12:00:00Z');
const fresh = { retries: 0, rateLimitWaits: 0 };
const half = () => 0.5;

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates; an absent or unreadable value is undefined', () => {
    expect(parseRetryAfter('1', now)).toBe(1000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 11:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-3', now)).toBeUndefined();
  });
});

describe('decide', () => {
  it('keeps an answer', () => {
    expect(decide({ kind: 'answer', value: 7 }, fresh, now, half)).toEqual({ kind: 'keep', value: 7 });
  });

  it('waits out a 429 as long as Retry-After asks, or backs off when it does not say', () => {
    expect(decide({ kind: 'http', status: 429, retryAfter: '2', message: 'HTTP 429' }, fresh, now, half)).toEqual({
      kind: 'retry',
      delayMs: 2000,
      rateLimited: true,
    });
    expect(decide({ kind: 'http', status: 429, message: 'HTTP 429' }, fresh, now, half)).toEqual({
      kind: 'retry',
      delayMs: BACKOFF_BASE_MS + 250,
      rateLimited: true,
    });
    expect(
      decide(
        { kind: 'http', status: 429, retryAfter: '1', message: 'HTTP 429' },
        { retries: 0, rateLimitWaits: MAX_RATE_LIMIT_WAITS },
        now,
        half,
      ).kind,
    ).toBe('fail');
    expect(decide({ kind: 'http', status: 429, retryAfter: '3600', message: 'HTTP 429' }, fresh, now, half)).toMatchObject({
      kind: 'fail',
      reason: expect.stringMatching(/3600 s/),
    });
  });

  it('retries 5xx and transport failures twice with jittered backoff, then fails', () => {
    const failure = { kind: 'http', status: 503, message: 'HTTP 503' } as const;
    expect(decide(failure, fresh, now, () => 0)).toEqual({ kind: 'retry', delayMs: BACKOFF_BASE_MS, rateLimited: false });
    expect(decide(failure, { retries: 1, rateLimitWaits: 0 }, now, () => 0.999)).toEqual({
      kind: 'retry',
      delayMs: 2 * BACKOFF_BASE_MS + 499,
      rateLimited: false,
    });
    expect(decide(failure, { retries: MAX_RETRIES, rateLimitWaits: 0 }, now, half)).toEqual({
      kind: 'fail',
      reason: 'HTTP 503 (after 2 retries)',
    });
    expect(decide({ kind: 'transport', message: 'offline' }, fresh, now, half).kind).toBe('retry');
  });

  it('never retries another 4xx', () => {
    for (const status of [400, 401, 403, 404, 422]) {
      expect(decide({ kind: 'http', status, message: `HTTP ${status}` }, fresh, now, half)).toEqual({
        kind: 'fail',
        reason: `HTTP ${status}`,
      });
    }
  });

  it('grows the backoff exponentially', () => {
    expect([1, 2, 3].map((attempt) => backoffMs(attempt, () => 0))).toEqual([500, 1000, 2000]);
  });
});
