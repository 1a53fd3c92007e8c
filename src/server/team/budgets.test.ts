// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createBudgets } from './budgets.ts';
import { createMemoryStore } from './memory-store.ts';
import type { SharedStore } from './store-types.ts';
import { StoreUnavailableError } from './store-errors.ts';

function clock(iso: string) {
  let now = Date.parse(iso);
  return { now: () => now, set: (next: string) => (now = Date.parse(next)) };
}

describe('budgets', () => {
  it('reserves up to the limit, refuses the next with the reset time, and resets at UTC midnight', async () => {
    const time = clock('2025-03-14T22:00:00Z');
    const budgets = createBudgets(createMemoryStore(time.now), time.now);
    const limits = { budget: { limit: 2, period: 'day' as const }, queue: 0 };
    const one = await budgets.reserve('A', limits, 'ann');
    const two = await budgets.reserve('A', limits, 'bob');
    expect(one).toEqual({ ok: true, reservation: { keys: ['budget:A:2025-03-14'], left: 1 } });
    expect(two.ok && two.reservation.left).toBe(0);
    expect(await budgets.reserve('A', limits, 'ann')).toEqual({
      ok: false,
      scope: 'lookup',
      state: { limit: 2, period: 'day', used: 2, left: 0, resetsAt: Date.parse('2025-03-15T00:00:00Z') },
    });
    time.set('2025-03-15T00:00:00Z');
    expect((await budgets.reserve('A', limits, 'ann')).ok).toBe(true);
  });

  it('a released reservation is given back', async () => {
    const budgets = createBudgets(createMemoryStore());
    const limits = { budget: { limit: 1, period: 'month' as const }, queue: 0 };
    const first = await budgets.reserve('B', limits, 'local');
    if (!first.ok) throw new Error('refused');
    expect((await budgets.reserve('B', limits, 'local')).ok).toBe(false);
    await budgets.release(first.reservation);
    expect((await budgets.states('B', limits, 'local')).lookup).toMatchObject({ used: 0, left: 1 });
    expect((await budgets.reserve('B', limits, 'local')).ok).toBe(true);
  });

  it("counts each user's budget apart, and a user's refusal takes nothing from the lookup's budget", async () => {
    const budgets = createBudgets(createMemoryStore());
    const limits = { budget: { limit: 10, period: 'day' as const }, userBudget: { limit: 1, period: 'day' as const }, queue: 0 };
    const ann = await budgets.reserve('C', limits, 'ann');
    expect(ann.ok && ann.reservation).toMatchObject({ left: 9, userLeft: 0 });
    const again = await budgets.reserve('C', limits, 'ann');
    expect(again).toMatchObject({ ok: false, scope: 'user', state: { limit: 1, used: 1 } });
    expect((await budgets.reserve('C', limits, 'bob')).ok).toBe(true);
    const states = await budgets.states('C', limits, 'ann');
    expect(states.lookup).toMatchObject({ used: 2, left: 8 });
    expect(states.user).toMatchObject({ used: 1, left: 0 });
  });

  it("reserves the lookup's and the user's budgets in one store call, and a spent lookup budget takes nothing from the user's", async () => {
    const store = createMemoryStore();
    let calls = 0;
    const counting: SharedStore = {
      ...store,
      reserveAll: (counters) => ((calls += 1), store.reserveAll(counters)),
      reserve: () => Promise.reject(new Error('one call per reservation')),
    };
    const budgets = createBudgets(counting);
    const limits = { budget: { limit: 1, period: 'day' as const }, userBudget: { limit: 5, period: 'day' as const }, queue: 0 };
    expect(await budgets.reserve('F', limits, 'ann')).toMatchObject({ ok: true, reservation: { left: 0, userLeft: 4 } });
    expect(await budgets.reserve('F', limits, 'ann')).toMatchObject({ ok: false, scope: 'lookup', state: { limit: 1, used: 1, left: 0 } });
    expect(calls).toBe(2);
    expect((await budgets.states('F', limits, 'ann')).user).toMatchObject({ used: 1, left: 4 });
  });

  it('asks the store nothing for a lookup without a budget', async () => {
    const store = createMemoryStore();
    const down: SharedStore = {
      ...store,
      reserveAll: () => Promise.reject(new StoreUnavailableError()),
      reserve: () => Promise.reject(new StoreUnavailableError()),
    };
    expect(await createBudgets(down).reserve('G', { queue: 0 }, 'local')).toEqual({ ok: true, reservation: { keys: [] } });
  });

  it('never stores a user name in a key', async () => {
    const keys: string[] = [];
    const store = createMemoryStore();
    const spy: SharedStore = {
      ...store,
      reserveAll: (counters) => (keys.push(...counters.map((counter) => counter.key)), store.reserveAll(counters)),
    };
    await createBudgets(spy).reserve('D', { userBudget: { limit: 5, period: 'day' }, queue: 0 }, 'ann@example.org');
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain('ann');
  });

  it('passes a store failure on (the proxy fails closed)', async () => {
    const store = createMemoryStore();
    const down: SharedStore = { ...store, reserveAll: () => Promise.reject(new StoreUnavailableError()) };
    await expect(createBudgets(down).reserve('E', { budget: { limit: 5, period: 'day' }, queue: 0 }, 'local')).rejects.toMatchObject({
      code: 'store_unavailable',
    });
  });
});
