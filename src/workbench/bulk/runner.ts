// Sends a run's rows with bounded concurrency, obeying the retry policy. The order of writes is
// what keeps a row from ever being sent twice: `beforeSend` (persisted as "in flight") resolves
// before the request leaves, and `settle` (the answer recorded) resolves before the row counts as
// done. A paused run lets its requests in flight finish and starts no new ones; a cancelled run
// aborts them, and since an aborted request may still have reached the provider, such a row is
// failed, not sent again (docs/decisions/009).
import { runPace } from '../../lookups/run-pace.ts';
import { type AttemptResult, decide } from './retry-policy.ts';

export const DEFAULT_CONCURRENCY = 4;
export const MIN_CONCURRENCY = 1;
export const MAX_CONCURRENCY = 16;

export type Final<T> = { kind: 'keep'; value: T } | { kind: 'fail'; reason: string };

export interface RunnerHooks<T> {
  /** Records that the row is about to be sent; the request leaves only after it resolves. */
  beforeSend(index: number): Promise<void>;
  /** One request for the row. */
  attempt(index: number, signal: AbortSignal): Promise<AttemptResult<T>>;
  /** Records the row's final outcome; the row counts as finished only after it resolves. */
  settle(index: number, outcome: Final<T>): Promise<void>;
  /** Records that the row waits for a retry (its last request's outcome is known: no answer kept). */
  requeue(index: number): Promise<void>;
}

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type RunnerState = 'idle' | 'running' | 'paused' | 'cancelled' | 'finished';

export interface Progress {
  state: RunnerState;
  done: number;
  failed: number;
  remaining: number;
  inFlight: number;
  /** Rows finished per second since this session's first row finished; 0 until a few have (lookups/run-pace.ts). */
  rowsPerSecond: number;
  /** Estimated time left at that pace; undefined while it is being estimated. */
  etaMs: number | undefined;
  /** Until when every request waits because the provider answered 429 (epoch ms). */
  waitingUntil: number | undefined;
}

export interface RunnerOptions<T> {
  /** Rows still to send, in order. */
  pending: readonly number[];
  /** Rows already finished before this session (a resumed run). */
  alreadyDone?: number;
  alreadyFailed?: number;
  concurrency?: number;
  hooks: RunnerHooks<T>;
  clock?: Clock;
  random?: () => number;
  onProgress?: (progress: Progress) => void;
}

interface Waiting {
  index: number;
  notBefore: number;
  retries: number;
  rateLimitWaits: number;
}

export function clampConcurrency(value: number): number {
  return Math.min(MAX_CONCURRENCY, Math.max(MIN_CONCURRENCY, Math.round(Number.isFinite(value) ? value : DEFAULT_CONCURRENCY)));
}

export class BulkRunner<T> {
  private readonly queue: Waiting[];
  private readonly hooks: RunnerHooks<T>;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly onProgress: ((progress: Progress) => void) | undefined;
  private readonly controllers = new Map<number, AbortController>();
  private concurrency: number;
  private state: RunnerState = 'idle';
  private done: number;
  private failed: number;
  private finishedThisSession = 0;
  private sendingSince: number | undefined;
  private activeMs = 0;
  /** Sending time (pauses left out) at which this session's first row finished: the pace is timed from here. */
  private firstFinishedAtMs: number | undefined;
  /** No request starts before this time: the last 429's Retry-After (it applies to the client, not one row). */
  private gate = 0;
  private timer: unknown;
  private settledAll: (() => void) | undefined;
  readonly finished: Promise<void>;

  constructor(options: RunnerOptions<T>) {
    this.queue = options.pending.map((index) => ({ index, notBefore: 0, retries: 0, rateLimitWaits: 0 }));
    this.hooks = options.hooks;
    this.clock = options.clock ?? realClock;
    this.random = options.random ?? Math.random;
    this.onProgress = options.onProgress;
    this.concurrency = clampConcurrency(options.concurrency ?? DEFAULT_CONCURRENCY);
    this.done = options.alreadyDone ?? 0;
    this.failed = options.alreadyFailed ?? 0;
    this.finished = new Promise((resolve) => (this.settledAll = resolve));
  }

  start(): void {
    if (this.state !== 'idle' && this.state !== 'paused') return;
    this.state = 'running';
    this.sendingSince = this.clock.now();
    this.pump();
    this.report();
  }

  pause(): void {
    if (this.state !== 'running') return;
    this.state = 'paused';
    this.stopClock();
    this.clearTimer();
    this.report();
  }

  resume(): void {
    this.start();
  }

  setConcurrency(value: number): void {
    this.concurrency = clampConcurrency(value);
    this.pump();
  }

