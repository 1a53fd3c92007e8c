// I's `rates` object ({date: {currency: rate}}) turned into one series per currency, plus the
// scale helpers the chart draws with.
export interface RateSeries {
  currency: string;
  /** One entry per date; undefined where the day has no rate for this currency. */
  values: (number | undefined)[];
}

export interface RatesTable {
  dates: string[];
  series: RateSeries[];
}

/** Rates by date and currency, as I's typed body holds them (a day or rate that drifted is missing). */
export function ratesTable(rates: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>): RatesTable {
  const dates = Object.keys(rates).sort();
  const currencies = [...new Set(dates.flatMap((date) => Object.keys(rates[date] ?? {})))].sort();
  const series = currencies.map((currency) => ({
    currency,
    values: dates.map((date) => {
      const value = rates[date]?.[currency];
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    }),
  }));
  return { dates, series };
}

/** Each series as the percentage change from its first rate, so JPY and GBP can share an axis. */
export function asChange(series: readonly RateSeries[]): RateSeries[] {
  return series.map(({ currency, values }) => {
    const first = values.find((value) => value !== undefined);
    return { currency, values: values.map((value) => (value === undefined || !first ? undefined : (value / first - 1) * 100)) };
  });
}

/** Rates differing by more than this factor are unreadable on one absolute axis. */
const SHARED_AXIS_SPREAD = 5;

export function prefersChange(series: readonly RateSeries[]): boolean {
  const means = series
    .map(({ values }) => values.filter((value): value is number => value !== undefined))
    .filter((values) => values.length > 0)
    .map((values) => values.reduce((sum, value) => sum + value, 0) / values.length);
  if (means.length < 2) return false;
  return Math.max(...means) / Math.min(...means) > SHARED_AXIS_SPREAD;
}

/** About `count` round tick values covering [min, max]. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (min === max) {
    const pad = Math.abs(min) * 0.01 || 1;
    return niceTicks(min - pad, max + pad, count);
  }
  const rough = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let tick = Math.floor(min / step) * step; tick <= max + step * 1e-9; tick += step) ticks.push(Number(tick.toPrecision(12)));
  if (ticks[ticks.length - 1]! < max) ticks.push(Number((ticks[ticks.length - 1]! + step).toPrecision(12)));
  return ticks;
}

/** Up to `count` evenly spaced indices, always including the first and last. */
export function tickIndices(length: number, count = 6): number[] {
  if (length <= count) return Array.from({ length }, (_, index) => index);
  const step = (length - 1) / (count - 1);
  return Array.from({ length: count }, (_, index) => Math.round(index * step));
}
