// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { financialIdentifier, financialIdentifierResponse, isinChecks } from '../lookups/n-financial-identifier.ts';
import { financialIdentifierDemo, INSTRUMENTS } from './n-financial-identifier.ts';
import { demoAsker } from './testing/ask-demo.ts';

const operation = financialIdentifier.operations[0];
const askDemo = demoAsker(financialIdentifierDemo, financialIdentifier);
type Params = Parameters<typeof askDemo.parsed>[0];
const ask = (params: Params) => {
  const answer = askDemo.parsed(params);
  expect(answer.status).toBe(200);
  return financialIdentifierResponse.parse(answer.body);
};
const tickers = (params: Params) => ask(params).results.map((result) => result.basics.stock_ticker_symbol);

describe('N financial identifier demo', () => {
  it('answers the example with a record', () => {
    const body = ask(operation.params.parse(operation.example));
    expect(operation.adapters?.records?.(body)?.length).toBeGreaterThan(0);
    expect(operation.adapters?.success?.(body).ok).toBe(true);
  });

  it('holds only valid identifiers, every one of which the form accepts', () => {
    for (const entry of INSTRUMENTS) {
      expect(isinChecks(entry.ids.isin_identifier)).toBe(true);
      expect(entry.ids.isin_identifier.slice(2, 11)).toBe(entry.ids.cusip_number);
      expect(operation.params.safeParse(entry.ids).success).toBe(true);
    }
  });

  it('matches by each identifier, in the forms providers accept', () => {
    expect(tickers({ stock_ticker_symbol: 'msft' })).toEqual(['MSFT']);
    expect(tickers({ isin_identifier: 'US1912161007' })).toEqual(['KO']);
    expect(tickers({ cik_code: '0000320193' })).toEqual(['AAPL']);
    expect(tickers({ cusip_number: '67066G104' })).toEqual(['NVDA']);
    expect(tickers({ employer_id: '131624428' })).toEqual([]);
    expect(tickers({ employer_id: '132624428' })).toEqual(['JPM']);
  });

  it('returns every instrument that any given identifier names', () => {
    expect(tickers({ stock_ticker_symbol: 'AAPL', cik_code: '789019' })).toEqual(['AAPL', 'MSFT']);
    expect(tickers({ stock_ticker_symbol: 'AAPL', isin_identifier: 'US0378331005' })).toEqual(['AAPL']);
  });

  it('gives recommendations as decimal strings, the same every time', () => {
    const first = ask({ stock_ticker_symbol: 'WMT' });
    expect(ask({ stock_ticker_symbol: 'WMT' })).toEqual(first);
    for (const value of Object.values(first.results[0]!.output.averageRecommendation)) {
      expect(value).toMatch(/^\d\.\d{2}$/);
      expect(Number(value)).toBeGreaterThanOrEqual(1);
      expect(Number(value)).toBeLessThanOrEqual(5);
    }
  });

  it('answers no match with HTTP 200, status.code 404 and no results', () => {
    const body = ask({ stock_ticker_symbol: 'ZZZZ' });
    expect(body).toEqual({ status: { code: 404, message: 'No instrument matches the given identifiers' }, results: [] });
    expect(operation.adapters?.success?.(body)).toEqual({ ok: false, message: 'No instrument matches the given identifiers' });
  });
});
