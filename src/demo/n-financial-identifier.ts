// N: a small catalog of listed instruments with their public identifiers. An instrument matches
// when any identifier given is its own; no match answers HTTP 200 with status.code 404, as the
// body marker of this lookup carries the outcome.
import type { z } from 'zod';
import type { financialIdentifierResponse } from '../lookups/n-financial-identifier.ts';
import { IDENTIFIERS } from '../lookups/n-financial-identifier.ts';
import { financialIdentifier } from '../lookups/n-financial-identifier.ts';
import { json, defineDemo } from './demo-types.ts';
import { seededFaker } from './seeded.ts';

type Body = z.infer<typeof financialIdentifierResponse>;
type Identifier = (typeof IDENTIFIERS)[number];

interface Instrument {
  name: string;
  exchange: string;
  ids: Record<Identifier, string>;
}

const instrument = (name: string, exchange: string, ticker: string, isin: string, cik: string, cusip: string, ein: string): Instrument => ({
  name,
  exchange,
  ids: { stock_ticker_symbol: ticker, isin_identifier: isin, cik_code: cik, cusip_number: cusip, employer_id: ein },
});

export const INSTRUMENTS: readonly Instrument[] = [
  instrument('Apple Inc.', 'NASDAQ', 'AAPL', 'US0378331005', '320193', '037833100', '94-2404110'),
  instrument('Microsoft Corporation', 'NASDAQ', 'MSFT', 'US5949181045', '789019', '594918104', '91-1144442'),
  instrument('Alphabet Inc. Class A', 'NASDAQ', 'GOOGL', 'US02079K3059', '1652044', '02079K305', '61-1767919'),
  instrument('Amazon.com, Inc.', 'NASDAQ', 'AMZN', 'US0231351067', '1018724', '023135106', '91-1646860'),
  instrument('NVIDIA Corporation', 'NASDAQ', 'NVDA', 'US67066G1040', '1045810', '67066G104', '94-3177549'),
  instrument('The Coca-Cola Company', 'NYSE', 'KO', 'US1912161007', '21344', '191216100', '58-0628465'),
  instrument('Johnson & Johnson', 'NYSE', 'JNJ', 'US4781601046', '200406', '478160104', '22-1024240'),
  instrument('JPMorgan Chase & Co.', 'NYSE', 'JPM', 'US46625H1005', '19617', '46625H100', '13-2624428'),
  instrument('Walmart Inc.', 'NYSE', 'WMT', 'US9311421039', '104169', '931142103', '71-0415188'),
  instrument('Exxon Mobil Corporation', 'NYSE', 'XOM', 'US30231G1022', '34088', '30231G102', '13-5409005'),
];

/** Compares identifiers as providers do: case-insensitive, CIK without leading zeros, EIN without its dash. */
function normalise(name: Identifier, value: string): string {
  const upper = value.trim().toUpperCase();
  if (name === 'cik_code') return upper.replace(/^0+/, '');
  if (name === 'employer_id') return upper.replace('-', '');
  return upper;
}

/** Average analyst recommendation (1 strong buy … 5 sell) now and one to three months ago. */
function recommendations(ticker: string) {
  const faker = seededFaker('recommendation', ticker);
  let value = faker.number.float({ min: 1.4, max: 2.8 });
  const history: string[] = [];
  for (let month = 0; month < 4; month++) {
    history.push(value.toFixed(2));
    value = Math.min(4.5, Math.max(1, value + faker.number.float({ min: -0.25, max: 0.25 })));
  }
  const [current, one, two, three] = history as [string, string, string, string];
  return { current, one_month_ago: one, two_months_ago: two, three_months_ago: three };
}

export const financialIdentifierDemo = defineDemo(financialIdentifier, ({ params }) => {
  const given = IDENTIFIERS.flatMap((name) => {
    const value = params[name];
    return value === undefined ? [] : [[name, normalise(name, value)] as const];
  });
  const matches = INSTRUMENTS.filter((entry) => given.some(([name, value]) => normalise(name, entry.ids[name]) === value));
  const body: Body = matches.length
    ? {
        status: { code: 200, message: 'OK' },
        results: matches.map((entry) => ({
          basics: {
            name: entry.name,
            stock_ticker_symbol: entry.ids.stock_ticker_symbol,
            isin_identifier: entry.ids.isin_identifier,
            exchange: entry.exchange,
          },
          output: { averageRecommendation: recommendations(entry.ids.stock_ticker_symbol) },
        })),
      }
    : { status: { code: 404, message: 'No instrument matches the given identifiers' }, results: [] };
  return json(body);
});
