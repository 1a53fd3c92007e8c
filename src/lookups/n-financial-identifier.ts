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
        'Which identifiers are request parameters is not shown; all five travel as optional query parameters and at least one is required.',
        'Formats follow the identifiers\' standards: ISIN with its check digit, CIK up to 10 digits, CUSIP 9 characters, EIN 9 digits.',
        'No match comes back as HTTP 200 with status.code 404 and an empty results array.',
      ],
    }),
  ],
  notes: ['The key parameter name is not shown in the spec; api_key is the default and the server configuration can change it.'],
});
