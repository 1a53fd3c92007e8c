// A body holding every field of the spec's table I, as the provider would send it.
import { currencyTimeseries } from '../../i-currency-timeseries.ts';
import { defineSamples } from '../define-samples.ts';
export const timeseriesSample = {
  success: true,
  timeseries: true,
  start_date: '2024-01-01',
  end_date: '2024-01-03',
  base: 'EUR',
  rates: {
    '2024-01-01': { USD: 1.1039, GBP: 0.86665, JPY: 155.73 },
    '2024-01-02': { USD: 1.0956, GBP: 0.86573, JPY: 155.89 },
    '2024-01-03': { USD: 1.0919, GBP: 0.86305, JPY: 156.29 },
  },
};

export const timeseriesErrorSample = {
  success: false,
  error: { code: 202, type: 'invalid_currency_codes', info: 'You have provided one or more invalid currency codes: XYZ.' },
};

export const samples = defineSamples(currencyTimeseries, { timeseries: [timeseriesSample] });
