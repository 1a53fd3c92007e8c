// Today's answers per lookup, counted by who served them: the pure part of the usage counters (no
// storage, no clock of its own). A ledger holds one UTC day; an answer on a later day starts a
// fresh one, so the counters reset at UTC midnight.
import type { LookupResponse } from '../../api/lookup-response.ts';

/** Who served an answer, as the usage line counts it. */
export type CountedSource = 'live' | 'demo' | 'cache';

export type SourceCounts = Readonly<Record<CountedSource, number>>;

export interface UsageLedger {
  /** The UTC day the counts are for, `YYYY-MM-DD`. */
  day: string;
  /** Per lookup id; a lookup with no answer today is absent. */
  lookups: Readonly<Record<string, SourceCounts>>;
}

export const NO_ANSWERS: SourceCounts = Object.freeze({ live: 0, demo: 0, cache: 0 });

/** The proxy's cache (when it has one) marks an answer it served itself: `x-lookup-cache: hit`. */
const CACHE_HEADER = 'x-lookup-cache';

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** Milliseconds from `epochMs` to the next UTC midnight (always > 0). */
export function msUntilNextUtcDay(epochMs: number): number {
  const date = new Date(epochMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1) - epochMs;
}

/**
 * Who served an answer: a cache hit wins over the source header (a cached live answer cost
 * nothing); an answer that does not say (a proxy refusal, an older server) is not counted.
 */
export function countedSource(response: Pick<LookupResponse, 'source' | 'headers'>): CountedSource | undefined {
  const cacheHit = response.headers.some(([name, value]) => name.toLowerCase() === CACHE_HEADER && value.trim().toLowerCase() === 'hit');
  const source: string = response.source;
  if (cacheHit || source === 'cache') return 'cache';
  return source === 'live' || source === 'demo' ? source : undefined;
}

/** The ledger with one more answer of `lookupId` from `source`, on the day of `now`. */
export function addAnswer(ledger: UsageLedger | undefined, lookupId: string, source: CountedSource, now: number): UsageLedger {
  const day = utcDay(now);
  const lookups = ledger?.day === day ? ledger.lookups : {};
  const counts = lookups[lookupId] ?? NO_ANSWERS;
  return { day, lookups: { ...lookups, [lookupId]: { ...counts, [source]: counts[source] + 1 } } };
}

/** A lookup's counts on the day of `now`: zero when the ledger is of another day. */
export function countsOn(ledger: UsageLedger | undefined, lookupId: string, now: number): SourceCounts {
  if (!ledger || ledger.day !== utcDay(now)) return NO_ANSWERS;
  return ledger.lookups[lookupId] ?? NO_ANSWERS;
}

/** What live calls to a per-call-priced lookup cost, in dollars, free of binary rounding (3 × 0.006 is 0.018). */
export function liveCost(counts: SourceCounts, pricePerCall: number): number {
  return Math.round(counts.live * pricePerCall * 1e6) / 1e6;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Reads a stored ledger back; anything malformed (edited by hand, an older shape) reads as none. */
export function parseLedger(text: string | null): UsageLedger | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { day, lookups } = value as { day?: unknown; lookups?: unknown };
  if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day) || typeof lookups !== 'object' || lookups === null) return undefined;
  const kept: Record<string, SourceCounts> = {};
  for (const [id, counts] of Object.entries(lookups)) {
    const { live, demo, cache } = (counts ?? {}) as Record<string, unknown>;
    if (isCount(live) && isCount(demo) && isCount(cache)) kept[id] = { live, demo, cache };
  }
  return { day, lookups: kept };
}
