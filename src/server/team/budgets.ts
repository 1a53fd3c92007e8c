// Budgets of live calls (LOOKUP_<L>_BUDGET for everyone, LOOKUP_<L>_USER_BUDGET per user), kept
// in the shared store so every process and instance counts against the same numbers. A unit is
// reserved before a call is sent and given back when the call never reached the provider; demo
// and cached answers never reserve. Store errors propagate: the caller fails closed. Every
// reservation is guarded by the budget ledger's marker (budget-ledger.ts): a store that lost its
// data refuses budgeted calls instead of handing out every budget again.
import { createHash } from 'node:crypto';
import type { LookupId } from '../../lookups/define-lookup.ts';
import { createBudgetLedger, LEDGER_KEY, type BudgetLedger } from './budget-ledger.ts';
import type { BudgetLimit, LookupLimits } from './limits-config.ts';
import { periodAt } from './periods.ts';
import type { SharedStore } from './store-types.ts';

/** How much of one budget is spent, as the lookup page and the audit log show it. */
export interface BudgetState {
  limit: number;
  period: BudgetLimit['period'];
  used: number;
  left: number;
  /** Epoch ms the period ends and the budget is whole again. */
  resetsAt: number;
}

export interface Reservation {
  keys: string[];
  /** Left in the lookup's budget after this call; undefined without one. */
  left?: number;
  /** Left in this user's budget after this call; undefined without one. */
  userLeft?: number;
}

export type BudgetOutcome =
  | { ok: true; reservation: Reservation }
  | { ok: false; scope: 'lookup' | 'user'; state: BudgetState }
  /** The store lost the budgets it kept (epoch ms the loss was noticed): refused until an operator confirms. */
  | { ok: false; reset: { noticedAt: number } };

// The store outlives a period by a minute, so a clock a little behind still finds its counter.
const EXPIRY_SLACK_MS = 60_000;
const userKeys = new Map<string, string>();

/** A user's name as it appears in store keys: hashed, so any name makes a safe key and none is stored. */
function userKey(user: string): string {
  let key = userKeys.get(user);
  if (key === undefined) {
    key = createHash('sha256').update(user).digest('hex').slice(0, 32);
    if (userKeys.size > 10_000) userKeys.clear();
    userKeys.set(user, key);
  }
  return key;
}

function counterKey(id: LookupId, limit: BudgetLimit, nowMs: number, user?: string): { key: string; end: number } {
  const { label, end } = periodAt(limit.period, nowMs);
  return { key: user === undefined ? `budget:${id}:${label}` : `budget:${id}:user:${userKey(user)}:${label}`, end };
}

export interface Budgets {
  /** Reserves one live call against the lookup's and the user's budgets, or says which is spent. */
  reserve(id: LookupId, limits: LookupLimits, user: string): Promise<BudgetOutcome>;
  /** Gives back a reservation whose call never reached the provider. */
  release(reservation: Reservation): Promise<void>;
  /** The budgets' state now, for the lookup page (the user's own, when there is a per-user budget). */
  states(id: LookupId, limits: LookupLimits, user: string): Promise<{ lookup?: BudgetState; user?: BudgetState }>;
}

export function createBudgets(
  store: SharedStore,
  now: () => number = Date.now,
  ledger: BudgetLedger = createBudgetLedger(store, { now }),
): Budgets {
  const state = (limit: BudgetLimit, used: number, end: number): BudgetState => ({
    limit: limit.limit,
    period: limit.period,
    used,
    left: Math.max(0, limit.limit - used),
    resetsAt: end,
  });

  return {
    async reserve(id, { budget, userBudget }, user) {
      // No budget: nothing to count, and no round trip to the store.
      if (!budget && !userBudget) return { ok: true, reservation: { keys: [] } };
      const time = now();
      const counters: Array<{ scope: 'lookup' | 'user'; limit: BudgetLimit; key: string; end: number }> = [];
      if (budget) counters.push({ scope: 'lookup', limit: budget, ...counterKey(id, budget, time) });
      if (userBudget) counters.push({ scope: 'user', limit: userBudget, ...counterKey(id, userBudget, time, user) });
      const asked = counters.map(({ key, limit, end }) => ({ key, limit: limit.limit, expiresAtMs: end + EXPIRY_SLACK_MS }));
      let view = await ledger.current();
      let result;
      for (let attempt = 0; ; attempt++) {
        if (!view.kept) return { ok: false, reset: { noticedAt: view.noticedAt } };
        // Both in one atomic store call (one round trip to Redis), guarded by the ledger's marker: a
        // user's refusal takes nothing from the lookup's budget, and a store that lost its data takes nothing at all.
        result = await store.reserveAll(asked, { key: LEDGER_KEY, value: view.marker });
        if (!('guardChanged' in result)) break;
        // The marker changed (an operator's confirmation is adopted; anything else is a loss): look once more.
        view = attempt === 0 ? await ledger.recheck() : { kept: false, noticedAt: time };
      }
      if (!result.allowed) {
        const refused = counters[result.refused.index]!;
        return { ok: false, scope: refused.scope, state: state(refused.limit, result.refused.used, refused.end) };
      }
      const reservation: Reservation = { keys: counters.map((counter) => counter.key) };
      counters.forEach(({ scope, limit }, index) => {
        const left = Math.max(0, limit.limit - result.used[index]!);
        if (scope === 'lookup') reservation.left = left;
        else reservation.userLeft = left;
      });
      return { ok: true, reservation };
    },
    async release({ keys }) {
      await Promise.all(keys.map((key) => store.release(key)));
    },
    async states(id, { budget, userBudget }, user) {
      const time = now();
      const lookupCounter = budget && counterKey(id, budget, time);
      const userCounter = userBudget && counterKey(id, userBudget, time, user);
      const [lookupUsed, userUsed] = await Promise.all([
        lookupCounter && store.count(lookupCounter.key),
        userCounter && store.count(userCounter.key),
      ]);
      return {
        ...(lookupCounter && { lookup: state(budget!, lookupUsed!, lookupCounter.end) }),
        ...(userCounter && { user: state(userBudget!, userUsed!, userCounter.end) }),
      };
    },
  };
}
