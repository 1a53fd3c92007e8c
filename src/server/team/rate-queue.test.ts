// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from './memory-store.ts';
import { Limiter, type Admission } from './rate-queue.ts';
import type { SharedStore } from './store-types.ts';
import { StoreUnavailableError } from './store-errors.ts';

function granted(admission: Admission) {
  if (!admission.ok) throw new Error(`refused: ${admission.reason}`);
  return admission.slot;
}

describe('Limiter', () => {
  it('admits up to the concurrency, queues the rest in order, and admits the next when a slot is released', async () => {
    const limiter = new Limiter({ store: createMemoryStore(), name: 'A', concurrency: 2, queue: 5, maxWaitMs: 5_000 });
    const first = granted(await limiter.acquire());
    granted(await limiter.acquire());
    const order: number[] = [];
    const third = limiter.acquire().then((admission) => (order.push(3), granted(admission)));
    const fourth = limiter.acquire().then((admission) => (order.push(4), granted(admission)));
    await vi.waitFor(() => expect(limiter.queued).toBe(2));
    expect(limiter.inFlight).toBe(2);
    expect(order).toEqual([]);
    first.release();
    first.release(); // twice is once
    const thirdSlot = await third;
    expect(order).toEqual([3]);
    thirdSlot.release();
    await fourth;
    expect(order).toEqual([3, 4]);
    expect(limiter.queued).toBe(0);
  });

  it('refuses with Retry-After when the queue is full', async () => {
    const limiter = new Limiter({ store: createMemoryStore(), name: 'B', concurrency: 1, queue: 1, maxWaitMs: 5_000 });
    granted(await limiter.acquire());
    void limiter.acquire();
    expect(await limiter.acquire()).toEqual({ ok: false, reason: 'queue_full', retryAfterSeconds: expect.any(Number) });
  });

  it('refuses a request that waited longer than the proxy would wait for the provider', async () => {
    const limiter = new Limiter({ store: createMemoryStore(), name: 'C', concurrency: 1, queue: 5, maxWaitMs: 30 });
    granted(await limiter.acquire());
    expect(await limiter.acquire()).toMatchObject({ ok: false, reason: 'wait_too_long' });
    expect(limiter.queued).toBe(0);
  });

  it('stops waiting when the browser leaves', async () => {
    const limiter = new Limiter({ store: createMemoryStore(), name: 'D', concurrency: 1, queue: 5, maxWaitMs: 5_000 });
    const slot = granted(await limiter.acquire());
    let leave = () => {};
    const waiting = limiter.acquire((cancel) => (leave = cancel));
    leave();
    expect((await waiting).ok).toBe(false);
    slot.release();
    expect(limiter.inFlight).toBe(0);
  });

  it('keeps the rate: requests beyond it wait for a later window, and no window holds more than the rate', async () => {
    const store = createMemoryStore();
    const taken = new Map<string, number>();
    const counting: SharedStore = {
      ...store,
      reserve: async (key, limit, expiresAtMs) => {
        const result = await store.reserve(key, limit, expiresAtMs);
        if (result.allowed) taken.set(key, (taken.get(key) ?? 0) + 1);
        return result;
      },
    };
    const limiter = new Limiter({ store: counting, name: 'E', rate: { limit: 3, windowMs: 200 }, queue: 20, maxWaitMs: 5_000 });
    const admissions = await Promise.all(
      Array.from({ length: 7 }, () => limiter.acquire().then((admission) => (granted(admission).release(), true))),
    );
    expect(admissions).toHaveLength(7);
    expect([...taken.values()].reduce((sum, count) => sum + count, 0)).toBe(7);
    for (const count of taken.values()) expect(count).toBeLessThanOrEqual(3);
    // Seven calls at three a window span at least three windows.
    expect(taken.size).toBeGreaterThanOrEqual(3);
  });

  it('counts the rate in the shared store, so two limiters (two instances) share it', async () => {
    const store = createMemoryStore();
    const rate = { limit: 2, windowMs: 60_000 };
    const one = new Limiter({ store, name: 'F', rate, queue: 0, maxWaitMs: 50 });
    const two = new Limiter({ store, name: 'F', rate, queue: 0, maxWaitMs: 50 });
    granted(await one.acquire());
    granted(await two.acquire());
    expect(await two.acquire()).toMatchObject({ ok: false });
  });

  it('a unit given back (the call was never sent) can be used again', async () => {
    const store = createMemoryStore();
    const limiter = new Limiter({ store, name: 'G', rate: { limit: 1, windowMs: 60_000 }, queue: 0, maxWaitMs: 50 });
    const slot = granted(await limiter.acquire());
    await slot.unsend();
    slot.release();
    expect((await limiter.acquire()).ok).toBe(true);
  });

  it('rejects waiting requests when the store fails (the proxy answers 503)', async () => {
    const store = createMemoryStore();
    const down: SharedStore = {
      ...store,
      count: () => Promise.reject(new StoreUnavailableError()),
      reserve: () => Promise.reject(new StoreUnavailableError()),
    };
    const limiter = new Limiter({ store: down, name: 'H', rate: { limit: 5, windowMs: 1_000 }, queue: 5, maxWaitMs: 1_000 });
    await expect(limiter.acquire()).rejects.toMatchObject({ code: 'store_unavailable' });
  });
});
