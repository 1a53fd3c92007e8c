import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyLookup, AnyOperation, LookupId } from './define-lookup.ts';
import { interpretAnswer, providerErrorMessage, typedBody } from './answer.ts';
import { readPath } from './adapters.ts';
import { MASKED_VALUE } from './masking.ts';
import { allLookups, lookups } from './registry.ts';
import { samplesOf } from './testing/lookup-samples.ts';
import { movieResponse } from './a-movie.ts';
import { movieSample } from './testing/samples/a-movie.sample.ts';
import { carsSample } from './testing/samples/f-cars.sample.ts';
import { sexOffendersSample } from './testing/samples/h-sex-offenders.sample.ts';
import { timeseriesErrorSample } from './testing/samples/i-currency-timeseries.sample.ts';
import { crimeIncidentsSample } from './testing/samples/l-crime-incidents.sample.ts';

/** A failure body in the provider's convention of each lookup that has an `errorMessage` adapter, and the words it must find. */
const FAILURES = {
  A: [
    { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' },
    'The resource you requested could not be found.',
  ],
  B: [{ error: 'Bad Request', error_description: 'prox must be lat,lon,radius' }, 'prox must be lat,lon,radius'],
  C: [{ message: 'Unknown CoC number' }, 'Unknown CoC number'],
  D: [{ status: { code: 1, msg: 'SuccessWithoutResult' }, property: [] }, 'SuccessWithoutResult'],
  E: [{ detail: 'Not found.' }, 'Not found.'],
  F: [{ error: 'limit must be between 1 and 50.' }, 'limit must be between 1 and 50.'],
  G: [{ status: { code: 1, msg: 'SuccessWithoutResult' }, property: [] }, 'SuccessWithoutResult'],
  H: [{ message: 'zipcode or name is required' }, 'zipcode or name is required'],
  I: [timeseriesErrorSample, timeseriesErrorSample.error.info],
  J: [{ error: { code: 404, message: 'No web data for the domain x.test' } }, 'No web data for the domain x.test'],
  K: [{ success: false, error: 'No Record Found' }, 'No Record Found'],
  L: [{ message: 'Invalid parameters' }, 'Invalid parameters'],
  M: [{ message: 'The search is too large' }, 'The search is too large'],
  N: [
    { status: { code: 404, message: 'No instrument matches the given identifiers' }, results: [] },
    'No instrument matches the given identifiers',
  ],
  O: [{ message: 'Unknown industry' }, 'Unknown industry'],
  P: [{ error: { code: 404, message: "Network 'x' is not supported" } }, "Network 'x' is not supported"],
  Q: [{ success: false, error: { code: 'no_record_found', text: 'No Record Found' } }, 'No Record Found'],
  R: [
    { error: { status: 404, code: 'profile_not_found', message: 'No personal profile with id x was found.' } },
    'No personal profile with id x was found.',
  ],
  S: [
    {
      apiVersion: '2023-04-25',
      requestId: 'r',
      context: 'c',
      error: { code: 'resource_not_found', message: 'Transaction t was not found.' },
    },
    'Transaction t was not found.',
  ],
  T: [{ message: 'q is required' }, 'q is required'],
} satisfies Partial<Record<LookupId, [unknown, string]>>;

const operations = allLookups.flatMap((lookup) =>
  lookup.operations.map((operation) => ({ lookup, operation, name: `${lookup.id} ${operation.id}` })),
);

const interpret = (lookup: AnyLookup, operation: AnyOperation, body: unknown, mask = false) =>
  interpretAnswer(lookup, operation, {}, { body }, { mask });

afterEach(() => vi.restoreAllMocks());

describe('interpretAnswer over the registry', () => {
  it.each(operations)('$name: every sample is a conforming, successful answer with records', ({ lookup, operation }) => {
    const samples = samplesOf(lookup, operation);
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) {
      const answer = interpret(lookup, operation, sample);
      expect(answer.body).toBe(sample);
      expect(answer.masked).toBe(false);
      expect(answer.drift).toEqual([]);
      expect(answer.typed).toEqual({ conforms: true, body: sample });
      expect(answer.verdict?.ok ?? true).toBe(true);
      expect(answer.errorMessage).toBeUndefined();
      expect(answer.records.length).toBeGreaterThan(0);
      if (operation.adapters?.paging) expect(answer.paging?.summary).toEqual(expect.any(String));
      else expect(answer.paging).toBeUndefined();
    }
  });

  it.each(operations)(
    '$name: the response schema has no transforms, so the body as received is its typed output',
    ({ lookup, operation }) => {
      for (const sample of samplesOf(lookup, operation)) expect(operation.response.parse(sample)).toEqual(sample);
    },
  );

  it.each(operations)(
    '$name: a masked sample reports no drift, keeps its records, and conforms but for masked numbers',
    ({ lookup, operation }) => {
      for (const sample of samplesOf(lookup, operation)) {
        const before = JSON.stringify(sample);
        const answer = interpret(lookup, operation, sample, true);
        expect(answer.masked).toBe(lookup.personalData.length > 0);
        expect(answer.drift).toEqual([]);
        // Only a masked number ("masked" where the schema wants a number) departs from the schema.
        const issues = operation.response.safeParse(answer.body).error?.issues ?? [];
        for (const issue of issues) expect(readPath(answer.body, issue.path.join('.')), issue.path.join('.')).toBe(MASKED_VALUE);
        expect(answer.typed.conforms).toBe(issues.length === 0);
        expect(answer.records).toHaveLength(interpret(lookup, operation, sample).records.length);
        expect(JSON.stringify(sample)).toBe(before);
      }
    },
  );

  it.each(Object.entries(FAILURES))('%s: its errorMessage adapter reads its own convention', (id, [body, words]) => {
    for (const operation of lookups[id as LookupId].operations) {
      expect(operation.adapters?.errorMessage?.(body)).toBe(words);
      expect(providerErrorMessage(operation, body)).toBe(words);
    }
  });
});

