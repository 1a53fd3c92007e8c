// The shared store's contract (shared-store.ts makes one), apart from the module that picks an
// implementation, so that the implementations name it without importing their own factory.

/** One counter of a reserveAll: its key, the most it may reach, and when it expires (epoch ms, set when created). */
export interface CounterLimit {
  key: string;
  limit: number;
  expiresAtMs: number;
}

/** A reservation's precondition: it is made only while `key` holds exactly `value` (budget-ledger.ts). */
export interface ReserveGuard {
  key: string;
  value: string;
}

export type ReserveAllResult =
  /** Every counter took one unit; `used` is each one's count after it, in the order asked. */
  | { allowed: true; used: number[] }
  /** None took a unit: `index` is the first counter already at its limit, `used` its count. */
  | { allowed: false; refused: { index: number; used: number } }
  /** None took a unit: the guard's key no longer holds its value (or is gone). */
  | { allowed: false; guardChanged: true };

export interface SharedStore {
  readonly kind: 'memory' | 'redis';
  /** Atomically adds 1 to a counter unless that would pass `limit`; the counter expires at `expiresAtMs` (epoch ms, set when created). */
  reserve(key: string, limit: number, expiresAtMs: number): Promise<{ allowed: boolean; used: number }>;
  /**
   * Reserves one unit on each counter in one atomic step (one round trip to Redis), all or
   * nothing: if any would pass its limit, none is taken. A key named twice takes two units.
   * With a guard, the guard is checked in the same atomic step, before any counter.
   */
  reserveAll(counters: readonly CounterLimit[], guard?: ReserveGuard): Promise<ReserveAllResult>;
  /** Gives back one reserved unit (the call never reached the upstream). */
  release(key: string): Promise<void>;
  /** Reads a counter (0 when absent). */
  count(key: string): Promise<number>;
  /** Bytes with a time to live (answer cache entries, sessions). */
  getBytes(key: string): Promise<Buffer | undefined>;
  setBytes(key: string, value: Buffer, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Compare and set, in one atomic step: sets `key` to `value`, with no expiry, when it holds
   * `expected` (undefined: when it is absent). Returns what the key holds afterwards.
   */
  swapText(key: string, expected: string | undefined, value: string): Promise<string | undefined>;
  /** Reads a text value (undefined when absent). */
  getText(key: string): Promise<string | undefined>;
  /** Redis: whether it keeps an append-only file (survives its own restart); undefined when it cannot say or for the in-process store. */
  appendOnly?(): Promise<boolean | undefined>;
  /** For /readyz: whether the store answers now. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
