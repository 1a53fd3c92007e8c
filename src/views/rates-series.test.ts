import { describe, expect, it } from 'vitest';
import { asChange, niceTicks, prefersChange, ratesTable, tickIndices } from './rates-series.ts';
import { ratesSample } from './testing/samples.ts';

describe('rates series', () => {
  it('orders dates and makes one series per currency, with gaps where a day lacks a rate', () => {
    const table = ratesTable({ ...ratesSample.rates, '2024-01-04': { USD: 1.1, JPY: 'n/a' } });
    expect(table.dates).toEqual(['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04']);
    expect(table.series.map((series) => series.currency)).toEqual(['GBP', 'JPY', 'USD']);
    expect(table.series[2]?.values).toEqual([1.104, 1.094, 1.092, 1.1]);
    expect(table.series[0]?.values[3]).toBeUndefined();
  });

  it('expresses change from the first day and prefers it when scales differ widely', () => {
    const [usd] = asChange([{ currency: 'USD', values: [undefined, 2, 3] }]);
    expect(usd?.values).toEqual([undefined, 0, 50]);
    expect(
      prefersChange([
        { currency: 'USD', values: [1.1] },
        { currency: 'JPY', values: [160] },
      ]),
    ).toBe(true);
    expect(
      prefersChange([
        { currency: 'USD', values: [1.1] },
        { currency: 'GBP', values: [0.86] },
      ]),
    ).toBe(false);
  });

  it('makes round ticks that cover the range', () => {
    expect(niceTicks(0.861, 1.104)).toEqual([0.85, 0.9, 0.95, 1, 1.05, 1.1, 1.15]);
    const flat = niceTicks(5, 5);
    expect(flat[0]).toBeLessThan(5);
    expect(flat[flat.length - 1]).toBeGreaterThan(5);
    expect(tickIndices(3)).toEqual([0, 1, 2]);
    expect(tickIndices(366, 5)).toEqual([0, 91, 183, 274, 365]);
  });
});
