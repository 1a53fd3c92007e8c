// Keeps a provider's own limits (LOOKUP_<L>_RATE, LOOKUP_<L>_CONCURRENCY) so that it never answers
// 429 because of us: a live call first takes a concurrency slot (per process) and a unit of the
// rate (counted in the shared store, so all instances together keep it); requests that find
// neither wait their turn in a bounded first-in-first-out queue, and are refused with a
// Retry-After when the queue is full or their wait would pass the proxy's timeout.
//
// The rate is a sliding window estimated from two fixed windows (the current one, plus the
// previous one weighted by how much of it still overlaps the last `windowMs`), as the Redis and
// Cloudflare rate limiters do: no burst of twice the rate at a window boundary, one atomic store
// call per admitted request. The previous window's count no longer changes, so each process reads
// it once per window.
import type { RateLimit } from './limits-config.ts';
import type { SharedStore } from './store-types.ts';

export interface Slot {
  /** Gives the concurrency slot back (the call is over). Idempotent. */
  release(): void;
  /** The rate unit is given back too: the call never reached the provider. */
  unsend(): Promise<void>;
}

export type Admission = { ok: true; slot: Slot } | { ok: false; retryAfterSeconds: number; reason: 'queue_full' | 'wait_too_long' };

export interface LimiterOptions {
  store: SharedStore;
  /** Names this limiter's counters in the store (the lookup's letter). */
  name: string;
  rate?: RateLimit;
  concurrency?: number;
  /** How many requests may wait. */
  queue: number;
  /** A request waiting longer than this is refused (the proxy's upstream timeout). */
  maxWaitMs: number;
  now?: () => number;
}

interface Waiter {
  resolve(admission: Admission): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
  gone: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export class Limiter {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  private pumping = false;
  private previousWindow = -1;
  private previousCount = 0;
  private readonly concurrency: number;
  private readonly now: () => number;

  constructor(private readonly options: LimiterOptions) {
    this.concurrency = options.concurrency ?? Infinity;
    this.now = options.now ?? Date.now;
  }

  /** Requests waiting now (the metrics' queue length). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Calls in flight now, in this process. */
  get inFlight(): number {
    return this.active;
  }

  /**
   * Waits for a slot and a rate unit; `gone` resolves the wait early when the browser leaves
   * (then admission is refused and nothing was taken). Rejects when the store fails.
   */
  acquire(onGone?: (cancel: () => void) => void): Promise<Admission> {
    if (this.waiting.length >= Math.max(this.options.queue, 0) && !(this.waiting.length === 0 && this.active < this.concurrency)) {
      return Promise.resolve({ ok: false, reason: 'queue_full', retryAfterSeconds: this.retryAfterSeconds() });
    }
    return new Promise<Admission>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        gone: false,
        timer: setTimeout(
          () => this.drop(waiter, { ok: false, reason: 'wait_too_long', retryAfterSeconds: this.retryAfterSeconds() }),
          this.options.maxWaitMs,
        ),
      };
      waiter.timer.unref();
      this.waiting.push(waiter);
      onGone?.(() => this.drop(waiter, { ok: false, reason: 'wait_too_long', retryAfterSeconds: 1 }));
      void this.pump();
    });
  }

  private drop(waiter: Waiter, admission: Admission): void {
    if (waiter.gone) return;
    waiter.gone = true;
    clearTimeout(waiter.timer);
    const at = this.waiting.indexOf(waiter);
    if (at !== -1) this.waiting.splice(at, 1);
    waiter.resolve(admission);
  }

  /** A rough wait before a request refused now might get in: one rate interval per queued request. */
  private retryAfterSeconds(): number {
    const { rate } = this.options;
    const perCall = rate ? rate.windowMs / rate.limit : 1_000;
    return Math.max(1, Math.ceil(((this.waiting.length + 1) * perCall) / 1000));
  }

  /** Admits waiters in order while there are slots, each once the rate allows. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiting.length > 0 && this.active < this.concurrency) {
        const head = this.waiting[0]!;
        const { wait, window } = this.options.rate ? await this.takeRateUnit(this.options.rate) : { wait: 0, window: 0 };
        if (head.gone) {
          // The browser left while the store answered: give the unit back.
          if (wait === 0 && this.options.rate) await this.options.store.release(this.rateKey(window));
          continue;
        }
        if (wait > 0) {
          await sleep(wait);
          continue;
        }
        this.waiting.shift();
        head.gone = true;
        clearTimeout(head.timer);
        this.active += 1;
        head.resolve({ ok: true, slot: this.slot(window) });
      }
    } catch (error) {
      // The store failed: everyone waiting is told (they fail closed); later requests try again.
      for (const waiter of this.waiting.splice(0)) {
        waiter.gone = true;
        clearTimeout(waiter.timer);
        waiter.reject(error);
      }
    } finally {
      this.pumping = false;
    }
  }

  private slot(window: number): Slot {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.active -= 1;
        void this.pump();
      },
      unsend: async () => {
        if (this.options.rate) await this.options.store.release(this.rateKey(window));
      },
    };
  }

  private rateKey(window: number): string {
    return `rate:${this.options.name}:${window}`;
  }

  /** Takes one unit of the rate: wait 0 when taken (in `window`), else the ms to wait before trying again. */
  private async takeRateUnit(rate: RateLimit): Promise<{ wait: number; window: number }> {
    const { store } = this.options;
    const now = this.now();
    const window = Math.floor(now / rate.windowMs);
    if (this.previousWindow !== window - 1) {
      this.previousCount = await store.count(this.rateKey(window - 1));
      this.previousWindow = window - 1;
    }
    const elapsed = now - window * rate.windowMs;
    const overlap = (rate.windowMs - elapsed) / rate.windowMs;
    const allowed = rate.limit - Math.ceil(this.previousCount * overlap);
    const windowEnd = (window + 1) * rate.windowMs;
    if (allowed >= 1) {
      // Kept a window longer than it lasts: the next window reads it as its previous one.
      const { allowed: taken } = await store.reserve(this.rateKey(window), allowed, windowEnd + rate.windowMs);
      if (taken) return { wait: 0, window };
    }
    // Try again after one rate interval, or when this window ends, whichever is sooner.
    return { wait: Math.max(1, Math.min(Math.ceil(rate.windowMs / rate.limit), windowEnd - now)), window };
  }
}
