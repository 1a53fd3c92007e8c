// "Budget: 12 of 500 live calls used today, 488 left · resets 2025-03-15 00:00 UTC": the server's
// budget of live calls for a lookup (LOOKUP_<L>_BUDGET, LOOKUP_<L>_USER_BUDGET), as published in
// /lookup-config.json. Shown only when a budget is configured; read again after each answer of
// the lookup, since every live call spends from it.
import { useEffect } from 'react';
import { onAnswer } from '../api/answer-events.ts';
import { useLookupConfig } from '../api/lookup-config-query.ts';
import type { BudgetStateDocument } from '../lookups/wire.ts';

const PERIOD_WORDS: Record<BudgetStateDocument['period'], string> = { day: 'today', month: 'this month' };

/** `2025-03-15 00:00 UTC`: budgets reset on UTC calendar boundaries, so the time is said in UTC. */
export function formatReset(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function describeBudget(state: BudgetStateDocument): string {
  return `${state.used} of ${state.limit} live calls used ${PERIOD_WORDS[state.period]}, ${state.left} left · resets ${formatReset(state.resetsAt)}`;
}

export function BudgetLine({ lookupId }: { lookupId: string }) {
  const { data, refetch } = useLookupConfig();
  const budget = data?.lookups[lookupId]?.budget;
  const hasBudget = budget !== undefined;
  useEffect(() => {
    if (!hasBudget) return;
    return onAnswer((event) => {
      if (event.lookupId === lookupId && event.response) void refetch();
    });
  }, [hasBudget, lookupId, refetch]);
  if (!budget || (!budget.lookup && !budget.user)) return null;
  return (
    <p
      className="usage-line budget-line"
      title="The server's budget of live calls to this lookup's provider: demo and cached answers are free."
    >
      {budget.lookup && (
        <span className={budget.lookup.left === 0 ? 'status-bad' : undefined}>Budget: {describeBudget(budget.lookup)}</span>
      )}
      {budget.lookup && budget.user && ' · '}
      {budget.user && <span className={budget.user.left === 0 ? 'status-bad' : undefined}>Your budget: {describeBudget(budget.user)}</span>}
    </p>
  );
}
