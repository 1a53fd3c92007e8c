// The in-process SharedStore: the default, for one server process. Counters and byte entries live
// in one Map with their expiry; expired entries are dropped when read and swept at most every
// SWEEP_EVERY_MS while writing, so nothing needs a timer (which would keep a process or test alive).
import type { SharedStore } from './store-types.ts';
import { StoreUnavailableError } from './store-errors.ts';

const SWEEP_EVERY_MS = 30_000;

type Entry = { kind: 'counter'; value: number; expiresAt: number } | { kind: 'bytes'; value: Buffer; expiresAt: number };

export function createMemoryStore(now: () => number = Date.now): SharedStore {
  const entries = new Map<string, Entry>();
  let lastSweep = now();
  let closed = false;

  const open = () => {
    if (closed) throw new StoreUnavailableError('The shared store is closed');
  };
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    const time = now();
    if (time - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = time;
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
  };
  const textOf = (key: string) => {
    const entry = live(key);
    return entry?.kind === 'bytes' ? entry.value.toString('utf8') : undefined;
  };
  const counterOf = (key: string) => {
    const entry = live(key);
    return entry?.kind === 'counter' ? entry : undefined;
  };

  return {
    kind: 'memory',
    async reserve(key, limit, expiresAtMs) {
      open();
      sweep();
      const counter = counterOf(key);
      const used = counter?.value ?? 0;
      if (used + 1 > limit) return { allowed: false, used };
      if (counter) counter.value = used + 1;
      else entries.set(key, { kind: 'counter', value: 1, expiresAt: expiresAtMs });
      return { allowed: true, used: used + 1 };
    },
    async reserveAll(counters, guard) {
      open();
      sweep();
      if (guard && textOf(guard.key) !== guard.value) return { allowed: false, guardChanged: true };
      // Check every counter first (a key named twice counts its earlier units), then take them all.
      const pending = new Map<string, number>();
      for (const [index, { key, limit }] of counters.entries()) {
        const used = pending.get(key) ?? counterOf(key)?.value ?? 0;
        if (used + 1 > limit) return { allowed: false, refused: { index, used } };
        pending.set(key, used + 1);
      }
      const used = counters.map(({ key, expiresAtMs }) => {
        const counter = counterOf(key);
        if (counter) return (counter.value += 1);
        entries.set(key, { kind: 'counter', value: 1, expiresAt: expiresAtMs });
        return 1;
      });
      return { allowed: true, used };
    },
    async release(key) {
      open();
      const counter = counterOf(key);
      if (counter && counter.value > 0) counter.value -= 1;
    },
    async count(key) {
      open();
      return counterOf(key)?.value ?? 0;
    },
    async getBytes(key) {
      open();
      const entry = live(key);
      return entry?.kind === 'bytes' ? Buffer.from(entry.value) : undefined;
    },
    async setBytes(key, value, ttlMs) {
      open();
      sweep();
      // A copy, so a caller reusing its buffer cannot change what is stored.
      entries.set(key, { kind: 'bytes', value: Buffer.from(value), expiresAt: now() + ttlMs });
    },
    async delete(key) {
      open();
      entries.delete(key);
    },
    async swapText(key, expected, value) {
      open();
      const current = textOf(key);
      if (current !== expected) return current;
      entries.set(key, { kind: 'bytes', value: Buffer.from(value, 'utf8'), expiresAt: Infinity });
      return value;
    },
    async getText(key) {
      open();
      return textOf(key);
    },
    async ping() {
      return !closed;
    },
    async close() {
      closed = true;
      entries.clear();
    },
  };
}
