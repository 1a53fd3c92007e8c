// I's demo market: one rate per currency per day against EUR since 1999-01-01, a deterministic
// mean-reverting random walk around a recent reference rate. Cross rates divide two EUR rates, so
// every answer is consistent whatever the base.
import { HISTORY_START, daysBetween } from '../lookups/i-currency-timeseries.ts';
import { seedFrom } from './seeded.ts';

/** Units per euro around mid-2024, and daily volatility of the log rate. */
const CURRENCIES: Record<string, readonly [rate: number, volatility: number]> = {
  EUR: [1, 0],
  USD: [1.0825, 0.004],
  GBP: [0.8458, 0.003],
  JPY: [162.4, 0.005],
  CHF: [0.9573, 0.003],
  CAD: [1.4713, 0.004],
  AUD: [1.6079, 0.005],
  NZD: [1.7554, 0.005],
  SEK: [11.35, 0.003],
  NOK: [11.4, 0.004],
  DKK: [7.4575, 0.0002],
  BGN: [1.95583, 0],
  PLN: [4.3195, 0.004],
  CZK: [25.063, 0.003],
  HUF: [395.1, 0.005],
  RON: [4.9773, 0.002],
  ISK: [148.3, 0.004],
  TRY: [35.21, 0.008],
  CNY: [7.7748, 0.004],
  HKD: [8.3746, 0.004],
  SGD: [1.4513, 0.003],
  INR: [89.25, 0.004],
  KRW: [1476.5, 0.005],
  MXN: [19.56, 0.006],
  BRL: [5.8915, 0.007],
  ZAR: [19.5, 0.007],
  ILS: [4.0305, 0.004],
  THB: [39.27, 0.004],
  IDR: [17487, 0.005],
  MYR: [5.0501, 0.004],
  PHP: [62.64, 0.004],
};

export const KNOWN_CURRENCIES = Object.keys(CURRENCIES);
export const isKnownCurrency = (code: string) => Object.hasOwn(CURRENCIES, code);

/** Pulls the walk back toward the reference rate, so 25 years stay within a plausible band. */
const REVERSION = 0.0008;

/** mulberry32: a tiny, fast seeded generator; faker would be needlessly slow for ~10k steps. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const walks = new Map<string, { random: () => number; logs: number[] }>();
/** Steps drawn so far, over every currency's walk: each step is drawn once and kept. */
let stepsDrawn = 0;

/** How many walk steps this process has drawn: the work behind every rate so far (tests and benchmarks bound it). */
export function walkStepsDrawn(): number {
  return stepsDrawn;
}

/** The log deviation from the reference rate on day `index` after 1999-01-01, extended as needed. */
function logDeviation(code: string, index: number): number {
  let walk = walks.get(code);
  if (!walk) {
    walk = { random: generator(seedFrom('I', code)), logs: [0] };
    walks.set(code, walk);
  }
  const volatility = CURRENCIES[code]![1];
  while (walk.logs.length <= index) {
    // Box-Muller: a standard normal step from two uniforms.
    const normal = Math.sqrt(-2 * Math.log(1 - walk.random())) * Math.cos(2 * Math.PI * walk.random());
    const previous = walk.logs[walk.logs.length - 1]!;
    walk.logs.push(previous * (1 - REVERSION) + volatility * normal);
    stepsDrawn++;
  }
  return walk.logs[index]!;
}

/** Units of `code` per euro on `date` (YYYY-MM-DD, not before 1999-01-01). */
export function euroRate(code: string, date: string): number {
  const [reference] = CURRENCIES[code]!;
  return reference * Math.exp(logDeviation(code, daysBetween(HISTORY_START, date)));
}

/** Units of `symbol` per one `base` on `date`, rounded to six decimals as providers send them. */
export function crossRate(base: string, symbol: string, date: string): number {
  if (base === symbol) return 1;
  return Math.round((euroRate(symbol, date) / euroRate(base, date)) * 1e6) / 1e6;
}
