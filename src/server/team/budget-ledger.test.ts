// @vitest-environment node
// The budget ledger on the in-process store: a first start is not a loss, a marker that goes away
// (the store lost its data) refuses budgeted calls, said once, on every process, until an operator
// confirms; a lookup without a budget never notices. Redis and real restarts: budget-restart-redis.test.ts.
import { describe, expect, it } from 'vitest';
import { confirmBudgetReset, createBudgetLedger, LEDGER_KEY } from './budget-ledger.ts';
import { createBudgets, type BudgetOutcome } from './budgets.ts';
import type { LookupLimits } from './limits-config.ts';
import { createMemoryStore } from './memory-store.ts';
import { StoreUnavailableError } from './store-errors.ts';
import type { SharedStore } from './store-types.ts';

const limits: LookupLimits = { budget: { limit: 3, period: 'month' }, queue: 0 };

/** One server process: its own ledger (what it remembers) over the shared store. */
function serverProcess(store: SharedStore) {
  const said: string[] = [];
  const ledger = createBudgetLedger(store, { log: (message) => said.push(message) });
  return { budgets: createBudgets(store, Date.now, ledger), ledger, said };
}

/** Forgets every counter and the marker, as a Redis restarted without persistence. */
async function loseData(store: SharedStore, keys: string[]): Promise<void> {
  for (const key of [LEDGER_KEY, ...keys]) await store.delete(key);
}

const isReset = (outcome: BudgetOutcome) => !outcome.ok && 'reset' in outcome;

