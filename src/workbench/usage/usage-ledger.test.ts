import { describe, expect, it } from 'vitest';
import { addAnswer, countedSource, countsOn, liveCost, msUntilNextUtcDay, NO_ANSWERS, parseLedger, utcDay } from './usage-ledger.ts';

const NOON = Date.parse('2026-11-23T12:00:00Z');
const BEFORE_MIDNIGHT = Date.parse('2026-11-23T23:59:59.999Z');
const AFTER_MIDNIGHT = Date.parse('2026-11-24T00:00:00Z');

const answer = (source: string, headers: Array<[string, string]> = []) => ({ source: source as 'live', headers });

describe('the usage ledger', () => {
  it('names the UTC day, whatever the local time zone', () => {
    expect(utcDay(BEFORE_MIDNIGHT)).toBe('2026-11-23');
    expect(utcDay(AFTER_MIDNIGHT)).toBe('2026-11-24');
    expect(msUntilNextUtcDay(BEFORE_MIDNIGHT)).toBe(1);
    expect(msUntilNextUtcDay(AFTER_MIDNIGHT)).toBe(24 * 3600 * 1000);
  });

  it('counts answers per lookup and source', () => {
    let ledger = addAnswer(undefined, 'R', 'live', NOON);
    ledger = addAnswer(ledger, 'R', 'live', NOON);
    ledger = addAnswer(ledger, 'R', 'demo', NOON);
    ledger = addAnswer(ledger, 'A', 'cache', NOON);
    expect(countsOn(ledger, 'R', NOON)).toEqual({ live: 2, demo: 1, cache: 0 });
    expect(countsOn(ledger, 'A', NOON)).toEqual({ live: 0, demo: 0, cache: 1 });
    expect(countsOn(ledger, 'B', NOON)).toEqual(NO_ANSWERS);
  });

  it('starts from zero on the next UTC day', () => {
    const yesterday = addAnswer(addAnswer(undefined, 'R', 'live', NOON), 'A', 'demo', BEFORE_MIDNIGHT);
    expect(countsOn(yesterday, 'R', AFTER_MIDNIGHT)).toEqual(NO_ANSWERS);
    const today = addAnswer(yesterday, 'R', 'demo', AFTER_MIDNIGHT);
    expect(today).toEqual({ day: '2026-11-24', lookups: { R: { live: 0, demo: 1, cache: 0 } } });
  });

  it('counts a cache hit as cache, whoever first answered, and leaves unknown sources out', () => {
    expect(countedSource(answer('live'))).toBe('live');
    expect(countedSource(answer('demo'))).toBe('demo');
    expect(countedSource(answer('live', [['X-Lookup-Cache', 'HIT']]))).toBe('cache');
    expect(countedSource(answer('demo', [['x-lookup-cache', 'miss']]))).toBe('demo');
    expect(countedSource(answer('cache'))).toBe('cache');
    expect(countedSource(answer('unknown'))).toBeUndefined();
  });

  it('prices live calls without binary rounding', () => {
    expect(liveCost({ live: 3, demo: 5, cache: 2 }, 0.006)).toBe(0.018);
    expect(liveCost(NO_ANSWERS, 0.006)).toBe(0);
  });

  it('reads back what it stored and refuses anything malformed', () => {
    const ledger = addAnswer(undefined, 'L', 'demo', NOON);
    expect(parseLedger(JSON.stringify(ledger))).toEqual(ledger);
    expect(parseLedger(null)).toBeUndefined();
    expect(parseLedger('{not json')).toBeUndefined();
    expect(parseLedger('{"day":"yesterday","lookups":{}}')).toBeUndefined();
    expect(parseLedger('{"day":"2026-11-23","lookups":{"L":{"live":-1,"demo":0,"cache":0},"M":{"live":1,"demo":2,"cache":3}}}')).toEqual({
      day: '2026-11-23',
      lookups: { M: { live: 1, demo: 2, cache: 3 } },
    });
  });
});
