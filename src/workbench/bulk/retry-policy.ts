// What to do after one attempt at a row: keep the answer, wait and ask again, or give up. 429 is
// obeyed (Retry-After in seconds or as an HTTP date; backoff when absent); 5xx and transport
// failures are retried at most twice with jittered backoff; any other 4xx is final: asking again
// would get the same refusal.

export const MAX_RETRIES = 2;
/** Rate-limit waits a row may take before it counts as failed (a provider that never lets up). */
export const MAX_RATE_LIMIT_WAITS = 8;
export const BACKOFF_BASE_MS = 500;
/** A Retry-After longer than this is not waited out inside a run: the row fails and says why. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

export type AttemptResult<T> =
  | { kind: 'answer'; value: T }
  | { kind: 'http'; status: number; retryAfter?: string | undefined; message: string }
  | { kind: 'transport'; message: string };

export type Decision<T> =
  | { kind: 'keep'; value: T }
  | { kind: 'retry'; delayMs: number; rateLimited: boolean }
  | { kind: 'fail'; reason: string };

/** Milliseconds a Retry-After value asks to wait from `now`; undefined when it is absent or unreadable. */
export function parseRetryAfter(value: string | undefined | null, now: number): number | undefined {
  if (value === undefined || value === null || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Otherwise an HTTP date ("Wed, 21 Oct 2015 07:28:00 GMT"): it has a month name.
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Exponential backoff with full jitter on top: base·2^(n−1) + [0, base). */
export function backoffMs(attempt: number, random: () => number): number {
  return BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1) + Math.floor(random() * BACKOFF_BASE_MS);
}

export interface AttemptCounts {
  /** Retries already made for 5xx and transport failures. */
  retries: number;
  /** Rate-limit waits already taken. */
  rateLimitWaits: number;
}

export function decide<T>(result: AttemptResult<T>, counts: AttemptCounts, now: number, random: () => number): Decision<T> {
  if (result.kind === 'answer') return { kind: 'keep', value: result.value };
  if (result.kind === 'http' && result.status === 429) {
    if (counts.rateLimitWaits >= MAX_RATE_LIMIT_WAITS)
      return { kind: 'fail', reason: `Still rate limited (HTTP 429) after ${MAX_RATE_LIMIT_WAITS} waits` };
    const asked = parseRetryAfter(result.retryAfter, now);
    if (asked !== undefined && asked > MAX_RETRY_AFTER_MS)
      return { kind: 'fail', reason: `Rate limited (HTTP 429): the provider asks to wait ${Math.round(asked / 1000)} s` };
    return { kind: 'retry', delayMs: asked ?? backoffMs(counts.rateLimitWaits + 1, random), rateLimited: true };
  }
  const retryable = result.kind === 'transport' || result.status >= 500;
  if (!retryable) return { kind: 'fail', reason: result.message };
  if (counts.retries >= MAX_RETRIES) return { kind: 'fail', reason: `${result.message} (after ${MAX_RETRIES} retries)` };
  return { kind: 'retry', delayMs: backoffMs(counts.retries + 1, random), rateLimited: false };
}
