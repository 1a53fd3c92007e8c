// What J's overview reads from the typed body, whether it conformed or was salvaged from drift.
import type { z } from 'zod';
import type { Salvaged } from '../lookups/answer.ts';
import type { digitalInsightsResponse } from '../lookups/j-digital-insights.ts';

type Insights = Salvaged<z.output<typeof digitalInsightsResponse>>;

export interface MonthlyVisits {
  /** The month as the body dates it (YYYY-MM-DD, the first of the month). */
  date: string;
  value: number;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Visits per month, oldest first: the `visits` records, else the same series as `graph.visits.data`
 * ([date, visits] pairs). A month that drifted (no date, no number) is left out.
 */
export function monthlyVisits(body: Insights): MonthlyVisits[] {
  const fromRecords = (body.visits ?? []).flatMap((entry) =>
    entry && typeof entry.date_value === 'string' && isCount(entry.value) ? [{ date: entry.date_value, value: entry.value }] : [],
  );
  const fromGraph = (body.graph?.visits?.data ?? []).flatMap((pair) =>
    pair && typeof pair[0] === 'string' && isCount(pair[1]) ? [{ date: pair[0], value: pair[1] }] : [],
  );
  const points = fromRecords.length > 0 ? fromRecords : fromGraph;
  return points.sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The bounce rate in percent. The spec gives a string holding a decimal number: a share such as
 * "0.4521" (45.21 %); a figure above 1 is taken as already being percent.
 */
export function bounceRatePercent(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) return undefined;
  return value <= 1 ? value * 100 : value;
}

/** Organic search, direct and referral shares of the traffic, in percent, as the body gives them. */
export function trafficSources(body: Insights): Array<{ name: string; percent: number }> {
  const sources = [
    { name: 'Organic search', percent: body.stat_organic_search_percent },
    { name: 'Direct', percent: body.stat_direct_percent },
    { name: 'Referral', percent: body.stat_referral_percent },
  ];
  return sources.filter((source): source is { name: string; percent: number } => isCount(source.percent));
}