describe('the budget ledger', () => {
  it('writes its marker on a first start (an empty store is no loss) and reserves as before', async () => {
    const store = createMemoryStore();
    const server = serverProcess(store);
    await server.ledger.open();
    expect(JSON.parse((await store.getText(LEDGER_KEY))!)).toMatchObject({ state: 'kept', by: 'server' });
    expect(await server.budgets.reserve('A', limits, 'ann')).toMatchObject({ ok: true, reservation: { left: 2 } });
    expect(server.said).toEqual([]);
  });

  it('lets processes starting together on an empty store agree on one marker', async () => {
    const store = createMemoryStore();
    const servers = [serverProcess(store), serverProcess(store), serverProcess(store)];
    const views = await Promise.all(servers.map((server) => server.ledger.current()));
    expect(new Set(views.map((view) => view.kept && view.marker)).size).toBe(1);
    for (const server of servers) expect((await server.budgets.reserve('A', limits, 'ann')).ok).toBe(true);
    expect((await servers[0]!.budgets.reserve('A', limits, 'ann')).ok).toBe(false);
  });

  it('refuses budgeted calls once the store lost its data, says so once, and a lookup without a budget still reserves', async () => {
    const store = createMemoryStore();
    const server = serverProcess(store);
    const spent = await server.budgets.reserve('A', limits, 'ann');
    if (!spent.ok) throw new Error('refused');
    await loseData(store, spent.reservation.keys);

    const first = await server.budgets.reserve('A', limits, 'ann');
    expect(first).toEqual({ ok: false, reset: { noticedAt: expect.any(Number) } });
    expect(
      isReset(await server.budgets.reserve('A', { ...limits, budget: undefined, userBudget: { limit: 9, period: 'day' } }, 'bob')),
    ).toBe(true);
    // Nothing was counted while refusing.
    expect(await store.count(spent.reservation.keys[0]!)).toBe(0);
    expect(await server.budgets.reserve('B', { queue: 0 }, 'ann')).toEqual({ ok: true, reservation: { keys: [] } });
    expect(server.said).toHaveLength(1);
    expect(server.said[0]).toMatch(/budget_store_reset.*npm run confirm-budget-reset/);
    // The loss is written down: a process started afterwards (it never saw the old marker) refuses too.
    expect(JSON.parse((await store.getText(LEDGER_KEY))!)).toMatchObject({ state: 'lost' });
    expect(isReset(await serverProcess(store).budgets.reserve('A', limits, 'ann'))).toBe(true);
  });

  it('notices a loss when another process started on the emptied store first and wrote a fresh marker', async () => {
    const store = createMemoryStore();
    const old = serverProcess(store);
    expect((await old.budgets.reserve('A', limits, 'ann')).ok).toBe(true);
    await loseData(store, []);
    // A server restarted after the loss cannot tell it from a first start: it writes a marker and reserves.
    const fresh = serverProcess(store);
    expect((await fresh.budgets.reserve('A', limits, 'ann')).ok).toBe(true);
    // The one that ran before sees a marker it never knew, not an operator's: a loss, for both from then on.
    expect(isReset(await old.budgets.reserve('A', limits, 'ann'))).toBe(true);
    expect(isReset(await fresh.budgets.reserve('A', limits, 'ann'))).toBe(true);
  });

  it("an operator's confirmation lets every process reserve again, counting from what the store holds", async () => {
    const store = createMemoryStore();
    const servers = [serverProcess(store), serverProcess(store)];
    for (const server of servers) expect((await server.budgets.reserve('A', limits, 'ann')).ok).toBe(true);
    const spent = await servers[0]!.budgets.reserve('A', limits, 'ann');
    if (!spent.ok) throw new Error('refused');
    await loseData(store, spent.reservation.keys);
    expect(isReset(await servers[0]!.budgets.reserve('A', limits, 'ann'))).toBe(true);

    expect(await confirmBudgetReset(store)).toEqual({ confirmed: true, was: 'lost' });
    expect(JSON.parse((await store.getText(LEDGER_KEY))!)).toMatchObject({ state: 'kept', by: 'operator' });
    // The second process never saw the loss: its guarded reservation finds the new marker and adopts it.
    expect(await servers[1]!.budgets.reserve('A', limits, 'ann')).toMatchObject({ ok: true, reservation: { left: 2 } });
    expect(await servers[0]!.budgets.reserve('A', limits, 'ann')).toMatchObject({ ok: true, reservation: { left: 1 } });
    // A second confirmation changes nothing.
    expect(await confirmBudgetReset(store)).toMatchObject({ confirmed: false, since: expect.any(String) });
    expect(await servers[1]!.budgets.reserve('A', limits, 'ann')).toMatchObject({ ok: true, reservation: { left: 0 } });
  });

  it('confirms a store that holds no marker at all', async () => {
    const store = createMemoryStore();
    expect(await confirmBudgetReset(store)).toEqual({ confirmed: true, was: 'absent' });
    expect((await serverProcess(store).budgets.reserve('A', limits, 'ann')).ok).toBe(true);
  });

  it('reads a marker it cannot parse as a loss', async () => {
    const store = createMemoryStore();
    await store.swapText(LEDGER_KEY, undefined, 'hand-written');
    expect(isReset(await serverProcess(store).budgets.reserve('A', limits, 'ann'))).toBe(true);
  });

  it('passes a store failure on while looking (the proxy fails closed), and looks again once the store is back', async () => {
    const store = createMemoryStore();
    let down = true;
    const flaky: SharedStore = { ...store, getText: (key) => (down ? Promise.reject(new StoreUnavailableError()) : store.getText(key)) };
    const server = serverProcess(flaky);
    await expect(server.ledger.open()).rejects.toMatchObject({ code: 'store_unavailable' });
    await expect(server.budgets.reserve('A', limits, 'ann')).rejects.toMatchObject({ code: 'store_unavailable' });
    down = false;
    expect((await server.budgets.reserve('A', limits, 'ann')).ok).toBe(true);
    expect(server.said).toEqual([]);
  });

  it('reads the marker once: later reservations cost one store call each', async () => {
    const store = createMemoryStore();
    const calls: string[] = [];
    const counting = new Proxy(store, {
      get: (target, name: keyof SharedStore) =>
        typeof target[name] === 'function'
          ? (...args: unknown[]) => (calls.push(name), (target[name] as (...a: unknown[]) => unknown)(...args))
          : target[name],
    });
    const server = serverProcess(counting);
    await server.ledger.open();
    calls.length = 0;
    for (let call = 0; call < 3; call++) await server.budgets.reserve('A', limits, 'ann');
    expect(calls).toEqual(['reserveAll', 'reserveAll', 'reserveAll']);
  });

  it('warns at start-up when Redis keeps no append-only file', async () => {
    const store = createMemoryStore();
    const said: string[] = [];
    await createBudgetLedger({ ...store, appendOnly: async () => false }, { log: (message) => said.push(message) }).open();
    await createBudgetLedger({ ...store, appendOnly: async () => true }, { log: (message) => said.push(message) }).open();
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/appendonly no/);
  });
});
