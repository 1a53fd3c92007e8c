// The usage counters of this browser, kept in localStorage so they survive a reload and are shared
// by the tabs of one browser. start-usage-counting.ts feeds it every answer the fetcher announces,
// whether or not the history records it ("do not record" keeps answers out of the history, not
// out of the bill).
import type { AnswerEvent } from '../../api/answer-events.ts';
import { addAnswer, countedSource, msUntilNextUtcDay, parseLedger, type UsageLedger } from './usage-ledger.ts';

export const USAGE_STORAGE_KEY = 'lx-usage';

const listeners = new Set<() => void>();

function readText(): string | null {
  try {
    return window.localStorage.getItem(USAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored ledger (the day it is for may be over: read counts through `countsOn`). */
export function readLedger(): UsageLedger | undefined {
  return parseLedger(readText());
}

/** Counts one answer of `lookupId`: re-read first, so another tab's counts are kept. */
export function recordUsage(lookupId: string, source: Parameters<typeof addAnswer>[2], now = Date.now()): void {
  const next = addAnswer(readLedger(), lookupId, source, now);
  try {
    window.localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the answer goes uncounted rather than break the page.
  }
  for (const listener of listeners) listener();
}

/**
 * Counts one answer the fetcher announced. Transport failures (no answer) and answers that do not
 * say who served them are not counted.
 */
export function countAnswer({ lookupId, response, sentAt }: Pick<AnswerEvent, 'lookupId' | 'response' | 'sentAt'>): void {
  const source = response && countedSource(response);
  if (source) recordUsage(lookupId, source, sentAt);
}

/**
 * Calls `listener` when the counts may have changed: an answer counted here or in another tab,
 * and the next UTC midnight (when today's counts fall back to zero).
 */
export function onUsageChange(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === USAGE_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  let timer: ReturnType<typeof setTimeout>;
  const atMidnight = () => {
    timer = setTimeout(() => {
      listener();
      atMidnight();
    }, msUntilNextUtcDay(Date.now()) + 50);
  };
  atMidnight();
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
    clearTimeout(timer);
  };
}
