// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { currencyTimeseries } from '../../lookups/i-currency-timeseries.ts';
import { buildRequest } from '../../lookups/request.ts';
import { parseParams } from '../proxy-route.ts';
import { answerVariant, cacheKey, decodeEntry, encodeEntry, isCacheable, paramsHash, wantsFresh } from './answer-cache.ts';

const operation = currencyTimeseries.operations[0];
const JSON_TYPE = 'application/json; charset=utf-8';

function normalised(query: string) {
  const parsed = parseParams(operation, {}, query, undefined);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.request;
}

describe('the cache key', () => {
  it('is made from the normalised parameters: order and spelling the proxy rebuilds do not matter', () => {
    const one = normalised('start_date=2024-01-01&end_date=2024-03-31&base=EUR&symbols=USD,GBP');
    const two = normalised('symbols=USD%2CGBP&base=EUR&end_date=2024-03-31&start_date=2024-01-01&unknown=ignored');
    expect(paramsHash(one)).toBe(paramsHash(two));
    expect(paramsHash(one)).toBe(
      paramsHash(buildRequest(operation, { start_date: '2024-01-01', end_date: '2024-03-31', base: 'EUR', symbols: ['USD', 'GBP'] })),
    );
    expect(paramsHash(normalised('start_date=2024-01-01&end_date=2024-03-31&base=USD'))).not.toBe(paramsHash(one));
  });

  it('names lookup, operation and provider, and holds no parameter value', () => {
    const key = cacheKey(
      currencyTimeseries,
      operation,
      'origin1',
      paramsHash(normalised('start_date=2024-01-01&end_date=2024-03-31&base=EUR')),
      answerVariant({}),
    );
    expect(key).toMatch(new RegExp(`^cache:${currencyTimeseries.id}:${operation.id}:origin1:[0-9a-f]{64}:m:-$`));
    expect(key).not.toContain('EUR');
  });
});

describe('what is cached', () => {
  it('keeps a 2xx JSON body whose success marker says success', () => {
    expect(isCacheable(operation, 200, JSON_TYPE, Buffer.from('{"success":true,"rates":{}}'))).toBe(true);
  });

  it('never keeps a failure: the body says so, an error status, an error envelope, not JSON', () => {
    expect(isCacheable(operation, 200, JSON_TYPE, Buffer.from('{"success":false,"error":{"code":104,"info":"quota"}}'))).toBe(false);
    expect(isCacheable(operation, 500, JSON_TYPE, Buffer.from('{"success":true}'))).toBe(false);
    expect(isCacheable(operation, 302, JSON_TYPE, Buffer.from('{"success":true}'))).toBe(false);
    expect(isCacheable(operation, 200, JSON_TYPE, Buffer.from('{"error":{"code":"x","message":"y","origin":"upstream"}}'))).toBe(false);
    expect(isCacheable(operation, 200, JSON_TYPE, Buffer.from('{"success":tru'))).toBe(false);
    expect(isCacheable(operation, 200, 'text/plain; charset=utf-8', Buffer.from('{"success":true}'))).toBe(false);
  });
});

describe('entries and requests', () => {
  it('the variant names the masking asked for and each header that changes the answer', () => {
    expect(answerVariant({})).toBe('m:-');
    expect(answerVariant({ 'x-lookup-mask': ' OFF ' })).toMatch(/^u:-$/);
    const french = answerVariant({ 'accept-language': 'fr-FR' });
    expect(french).toMatch(/^m:[0-9a-f]{16}$/);
    expect(answerVariant({ 'accept-language': 'FR-fr ' })).toBe(french);
    expect(answerVariant({ 'accept-language': 'de-DE' })).not.toBe(french);
    expect(french).not.toContain('fr');
  });

  it('an entry keeps whether its body was masked', () => {
    const entry = { status: 200, contentType: JSON_TYPE, storedAt: 1_700_000_000_000, masked: 'true', body: Buffer.from('{}') };
    expect(decodeEntry(encodeEntry(entry))).toEqual(entry);
  });

  it('an entry holds status, type, time and the exact bytes', () => {
    const body = Buffer.from('{"é":1}');
    const entry = { status: 203, contentType: JSON_TYPE, storedAt: 1_700_000_000_000, body };
    const decoded = decodeEntry(encodeEntry(entry));
    expect(decoded).toEqual(entry);
    expect(decodeEntry(Buffer.from('junk'))).toBeUndefined();
  });

  it('Cache-Control: no-cache (or no-store, max-age=0) asks for a fresh answer', () => {
    expect(wantsFresh('no-cache')).toBe(true);
    expect(wantsFresh('max-age=0, no-store')).toBe(true);
    expect(wantsFresh('max-age=0')).toBe(true);
    expect(wantsFresh('max-age=60')).toBe(false);
    expect(wantsFresh(undefined)).toBe(false);
  });
});
