import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import { param } from './param.ts';
import { isRecord } from './adapters.ts';
import { firstTextAt } from './error-text.ts';

export const timeseriesResponse = z.looseObject({
  success: z.boolean(),
  timeseries: z.boolean(),
  start_date: z.string(),
  end_date: z.string(),
  base: z.string(),
  rates: z.record(z.string(), z.record(z.string(), z.number())),
});

export const HISTORY_START = '1999-01-01';
export const MAX_SPAN_DAYS = 365;
const CODE = /^[A-Z]{3}$/;
const DAY_MS = 86_400_000;

/** Whole days from one YYYY-MM-DD date to another. */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
}

const params = z
  .object({
    start_date: param.date({
      in: 'query',
      title: 'Start date',
      help: 'First day of the time frame.',
      required: true,
      min: HISTORY_START,
      notAfterToday: true,
      example: '2024-01-01',
    }),
    end_date: param.date({
      in: 'query',
      title: 'End date',
      help: `Last day of the time frame; at most ${MAX_SPAN_DAYS} days after the start date.`,
      required: true,
      min: HISTORY_START,
      notAfterToday: true,
      example: '2024-03-31',
    }),
    base: param.text({
      in: 'query',
      title: 'Base currency',
      help: 'Three-letter code of the currency the rates are expressed against.',
      pattern: CODE,
      patternMessage: 'must be a three-letter currency code in capitals, like EUR',
      example: 'USD',
      defaultHint: 'EUR',
    }),
    symbols: param.list({
      in: 'query',
      title: 'Currencies',
      help: 'Comma list of three-letter codes to return; all currencies when left out.',
      item: CODE,
      itemMessage: 'must list three-letter currency codes in capitals',
      suggestions: ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'CNY', 'SEK', 'NOK'],
      example: 'USD,GBP,JPY',
    }),
  })
  .superRefine((values, ctx) => {
    if (values.start_date === undefined || values.end_date === undefined) return;
    const span = daysBetween(values.start_date, values.end_date);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'is before start_date' });
    else if (span > MAX_SPAN_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: `must be at most ${MAX_SPAN_DAYS} days after start_date` });
  });

export const currencyTimeseries = defineLookup({
  id: 'I',
  title: 'Currency time series',
  keywords: ['exchange rate', 'exchange rates', 'currencies', 'forex', 'fx', 'money', 'conversion', 'euro', 'dollar', 'market data'],
  catalog: {
    subject: 'Historical currency rates over a date range, history starting in 1999',
    coverage: 'global',
    version: 'no version in the path',
    price: 'monthly from $14.99',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  personalData: [],
  operations: [
    defineOperation({
      id: 'timeseries',
      label: 'Time series',
      method: 'GET',
      path: '/api/timeseries',
      format: 'json',
      example: { start_date: '2024-01-01', end_date: '2024-03-31', base: 'EUR', symbols: 'USD,GBP,JPY' },
      params,
      response: timeseriesResponse,
      identity: 'date',
      adapters: {
        // Errors: {success:false, error:{code, type, info}}; info is the sentence, type the code word.
        errorMessage: (body) => firstTextAt(body, ['error.info', 'error.type']),
        // Errors arrive as HTTP 200 with success:false and error {code, type, info}.
        success: (body) => {
          if (isRecord(body) && body.success === true) return { ok: true };
          const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
          return { ok: false, message: String(error?.info ?? error?.type ?? 'The provider reported a failure') };
        },
        // One row per date, the rates flattened beside it, dates in order.
        records: (body) => {
          if (!isRecord(body) || !isRecord(body.rates)) return undefined;
          return Object.entries(body.rates)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([date, rates]) => ({ date, ...(isRecord(rates) ? rates : {}) }));
        },
        label: (record) => (isRecord(record) ? String(record.date) : ''),
      },
      notes: [
        `Both dates are required (YYYY-MM-DD, not before ${HISTORY_START} and not after today, UTC: rates exist only for days that have begun); end_date may not precede start_date and the frame spans at most ${MAX_SPAN_DAYS} days, as time-series providers require.`,
        'base defaults to EUR; symbols is a comma list of capital three-letter codes and returns every currency when left out.',
      ],
    }),
  ],
  notes: [
    'The spec gives no key parameter for I; api_key is the default, configurable on the server (such providers also use access_key or apikey).',
  ],
});
