// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitAnswer, type AnswerEvent } from '../../api/answer-events.ts';
import type { LookupResponse } from '../../api/lookup-response.ts';
import { countsOn } from './usage-ledger.ts';
import { countAnswer, onUsageChange, readLedger, USAGE_STORAGE_KEY } from './usage-store.ts';
import { startUsageCounting } from './start-usage-counting.ts';

const NOON = Date.parse('2026-11-23T12:00:00Z');

function response(source: LookupResponse['source'], status = 200, headers: Array<[string, string]> = []): LookupResponse {
  return {
    url: '/proxy/r/x',
    method: 'GET',
    status,
    statusText: '',
    headers,
    source,
    timeMs: 1,
    sizeBytes: 2,
    contentType: 'application/json',
    text: '{}',
    body: {},
  };
}

function answer(lookupId: string, response: LookupResponse | undefined, sentAt = NOON): AnswerEvent {
  return {
    lookupId: lookupId as AnswerEvent['lookupId'],
    operationId: 'op',
    params: {},
    maskRequested: true,
    sentAt,
    response,
    ...(!response && { failure: { kind: 'network', message: 'down', url: '/proxy/r/x' } }),
  };
}

afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
});

describe('the usage store', () => {
  it('counts answers by source, HTTP errors included, and keeps them in localStorage', () => {
    countAnswer(answer('R', response('live')));
    countAnswer(answer('R', response('live', 404)));
    countAnswer(answer('R', response('demo')));
    countAnswer(answer('R', response('live', 200, [['x-lookup-cache', 'hit']])));
    countAnswer(answer('R', undefined));
    countAnswer(answer('R', response('unknown', 400)));
    expect(countsOn(readLedger(), 'R', NOON)).toEqual({ live: 2, demo: 1, cache: 1 });
    expect(JSON.parse(window.localStorage.getItem(USAGE_STORAGE_KEY)!)).toEqual({
      day: '2026-11-23',
      lookups: { R: { live: 2, demo: 1, cache: 1 } },
    });
  });

  it('counts every answer the fetcher announces while started, and none after', async () => {
    const stop = startUsageCounting();
    emitAnswer(answer('A', response('demo')));
    emitAnswer(answer('A', undefined));
    emitAnswer(answer('A', response('demo')));
    await waitFor(() => expect(countsOn(readLedger(), 'A', NOON)).toEqual({ live: 0, demo: 2, cache: 0 }));
    stop();
    emitAnswer(answer('A', response('demo')));
    // A counter started after that answer counts the next one: once it has, the stopped counter
    // would have counted the one before too (and this one twice).
    const stopNext = startUsageCounting();
    emitAnswer(answer('B', response('demo')));
    await waitFor(() => expect(countsOn(readLedger(), 'B', NOON).demo).toBeGreaterThan(0));
    stopNext();
    expect(countsOn(readLedger(), 'A', NOON).demo).toBe(2);
    expect(countsOn(readLedger(), 'B', NOON).demo).toBe(1);
  });

  it('keeps counts another tab stored, and tells listeners', () => {
    window.localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ day: '2026-11-23', lookups: { A: { live: 0, demo: 4, cache: 0 } } }));
    const listener = vi.fn();
    const stopListening = onUsageChange(listener);
    countAnswer(answer('A', response('demo')));
    stopListening();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(countsOn(readLedger(), 'A', NOON).demo).toBe(5);
  });

  it('tells listeners at the next UTC midnight', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-23T23:59:00Z') });
    const listener = vi.fn();
    const stop = onUsageChange(listener);
    vi.advanceTimersByTime(59_000);
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_100);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});
