// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { currencyTimeseries, daysBetween, HISTORY_START, timeseriesResponse } from '../lookups/i-currency-timeseries.ts';
import { currencyTimeseriesDemo } from './i-currency-timeseries.ts';
import { KNOWN_CURRENCIES, euroRate, walkStepsDrawn } from './i-currency-rates.ts';
import { demoAsker } from './testing/ask-demo.ts';

const operation = currencyTimeseries.operations[0];
type Body = {
  success: boolean;
  base: string;
  start_date: string;
  end_date: string;
  rates: Record<string, Record<string, number>>;
  error?: { code: number; type: string; info: string };
};
const askDemo = demoAsker(currencyTimeseriesDemo, currencyTimeseries);
const raw = askDemo.parsed;
const ask = (values: Record<string, string>) => {
  const response = askDemo(values);
  expect(response.status).toBe(200);
  return response.body as Body;
};
const ok = (values: Record<string, string>) => {
  const body = ask(values);
  expect(timeseriesResponse.safeParse(body).success).toBe(true);
  expect(operation.adapters.success(body).ok).toBe(true);
  return body;
};

describe('I currency time series demo', () => {
  it('answers the example with a valid body whose records the table can show', () => {
    const body = ok(operation.example);
    expect(operation.adapters.records(body)!.length).toBe(91);
  });

  it('holds one entry per date from start to end, inclusive, across a leap day', () => {
    const body = ok({ start_date: '2024-02-27', end_date: '2024-03-02', symbols: 'USD' });
    expect(Object.keys(body.rates)).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    expect(body).toMatchObject({ success: true, timeseries: true, start_date: '2024-02-27', end_date: '2024-03-02', base: 'EUR' });
  });

  it('returns only the asked currencies, or every known one but the base when none are asked', () => {
    const some = ok({ start_date: '2020-05-01', end_date: '2020-05-03', symbols: 'GBP,JPY' });
    for (const day of Object.values(some.rates)) expect(Object.keys(day)).toEqual(['GBP', 'JPY']);
    const all = ok({ start_date: '2020-05-01', end_date: '2020-05-01', base: 'USD' });
    expect(Object.keys(all.rates['2020-05-01']!).sort()).toEqual(KNOWN_CURRENCIES.filter((code) => code !== 'USD').sort());
  });

  it('expresses rates against the base consistently with cross rates through EUR', () => {
    const date = '2015-06-15';
    const euro = ok({ start_date: date, end_date: date, symbols: 'USD,GBP' }).rates[date]!;
    const dollar = ok({ start_date: date, end_date: date, base: 'USD', symbols: 'EUR,GBP,USD' });
    expect(dollar.base).toBe('USD');
    const rates = dollar.rates[date]!;
    expect(rates.USD).toBe(1);
    expect(rates.EUR).toBeCloseTo(1 / euro.USD!, 5);
    expect(rates.GBP).toBeCloseTo(euro.GBP! / euro.USD!, 5);
  });

  it('moves rates day by day, plausibly, and keeps the lev pegged to the euro', () => {
    const body = ok({ start_date: '2023-01-01', end_date: '2023-12-31', symbols: 'USD,BGN' });
    const usd = Object.values(body.rates).map((day) => day.USD!);
    expect(new Set(usd).size).toBeGreaterThan(300);
    expect(Math.min(...usd)).toBeGreaterThan(0.7);
    expect(Math.max(...usd)).toBeLessThan(1.6);
    expect(Object.values(body.rates).every((day) => day.BGN === 1.95583)).toBe(true);
    expect(euroRate('USD', '1999-01-01')).toBeCloseTo(1.0825, 4);
  });

  it('is deterministic, whatever was asked before', () => {
    const values = { start_date: '2010-03-01', end_date: '2010-04-01', base: 'GBP', symbols: 'USD,CHF' };
    const first = JSON.stringify(ask(values));
    ok({ start_date: '2024-01-01', end_date: '2024-06-30' });
    expect(JSON.stringify(ask(values))).toBe(first);
  });

  it('answers failures as HTTP 200 with the provider error codes, read by the success adapter', () => {
    type Params = Parameters<typeof raw>[0];
    const cases: Array<[Params, number, string]> = [
      [{ start_date: '1998-12-31', end_date: '1999-01-05' }, 502, 'invalid_start_date'],
      [{ start_date: '2024-01-01', end_date: '2024-13-01' }, 504, 'invalid_end_date'],
      [{ start_date: '2024-01-01', end_date: '2999-01-01' }, 504, 'invalid_end_date'],
      [{ start_date: '2024-02-01', end_date: '2024-01-01' }, 505, 'invalid_time_frame'],
      [{ start_date: '2022-01-01', end_date: '2023-06-01' }, 505, 'invalid_time_frame'],
      [{ start_date: '2024-01-01', end_date: '2024-01-02', base: 'XYZ' }, 201, 'invalid_base_currency'],
      [{ start_date: '2024-01-01', end_date: '2024-01-02', symbols: ['USD', 'ABC'] }, 202, 'invalid_currency_codes'],
      // The schema requires end_date, so only a caller bypassing it sends this; the demo still answers as the provider does.
      [{ start_date: '2024-01-01' } as Params, 501, 'no_timeframe_supplied'],
    ];
    for (const [params, code, type] of cases) {
      const response = raw(params);
      expect(response.status).toBe(200);
      const body = response.body as Body;
      expect(body).toMatchObject({ success: false, error: { code, type } });
      const verdict = operation.adapters.success(body);
      expect(verdict).toEqual({ ok: false, message: body.error!.info });
    }
    expect((raw({ start_date: '2024-01-01', end_date: '2024-01-02', symbols: ['USD', 'ABC'] }).body as Body).error!.info).toContain('ABC');
  });

  it('answers a future date with that reason, not with where history starts', () => {
    const today = new Date().toISOString().slice(0, 10);
    const start = raw({ start_date: '2999-01-01', end_date: '2999-02-01' }).body as Body;
    expect(start.error).toMatchObject({ code: 502, type: 'invalid_start_date' });
    expect(start.error!.info).toContain(`2999-01-01 is in the future; rates exist up to today, ${today}`);
    expect(start.error!.info).not.toContain('history starts');
    const end = raw({ start_date: '2024-01-01', end_date: '2999-01-01' }).body as Body;
    expect(end.error).toMatchObject({ code: 504, type: 'invalid_end_date' });
    expect(end.error!.info).toContain('2999-01-01 is in the future');
    // A day before the history still names where it starts.
    expect((raw({ start_date: '1998-12-31', end_date: '1999-01-05' }).body as Body).error!.info).toContain(
      `history starts on ${HISTORY_START}`,
    );
  });

  it('builds a full year of every currency from walks drawn once, day by day', () => {
    const before = walkStepsDrawn();
    const body = ok({ start_date: '2001-01-01', end_date: '2001-12-31', base: 'JPY' });
    expect(Object.keys(body.rates)).toHaveLength(365);
    expect(Object.keys(body.rates['2001-07-01']!)).toHaveLength(KNOWN_CURRENCIES.length - 1);
    // At most each currency's walk from its start to the year's end, whatever was drawn before:
    // not a walk per rate (31 currencies × 365 days × 1,000 steps).
    const daysToEnd = daysBetween(HISTORY_START, '2001-12-31') + 1;
    expect(walkStepsDrawn() - before).toBeLessThanOrEqual(KNOWN_CURRENCIES.length * daysToEnd);
    // Asked again, or for any date already drawn, it draws nothing.
    const drawn = walkStepsDrawn();
    expect(ok({ start_date: '2001-01-01', end_date: '2001-12-31', base: 'JPY' })).toEqual(body);
    ok({ start_date: '2001-03-01', end_date: '2001-06-30', base: 'USD', symbols: 'GBP,CHF' });
    expect(walkStepsDrawn()).toBe(drawn);
    // Over the whole file: never more than one step per currency per day of history.
    expect(walkStepsDrawn()).toBeLessThanOrEqual(
      KNOWN_CURRENCIES.length * (daysBetween(HISTORY_START, new Date().toISOString().slice(0, 10)) + 1),
    );
  });
});
