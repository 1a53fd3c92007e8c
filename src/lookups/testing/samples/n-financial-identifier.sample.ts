// A body holding every field of the spec's table N.
import { financialIdentifier } from '../../n-financial-identifier.ts';
import { defineSamples } from '../define-samples.ts';
export const financialIdentifierSample = {
  status: { code: 200, message: 'OK' },
  results: [
    {
      basics: { name: 'Apple Inc.', stock_ticker_symbol: 'AAPL', isin_identifier: 'US0378331005', exchange: 'NASDAQ' },
      output: { averageRecommendation: { current: '1.90', one_month_ago: '2.00', two_months_ago: '1.95', three_months_ago: '2.10' } },
    },
  ],
};

export const samples = defineSamples(financialIdentifier, { lookup: [financialIdentifierSample] });
