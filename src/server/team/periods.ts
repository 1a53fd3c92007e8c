// Budget periods are calendar periods in UTC: a day runs from 00:00 UTC to the next 00:00 UTC, a
// month from the 1st 00:00 UTC to the next month's 1st. Every server instance, whatever its time
// zone, counts into the same period and resets at the same instant.

export const BUDGET_PERIODS = ['day', 'month'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

export interface PeriodSpan {
  /** Epoch ms the period began. */
  start: number;
  /** Epoch ms the next period begins: when the budget resets. */
  end: number;
  /** Names the period in store keys: `2025-03-14` or `2025-03`. */
  label: string;
}

const DAY_MS = 86_400_000;

/** The calendar period (UTC) that `nowMs` falls in. */
export function periodAt(period: BudgetPeriod, nowMs: number): PeriodSpan {
  const now = new Date(nowMs);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  if (period === 'day') {
    const start = Date.UTC(year, month, now.getUTCDate());
    return { start, end: start + DAY_MS, label: new Date(start).toISOString().slice(0, 10) };
  }
  const start = Date.UTC(year, month, 1);
  return { start, end: Date.UTC(year, month + 1, 1), label: new Date(start).toISOString().slice(0, 7) };
}

/** Whole seconds until `atMs`, at least 1: a Retry-After value. */
export function secondsUntil(atMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((atMs - nowMs) / 1000));
}
