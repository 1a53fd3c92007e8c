import { describe, expect, it } from 'vitest';
import { LookupHttpError, LookupTransportError } from '../api/lookup-response.ts';
import { describeBodyFailure, describeError, describeMalformed, retryAfterSeconds } from './describe-error.ts';
import { makeResponse, peopleLookup, peopleOperation } from './testing/fixtures.ts';

const http = (status: number, body: unknown, extra: Parameters<typeof makeResponse>[1] = {}) =>
  describeError(new LookupHttpError(makeResponse(body, { status, statusText: '', ...extra })), peopleLookup, peopleOperation);

describe('describeError', () => {
  it('explains proxy refusals with their fields and no retry', () => {
    const report = http(
      400,
      { error: { code: 'invalid_parameter', message: 'Invalid parameters', origin: 'proxy', fields: { page: 'page must be at least 1' } } },
      { source: 'unknown' },
    );
    expect(report).toMatchObject({
      kind: 'refused',
      message: 'Invalid parameters',
      canRetry: false,
      fields: [['page', 'page must be at least 1']],
    });
    expect(http(405, { error: { code: 'method_not_allowed', message: 'Use GET', origin: 'proxy' } }, { source: 'unknown' }).kind).toBe(
      'refused',
    );
  });

  it('recognises the envelope by its schema and origin, not by its shape or a missing header', () => {
    // The same shape without an origin is a provider's own error body, not a refusal.
    expect(http(400, { error: { code: 'bad', message: 'Provider says no' } }, { source: 'unknown' })).toMatchObject({
      kind: 'client',
      message: 'Provider says no',
    });
    // An envelope the demo or an upstream produced is reported by status, in its words.
    expect(http(404, { error: { code: 'not_found', message: 'No such person', origin: 'demo' } })).toMatchObject({
      kind: 'not-found',
      message: 'No such person',
    });
    // A 400 whose words say nothing matched (a property API's unknown record) is a not-found too; other 400s are refusals.
    expect(http(400, { message: 'SuccessWithoutResult' })).toMatchObject({ kind: 'not-found', title: 'Nothing found (HTTP 400)' });
    expect(http(400, { message: 'Invalid Parameter Combination' })).toMatchObject({ kind: 'client' });
  });

  it('reads the provider’s words by the lookup’s own convention, generically only for bodies of unknown shape', () => {
    expect(http(400, { reason: 'city unknown', message: 'generic words' }).message).toBe('city unknown');
    expect(http(400, { message: 'generic words' }).message).toBe('generic words');
    expect(http(400, { errors: [{ message: 'first of many' }] }).message).toBe('first of many');
  });

  it('tells key problems, unknown ids and provider failures apart by status', () => {
    const key = http(401, { ok: false, reason: 'Invalid API key' });
    expect(key).toMatchObject({ kind: 'key', message: 'Invalid API key', canRetry: false });
    expect(key.hint).toContain('LOOKUP_M_KEY');
    expect(http(403, { message: 'Forbidden' }).kind).toBe('key');
    expect(http(404, { error: { code: 'not_found', message: 'No such person' } })).toMatchObject({
      kind: 'not-found',
      message: 'No such person',
    });
    expect(http(500, 'oops', { text: 'Internal error' })).toMatchObject({ kind: 'upstream', canRetry: true, message: 'Internal error' });
    expect(http(422, { detail: 'bad city' })).toMatchObject({ kind: 'client', message: 'bad city', canRetry: false });
  });

  it('reads Retry-After on 429 as seconds or a date', () => {
    const report = http(429, { message: 'Too many requests' }, { headers: [['Retry-After', '30']] });
    expect(report).toMatchObject({ kind: 'rate-limited', canRetry: true });
    expect(report.hint).toContain('30 s');
    const dated = makeResponse({}, { headers: [['retry-after', new Date(Date.UTC(2030, 0, 1, 0, 1)).toUTCString()]] });
    expect(retryAfterSeconds(dated, Date.UTC(2030, 0, 1))).toBe(60);
  });

  it('explains the gateway errors the proxy sends', () => {
    const source = 'unknown' as const;
    expect(
      http(502, { error: { code: 'upstream_unreachable', message: 'connect ECONNREFUSED', origin: 'proxy' } }, { source }),
    ).toMatchObject({ kind: 'gateway', title: 'The provider could not be reached', canRetry: true });
    expect(http(504, { error: { code: 'upstream_timeout', message: 'after 15000 ms', origin: 'proxy' } }, { source })).toMatchObject({
      title: 'The provider took too long to answer',
      canRetry: true,
    });
    const large = http(502, { error: { code: 'upstream_too_large', message: 'over 20 MiB', origin: 'upstream' } }, { source });
    expect(large).toMatchObject({ title: 'The answer was too large', canRetry: false });
    expect(large.hint).toContain('LOOKUP_MAX_BYTES');
  });

  it('describes network failure, timeout and cancellation as retryable', () => {
    for (const kind of ['network', 'timeout', 'cancelled'] as const) {
      const report = describeError(new LookupTransportError(kind, `${kind} happened`, '/proxy/z'), peopleLookup, peopleOperation);
      expect(report).toMatchObject({ kind, message: `${kind} happened`, canRetry: true });
    }
  });

  it('uses the body’s own words for HTTP-200 failures and names malformed bodies', () => {
    const failure = describeBodyFailure(makeResponse({ ok: false }), 'invalid_currency_codes');
    expect(failure).toMatchObject({ kind: 'body-failure', message: 'invalid_currency_codes', canRetry: false });
    expect(describeBodyFailure(makeResponse({ ok: false }), undefined).message).toMatch(/success marker says the request failed/);
    const malformed = describeMalformed(makeResponse(undefined, { text: '<html>', parseError: 'Unexpected token <' }));
    expect(malformed).toMatchObject({ kind: 'malformed', message: 'Unexpected token <' });
  });
});
