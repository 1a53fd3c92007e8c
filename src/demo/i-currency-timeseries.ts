// Demo upstream for I: one entry per date of the frame, only the asked currencies, against the
// asked base. Failures come as HTTP 200 with {success:false, error:{code, type, info}}, as such
// providers send them.
import { HISTORY_START, MAX_SPAN_DAYS, daysBetween } from '../lookups/i-currency-timeseries.ts';
import { currencyTimeseries } from '../lookups/i-currency-timeseries.ts';
import { json, providerError, defineDemo } from './demo-types.ts';
import { KNOWN_CURRENCIES, crossRate, isKnownCurrency } from './i-currency-rates.ts';

const DAY_MS = 86_400_000;

/** The provider's failure: HTTP 200 with success:false. */
function failure(code: number, type: string, info: string) {
  return providerError(200, { success: false, error: { code, type, info } });
}

function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

function datesFrom(start: string, count: number): string[] {
  const first = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: count }, (_, day) => new Date(first + day * DAY_MS).toISOString().slice(0, 10));
}

function codesOf(value: unknown): string[] | undefined {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : undefined;
  const codes = list?.map((code) => String(code).trim().toUpperCase()).filter(Boolean);
  return codes && codes.length > 0 ? [...new Set(codes)] : undefined;
}

export const currencyTimeseriesDemo = defineDemo(currencyTimeseries, ({ params }) => {
  const { start_date: start, end_date: end } = params;
  // Rates exist up to today (UTC); a later date has no history yet.
  const today = new Date().toISOString().slice(0, 10);
  if (start === undefined || end === undefined)
    return failure(
      501,
      'no_timeframe_supplied',
      'You have not specified a time frame. [Required format: start_date=YYYY-MM-DD&end_date=YYYY-MM-DD]',
    );
  // A future day gets its own reason: it is not before the history, it is after it.
  if (isDate(start) && start > today)
    return failure(
      502,
      'invalid_start_date',
      `You have entered an invalid start date: ${start} is in the future; rates exist up to today, ${today}. [Required format: start_date=YYYY-MM-DD]`,
    );
  if (!isDate(start) || start < HISTORY_START)
    return failure(
      502,
      'invalid_start_date',
      `You have entered an invalid start date: history starts on ${HISTORY_START}. [Required format: start_date=YYYY-MM-DD]`,
    );
  if (isDate(end) && end > today)
    return failure(
      504,
      'invalid_end_date',
      `You have entered an invalid end date: ${end} is in the future; rates exist up to today, ${today}. [Required format: end_date=YYYY-MM-DD]`,
    );
  if (!isDate(end) || end < HISTORY_START)
    return failure(
      504,
      'invalid_end_date',
      `You have entered an invalid end date: it must lie between ${HISTORY_START} and today. [Required format: end_date=YYYY-MM-DD]`,
    );
  const span = daysBetween(start, end);
  if (span < 0) return failure(505, 'invalid_time_frame', 'You have entered an invalid time frame: end_date is before start_date.');
  if (span > MAX_SPAN_DAYS)
    return failure(505, 'invalid_time_frame', `You have entered an invalid time frame: the maximum is ${MAX_SPAN_DAYS} days.`);

  const base = codesOf(params.base)?.[0] ?? 'EUR';
  if (!isKnownCurrency(base)) return failure(201, 'invalid_base_currency', `You have entered an invalid base currency: ${base}.`);
  const asked = codesOf(params.symbols);
  const unknown = asked?.filter((code) => !isKnownCurrency(code)) ?? [];
  if (unknown.length > 0)
    return failure(
      202,
      'invalid_currency_codes',
      `You have provided one or more invalid currency codes: ${unknown.join(', ')}. [Required format: symbols=USD,GBP,JPY]`,
    );
  // Without symbols, every currency but the base itself.
  const symbols = asked ?? KNOWN_CURRENCIES.filter((code) => code !== base);

  const rates: Record<string, Record<string, number>> = {};
  for (const date of datesFrom(start, span + 1)) {
    const day: Record<string, number> = {};
    for (const symbol of symbols) day[symbol] = crossRate(base, symbol, date);
    rates[date] = day;
  }
  return json({ success: true, timeseries: true, start_date: start, end_date: end, base, rates });
});
