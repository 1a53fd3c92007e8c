import { afterEach, describe, expect, it, vi } from 'vitest';
import { currencyTimeseries, daysBetween, timeseriesResponse } from './i-currency-timeseries.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { buildRequest, requestTarget } from './request.ts';
import { paramMeta } from './param.ts';
import { timeseriesErrorSample, timeseriesSample } from './testing/samples/i-currency-timeseries.sample.ts';

// Transcribed from the spec's table "I. Time-series response".
const spec: SpecField[] = [
  ['success', 'boolean'],
  ['timeseries', 'boolean'],
  ['start_date', 'string'],
  ['end_date', 'string'],
  ['base', 'string'],
  ['rates', 'object'],
];

const operation = currencyTimeseries.operations[0];
const issues = (values: Record<string, string>) =>
  Object.fromEntries((operation.params.safeParse(values).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('I currency time series', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(timeseriesResponse, spec)).toEqual([]);
  });

  it('parses the sample body, keeping unknown fields', () => {
    expect(timeseriesResponse.parse({ ...timeseriesSample, source: 'ecb' })).toMatchObject({ base: 'EUR', source: 'ecb' });
  });

  it('reports a wrong type at its path, down to one rate', () => {
    const result = timeseriesResponse.safeParse({ ...timeseriesSample, rates: { '2024-01-01': { USD: '1.1' } } });
    expect(result.error?.issues[0]?.path).toEqual(['rates', '2024-01-01', 'USD']);
    expect(timeseriesResponse.safeParse({ ...timeseriesSample, timeseries: 'yes' }).error?.issues[0]?.path).toEqual(['timeseries']);
  });

  it('builds the request with every parameter in the query, symbols joined by commas', () => {
    const params = operation.params.parse({ start_date: '2024-01-01', end_date: '2024-01-31', base: 'USD', symbols: 'EUR, GBP' });
    expect(params.symbols).toEqual(['EUR', 'GBP']);
    expect(requestTarget(buildRequest(operation, params))).toBe(
      '/api/timeseries?start_date=2024-01-01&end_date=2024-01-31&base=USD&symbols=EUR%2CGBP',
    );
  });

  it('refuses bad parameters with messages per field', () => {
    expect(issues({ start_date: '1998-12-31', end_date: '2024-02-30', base: 'usd', symbols: 'USD,pounds' })).toEqual({
      start_date: 'must be on or after 1999-01-01',
      end_date: 'is not a real calendar date',
      base: 'must be a three-letter currency code in capitals, like EUR',
      symbols: 'must list three-letter currency codes in capitals: pounds',
    });
    expect(issues({})).toEqual({ start_date: 'is required', end_date: 'is required' });
  });

  it('requires end_date not before start_date and a frame of at most 365 days', () => {
    expect(issues({ start_date: '2024-02-01', end_date: '2024-01-31' })).toEqual({ end_date: 'is before start_date' });
    expect(issues({ start_date: '2023-01-01', end_date: '2024-01-02' })).toEqual({ end_date: 'must be at most 365 days after start_date' });
    expect(issues({ start_date: '2023-01-01', end_date: '2024-01-01' })).toEqual({});
    expect(issues({ start_date: '2024-01-01', end_date: '2024-01-01' })).toEqual({});
  });

  describe('future dates', () => {
    afterEach(() => vi.useRealTimers());

    it('are refused at the field, naming today, for the form and the proxy alike (one schema)', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-25T23:30:00Z'));
      expect(issues({ start_date: '2030-01-01', end_date: '2030-02-01' })).toEqual({
        start_date: 'must not be in the future (today is 2026-11-25, UTC)',
        end_date: 'must not be in the future (today is 2026-11-25, UTC)',
      });
      expect(issues({ start_date: '2026-11-01', end_date: '2026-11-26' })).toEqual({
        end_date: 'must not be in the future (today is 2026-11-25, UTC)',
      });
      expect(issues({ start_date: '2026-11-01', end_date: '2026-11-25' })).toEqual({});
      // The calendar moves on without a restart: the schema reads today at each parse.
      vi.setSystemTime(new Date('2026-11-26T00:30:00Z'));
      expect(issues({ start_date: '2026-11-01', end_date: '2026-11-26' })).toEqual({});
    });

    it('are marked in the hints the form reads, so the date control can stop at today', () => {
      for (const field of [operation.params.shape.start_date, operation.params.shape.end_date])
        expect(paramMeta(field)).toMatchObject({ widget: 'date', minDate: '1999-01-01', notAfterToday: true });
    });
  });

  it('counts days across a leap day', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
  });

  it('reads the success marker and the error info', () => {
    const { success } = operation.adapters;
    expect(success(timeseriesSample)).toEqual({ ok: true });
    expect(success(timeseriesErrorSample)).toEqual({ ok: false, message: 'You have provided one or more invalid currency codes: XYZ.' });
    expect(success('oops')).toEqual({ ok: false, message: 'The provider reported a failure' });
  });

  it('makes one record per date, in order, with the rates flattened', () => {
    const { records, label } = operation.adapters;
    const reversed = { ...timeseriesSample, rates: Object.fromEntries(Object.entries(timeseriesSample.rates).reverse()) };
    const rows = records(reversed)!;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({ date: '2024-01-01', USD: 1.1039, GBP: 0.86665, JPY: 155.73 });
    expect(label(rows[2])).toBe('2024-01-03');
    expect(records(timeseriesErrorSample)).toBeUndefined();
  });
});