describe('interpretAnswer', () => {
  const movie = lookups.A;
  const details = movie.operations[0];

  it('reports drift as paths and messages, still shows the body as received, and types what is right', () => {
    const drifted = { ...movieSample, runtime: 'long', genres: [movieSample.genres[0], { id: 'x', name: 'Odd' }] };
    const answer = interpret(movie, details, drifted);
    expect(answer.body).toBe(drifted);
    expect(answer.records).toEqual([drifted]);
    expect(answer.drift).toEqual([
      { path: 'genres.1.id', message: expect.stringMatching(/expected number/) },
      { path: 'runtime', message: expect.stringMatching(/expected number/) },
    ]);
    const typed = typedBody(answer, movieResponse)!;
    expect(typed.conforms).toBe(false);
    expect(typed.body).not.toHaveProperty('runtime');
    expect(typed.body?.title).toBe(movieSample.title);
    expect(typed.body?.genres).toEqual([movieSample.genres[0], { name: 'Odd' }]);
    // The body as received is never changed by salvaging.
    expect(drifted.runtime).toBe('long');
  });

  it('keeps array indices when a whole element drifted, and salvages nothing from a body of the wrong kind', () => {
    const cars = lookups.F.operations[0];
    const answer = interpret(lookups.F, cars, [carsSample[0], 'not a car', carsSample[0]]);
    expect(answer.drift.map((issue) => issue.path)).toEqual(['1']);
    expect(answer.typed.body).toEqual([carsSample[0], undefined, carsSample[0]]);
    expect(answer.records).toHaveLength(3);

    const wrong = interpret(movie, details, 'just text');
    expect(wrong.drift).toEqual([{ path: '', message: expect.any(String) }]);
    expect(wrong.typed).toEqual({ conforms: false, body: undefined });
  });

  it('validates lazily, once per body as received, however often it is read or re-interpreted', () => {
    const safeParse = vi.spyOn(details.response, 'safeParse');
    const body = structuredClone(movieSample);
    const answer = interpret(movie, details, body);
    expect(safeParse).not.toHaveBeenCalled();
    void answer.drift;
    void answer.drift;
    void answer.typed;
    void interpret(movie, details, body, true).drift;
    expect(safeParse).toHaveBeenCalledTimes(1);
  });

  it('typedBody answers only for the schema the answer was read against', () => {
    const answer = interpret(movie, details, movieSample);
    expect(typedBody(answer, movieResponse)?.body?.title).toBe('Fight Club');
    expect(typedBody(answer, lookups.I.operations[0].response)).toBeUndefined();
  });

  it('reads the verdict and the provider’s words of a failure body', () => {
    const rates = lookups.I;
    const answer = interpret(rates, rates.operations[0], timeseriesErrorSample);
    expect(answer.verdict).toEqual({ ok: false, message: timeseriesErrorSample.error.info });
    expect(answer.errorMessage).toBe(timeseriesErrorSample.error.info);
    expect(answer.records).toEqual([]);
    expect(answer.drift.length).toBeGreaterThan(0);

    const property = interpret(lookups.D, lookups.D.operations[0], FAILURES.D[0]);
    expect(property.verdict).toEqual({ ok: false, message: 'SuccessWithoutResult' });
    expect(property.errorMessage).toBe('SuccessWithoutResult');
  });

  it('takes the proxy’s envelope for what it says, whatever the lookup', () => {
    const envelope = { error: { code: 'invalid_parameter', message: 'page must be at least 1', origin: 'proxy' } };
    expect(providerErrorMessage(details, envelope)).toBe('page must be at least 1');
    expect(interpret(movie, details, envelope).errorMessage).toBe('page must be at least 1');
  });

  it('falls back to the generic reading only when the lookup’s convention finds nothing', () => {
    expect(providerErrorMessage(details, { status_message: 'own words', message: 'generic words' })).toBe('own words');
    expect(providerErrorMessage(details, { message: 'generic words' })).toBe('generic words');
    expect(providerErrorMessage(details, { errors: ['first'] })).toBe('first');
    expect(providerErrorMessage(details, { nothing: 1 })).toBeUndefined();
  });

  it('survives adapters that throw on an unexpected body', () => {
    const boom = () => {
      throw new Error('unexpected body');
    };
    const operation: AnyOperation = {
      ...details,
      adapters: { success: boom, records: boom, paging: boom, errorMessage: boom },
    };
    const answer = interpret(movie, operation, { message: 'odd' });
    expect(answer).toMatchObject({ records: [], verdict: undefined, paging: undefined, errorMessage: undefined });
    expect(providerErrorMessage(operation, { message: 'odd' })).toBe('odd');
  });

  it('without a records adapter, an array is the records and an object is one record', () => {
    const operation: AnyOperation = { ...details, adapters: {} };
    expect(interpret(movie, operation, [1, 2]).records).toEqual([1, 2]);
    expect(interpret(movie, operation, { a: 1 }).records).toEqual([{ a: 1 }]);
    expect(interpret(movie, operation, 'text').records).toEqual([]);
  });

  it('has nothing to read from a body that could not be parsed', () => {
    const answer = interpretAnswer(movie, details, {}, { body: undefined, parseError: 'Not valid JSON' }, { mask: true });
    expect(answer).toMatchObject({
      body: undefined,
      masked: false,
      parseError: 'Not valid JSON',
      records: [],
      verdict: undefined,
      paging: undefined,
      errorMessage: undefined,
    });
    expect(answer.drift).toEqual([]);
    expect(answer.typed).toEqual({ conforms: false, body: undefined });
  });

  it('masks personal data in the body and the records, never in the body as received, and checks the received body', () => {
    const offenders = lookups.H;
    const operation = offenders.operations[0];
    const name = sexOffendersSample.sex_offenders[0]!.sex_offender_name;
    const answer = interpret(offenders, operation, sexOffendersSample, true);
    expect(answer.masked).toBe(true);
    expect(JSON.stringify(answer.body)).not.toContain(name);
    expect(JSON.stringify(answer.records)).not.toContain(name);
    expect(JSON.stringify(answer.typed.body)).not.toContain(name);
    expect(JSON.stringify(sexOffendersSample)).toContain(name);
    expect(answer.drift).toEqual([]);
  });

  it('reads a masked age as "masked" in the records and as absent in the typed body, never as a number', () => {
    const offenders = lookups.H;
    const answer = interpret(offenders, offenders.operations[0], sexOffendersSample, true);
    expect((answer.records[0] as Record<string, unknown>).sex_offender_age).toBe(MASKED_VALUE);
    expect(answer.typed.conforms).toBe(false);
    const typed = answer.typed.body as { sex_offenders: Array<Record<string, unknown>> };
    expect(typed.sex_offenders[0]).not.toHaveProperty('sex_offender_age');
    expect(typed.sex_offenders[0]?.sex_offender_name).toBe('Person 1 (this answer)');
  });

  it('trusts the proxy: a body it says it masked is not masked again, and the answer says masked whatever was asked', () => {
    const offenders = lookups.H;
    const operation = offenders.operations[0];
    const fromProxy = interpret(offenders, operation, sexOffendersSample, true);
    const maskedHeaders = [['x-lookup-masked', 'true']] as const;
    const received = { body: fromProxy.body, headers: maskedHeaders };
    const asked = interpretAnswer(offenders, operation, {}, received, { mask: true });
    expect(asked.body).toBe(fromProxy.body);
    expect(asked.masked).toBe(true);
    expect(asked.drift).toEqual([]);
    // The server forced masking (LOOKUP_MASK=always) although the browser asked for unmasked data.
    const forced = interpretAnswer(offenders, operation, {}, received, { mask: false });
    expect(forced.masked).toBe(true);
    expect(forced.drift).toEqual([]);
  });

  it('reports an answer the proxy sent unmasked as unmasked, and still masks it when masking is asked for', () => {
    const offenders = lookups.H;
    const operation = offenders.operations[0];
    const unmasked = { body: sexOffendersSample, headers: [['X-Lookup-Masked', 'false']] as const };
    expect(interpretAnswer(offenders, operation, {}, unmasked, { mask: false })).toMatchObject({ masked: false, body: sexOffendersSample });
    const stale = interpretAnswer(offenders, operation, {}, unmasked, { mask: true });
    expect(stale.masked).toBe(true);
    expect(JSON.stringify(stale.body)).not.toContain(sexOffendersSample.sex_offenders[0]!.sex_offender_name);
  });

  it('computes paging from the params that were sent', () => {
    const calls = lookups.L;
    const answer = interpretAnswer(calls, calls.operations[0], { page: 2 }, { body: crimeIncidentsSample }, { mask: false });
    expect(answer.paging).toBeDefined();
  });
});

// Type-level: a view's typed body is the schema's output (a wrong field type would not compile).
const typedTitle: string | undefined = typedBody(interpret(lookups.A, lookups.A.operations[0], movieSample), movieResponse)?.body?.title;
void typedTitle;
