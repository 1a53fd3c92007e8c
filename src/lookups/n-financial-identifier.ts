import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import { param } from './param.ts';
import { arrayAt, readPath } from './adapters.ts';
import { textAt } from './error-text.ts';

const decimalText = z.string();

export const financialIdentifierResponse = z.looseObject({
  status: z.looseObject({ code: z.number().int(), message: z.string() }),
  results: z.array(
    z.looseObject({
      basics: z.looseObject({ name: z.string(), stock_ticker_symbol: z.string(), isin_identifier: z.string(), exchange: z.string() }),
      output: z.looseObject({
        averageRecommendation: z.looseObject({
          current: decimalText,
          one_month_ago: decimalText,
          two_months_ago: decimalText,
          three_months_ago: decimalText,
        }),
      }),
    }),
  ),
});

export const IDENTIFIERS = ['stock_ticker_symbol', 'isin_identifier', 'cik_code', 'cusip_number', 'employer_id'] as const;

/** ISIN check digit (ISO 6166): letters become numbers, then the Luhn sum must end in 0. */
export function isinChecks(isin: string): boolean {
  const digits = isin.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

const ISIN = /^[A-Z]{2}[A-Z0-9]{9}\d$/;

const params = z
  .object({
    stock_ticker_symbol: param.text({
      in: 'query',
      title: 'Ticker symbol',
      help: 'The stock wanted, by its exchange ticker, e.g. AAPL or BRK.B.',
      pattern: /^[A-Za-z0-9][A-Za-z0-9.-]{0,9}$/,
      patternMessage: 'must be a ticker of up to 10 letters and digits, e.g. AAPL',
      example: 'AAPL',
    }),
    isin_identifier: param.text({
      in: 'query',
      title: 'ISIN',
      help: 'International securities identification number: 2-letter country, 9 characters, 1 check digit, e.g. US0378331005.',
      pattern: ISIN,
      patternMessage: 'must be 12 characters: 2 capital letters, 9 letters or digits and a check digit (e.g. US0378331005)',
      example: 'US0378331005',
    }),
    cik_code: param.text({
      in: 'query',
      title: 'CIK',
      help: 'Central index key that identifies filers of disclosures: up to 10 digits, e.g. 320193 or 0000320193.',
      pattern: /^\d{1,10}$/,
      patternMessage: 'must be up to 10 digits',
      example: '320193',
    }),
    cusip_number: param.text({
      in: 'query',
      title: 'CUSIP',
      help: 'The 9-character CUSIP that identifies most North American financial instruments, e.g. 037833100.',
      pattern: /^[0-9A-Z]{8}\d$/,
      patternMessage: 'must be 9 characters: 8 capital letters or digits and a check digit',
      example: '037833100',
    }),
    employer_id: param.text({
      in: 'query',
      title: 'Employer id (EIN)',
      help: 'Federal tax identification number, 9 digits written 94-2404110 or 942404110.',
      pattern: /^\d{2}-?\d{7}$/,
      patternMessage: 'must be 9 digits, e.g. 94-2404110',
      example: '94-2404110',
    }),
  })
  .superRefine((value, ctx) => {
    if (IDENTIFIERS.every((name) => value[name] === undefined))
      ctx.addIssue({ code: 'custom', path: ['stock_ticker_symbol'], message: 'or one of the other identifiers is required' });
    if (value.isin_identifier !== undefined && ISIN.test(value.isin_identifier) && !isinChecks(value.isin_identifier))
      ctx.addIssue({ code: 'custom', path: ['isin_identifier'], message: 'has a wrong check digit' });
  });

export const financialIdentifier = defineLookup({
  id: 'N',
  title: 'Financial identifier',
  keywords: [
    'securities',
    'security',
    'isin',
    'cusip',
    'cik',
    'ein',
    'stock',
    'stocks',
    'ticker',
    'shares',
    'equity',
    'finance',
    'analyst recommendation',
    'market data',
    'stock market',
  ],
  catalog: {
    subject: 'Placeholder financial-identifier lookup with a recommendation history',
    coverage: 'none stated',
    version: 'path prefix /v1',
    price: 'monthly from $99; yearly from $1099',
    trial: 'free or discounted',
  },
  keyTransport: { param: 'api_key' },
  personalData: [],
  operations: [
    defineOperation({
      id: 'lookup',
      label: 'Look up an instrument',
      method: 'GET',
      // "filter1/filter2" are literal segments of the provider's path, not parameters.
      path: '/v1/endpoint1/API/filter1/filter2',
      format: 'json',
      example: { stock_ticker_symbol: 'AAPL' },
      params,
      response: financialIdentifierResponse,
      identity: 'basics.isin_identifier',
      adapters: {
        // Failures (HTTP 200 or not) say what happened in status.message.
        errorMessage: (body) => textAt(body, 'status.message'),
        // status.code 200 marks success; "not found" arrives as HTTP 200 with another code.
        success: (body) => {
          const code = readPath(body, 'status.code');
          const message = readPath(body, 'status.message');
          const text = typeof message === 'string' ? message : undefined;
          if (code === 200) return { ok: true, ...(text && { message: text }) };
          return { ok: false, message: text ?? 'The body carries no status.code 200' };
        },
        records: (body) => arrayAt(body, 'results'),
        label: (record) => {
          const name = readPath(record, 'basics.name');
          const ticker = readPath(record, 'basics.stock_ticker_symbol');
          return [name, ticker && `(${String(ticker)})`].filter(Boolean).join(' ');
        },
      },
      notes: [
        'Parameters. Left open: which of the five identifiers are request parameters. Chosen: all five are optional query parameters and at least one is required; several may be sent together (the demo answers every instrument matching any of them).',
        'Formats. Left open: the spec describes the identifiers but gives no format. Chosen: each is checked against its own standard before a call is made: ticker up to 10 letters and digits, ISIN 12 characters with its check digit, CIK up to 10 digits, CUSIP 9 characters, EIN 9 digits (94-2404110).',
        'Recommendations. Left open: the scale of averageRecommendation (strings holding decimal numbers). Chosen: the numbers are shown as received, never turned into "buy" or "sell"; the demo uses the common scale of 1 (strong buy) to 5 (sell).',
        'No match. Left open: how a miss is answered. Chosen: status.code decides (200 is success, anything else a failure shown with status.message); the demo answers a miss with HTTP 200, status.code 404 and an empty results array.',
      ],
    }),
  ],
  notes: [
    'The spec lists N as a placeholder entry: it names a path, five identifiers and a response, and leaves the rest open. Each note below says what is left open and what this tool chose.',
    "Path. Left open: /v1/endpoint1/API/filter1/filter2 reads like a template but names no parameters. Chosen: the path is called exactly as written (filter1 and filter2 are literal segments); the provider's base URL is set per deployment.",
    'Key. Left open: the name of the key parameter. Chosen: api_key; the server configuration can rename it or send it as a header.',
    'Coverage. Left open: none is stated. Chosen: no coverage is claimed; the demo knows ten US-listed instruments (AAPL, MSFT, GOOGL, AMZN, NVDA, KO, JNJ, JPM, WMT, XOM).',
  ],
});