  /** Aborts what is in flight and fails every row not yet sent. */
  async cancel(): Promise<void> {
    if (this.state === 'cancelled' || this.state === 'finished') return;
    this.state = 'cancelled';
    this.stopClock();
    this.clearTimer();
    for (const controller of this.controllers.values()) controller.abort();
    const left = this.queue.splice(0);
    for (const waiting of left) {
      await this.hooks.settle(waiting.index, { kind: 'fail', reason: 'Not sent: the run was cancelled' });
      this.failed += 1;
    }
    this.report();
    this.checkFinished();
  }

  progress(): Progress {
    const now = this.clock.now();
    const remaining = this.queue.length + this.controllers.size;
    const pace =
      this.firstFinishedAtMs === undefined
        ? undefined
        : runPace({ finished: this.finishedThisSession, remaining, sinceFirstMs: this.sendingMs(now) - this.firstFinishedAtMs });
    return {
      state: this.state,
      done: this.done,
      failed: this.failed,
      remaining,
      inFlight: this.controllers.size,
      rowsPerSecond: pace?.rowsPerSecond ?? 0,
      etaMs: pace?.msLeft,
      waitingUntil: this.gate > now ? this.gate : undefined,
    };
  }

  private report(): void {
    this.onProgress?.(this.progress());
  }

  /** Time spent sending in this session, pauses left out. */
  private sendingMs(now: number): number {
    return this.activeMs + (this.sendingSince === undefined ? 0 : now - this.sendingSince);
  }

  private stopClock(): void {
    if (this.sendingSince !== undefined) this.activeMs += this.clock.now() - this.sendingSince;
    this.sendingSince = undefined;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Starts rows while there is room and a row is ready; otherwise wakes up when the next one is. */
  private pump(): void {
    if (this.state !== 'running') return;
    this.clearTimer();
    const now = this.clock.now();
    while (this.controllers.size < this.concurrency && this.queue.length > 0 && now >= this.gate) {
      const position = this.queue.findIndex((waiting) => waiting.notBefore <= now);
      if (position < 0) break;
      const [waiting] = this.queue.splice(position, 1);
      this.launch(waiting!);
    }
    if (this.queue.length > 0 && this.controllers.size < this.concurrency) {
      const next = Math.max(this.gate, Math.min(...this.queue.map((waiting) => waiting.notBefore)));
      if (next > now) this.timer = this.clock.setTimeout(() => this.pump(), next - now);
    }
    this.checkFinished();
  }

  private launch(waiting: Waiting): void {
    const controller = new AbortController();
    this.controllers.set(waiting.index, controller);
    void this.run(waiting, controller).finally(() => {
      this.controllers.delete(waiting.index);
      this.report();
      this.pump();
      this.checkFinished();
    });
  }

  private async run(waiting: Waiting, controller: AbortController): Promise<void> {
    await this.hooks.beforeSend(waiting.index);
    let result: AttemptResult<T>;
    try {
      result = await this.hooks.attempt(waiting.index, controller.signal);
    } catch (error) {
      result = { kind: 'transport', message: error instanceof Error ? error.message : String(error) };
    }
    if (controller.signal.aborted) {
      await this.finish(waiting.index, {
        kind: 'fail',
        reason: 'Cancelled while in flight: the request may have reached the provider, so it is not sent again on its own',
      });
      return;
    }
    const now = this.clock.now();
    const decision = decide(result, waiting, now, this.random);
    if (decision.kind === 'keep') return this.finish(waiting.index, decision);
    if (decision.kind === 'fail') return this.finish(waiting.index, decision);
    await this.hooks.requeue(waiting.index);
    const notBefore = now + decision.delayMs;
    if (decision.rateLimited) this.gate = Math.max(this.gate, notBefore);
    this.queue.unshift({
      index: waiting.index,
      notBefore,
      retries: waiting.retries + (decision.rateLimited ? 0 : 1),
      rateLimitWaits: waiting.rateLimitWaits + (decision.rateLimited ? 1 : 0),
    });
    if (this.state === 'cancelled') {
      this.queue.shift();
      await this.finish(waiting.index, { kind: 'fail', reason: 'Not sent again: the run was cancelled' });
    }
  }

  private async finish(index: number, outcome: Final<T>): Promise<void> {
    await this.hooks.settle(index, outcome);
    if (outcome.kind === 'keep') this.done += 1;
    else this.failed += 1;
    this.finishedThisSession += 1;
    this.firstFinishedAtMs ??= this.sendingMs(this.clock.now());
  }

  private checkFinished(): void {
    if (this.queue.length > 0 || this.controllers.size > 0) return;
    if (this.state === 'running') {
      this.state = 'finished';
      this.stopClock();
      this.report();
    }
    if (this.state === 'finished' || this.state === 'cancelled') this.settledAll?.();
  }
}
