import { describe, expect, it } from 'vitest';
import { historyOutcome, matchesHistoryFilter } from './history-filter.ts';
import type { HistoryEntry } from './history-store.ts';
import { newEntry, personalLookup, plainLookup } from './history-testing.ts';

function entry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    ...newEntry(1, { lookup: plainLookup, params: { city: 'Portland', tags: ['red', 'blue'], radius: 25 } }).entry,
    id: 'e',
    bodyStored: true,
    ...overrides,
  };
}

describe('history search', () => {
  it('matches every word against the lookup, its title, the operation and the parameter values', () => {
    expect(matchesHistoryFilter(entry(), { text: 'portl' })).toBe(true);
    expect(matchesHistoryFilter(entry(), { text: 'PORTLAND blue 25' })).toBe(true);
    expect(matchesHistoryFilter(entry(), { text: plainLookup.title.split(' ')[0] })).toBe(true);
    expect(matchesHistoryFilter(entry(), { text: 'portland green' })).toBe(false);
    expect(matchesHistoryFilter(entry(), { text: '   ' })).toBe(true);
    expect(matchesHistoryFilter(entry(), undefined)).toBe(true);
  });

  it('finds entries by their outcome, as the Status column words it', () => {
    const notFound = entry({ status: 404 });
    const timedOut = entry({ status: undefined, failure: 'The request timed out after 30 s' });
    expect(matchesHistoryFilter(notFound, { text: '404' })).toBe(true);
    expect(matchesHistoryFilter(notFound, { text: 'failure portland' })).toBe(true);
    expect(matchesHistoryFilter(notFound, { text: 'failed' })).toBe(true);
    expect(matchesHistoryFilter(notFound, { text: 'ok' })).toBe(false);
    expect(matchesHistoryFilter(entry(), { text: 'ok portland' })).toBe(true);
    expect(matchesHistoryFilter(entry(), { text: 'failure' })).toBe(false);
    expect(matchesHistoryFilter(entry({ verdict: 'failed' }), { text: 'failed' })).toBe(true);
    expect(matchesHistoryFilter(timedOut, { text: 'timed out' })).toBe(true);
    expect(matchesHistoryFilter(timedOut, { text: '404' })).toBe(false);
  });

  it('filters by lookup', () => {
    expect(matchesHistoryFilter(entry(), { lookupId: plainLookup.id })).toBe(true);
    expect(matchesHistoryFilter(entry(), { lookupId: personalLookup.id })).toBe(false);
  });

  it('calls an entry failed when the HTTP status or the body says so', () => {
    expect(historyOutcome(entry())).toBe('ok');
    expect(historyOutcome(entry({ verdict: 'failed' }))).toBe('failed');
    expect(historyOutcome(entry({ status: 502 }))).toBe('failed');
    expect(historyOutcome(entry({ status: undefined, failure: 'timeout' }))).toBe('failed');
    expect(matchesHistoryFilter(entry({ status: 404 }), { status: 'failed' })).toBe(true);
    expect(matchesHistoryFilter(entry({ status: 404 }), { status: 'ok' })).toBe(false);
  });
});
