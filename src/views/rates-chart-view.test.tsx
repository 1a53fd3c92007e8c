import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RatesChartView from './rates-chart-view.tsx';
import { currencyTimeseries } from '../lookups/i-currency-timeseries.ts';
import { ratesSample } from './testing/samples.ts';
import { viewProps } from './testing/view-props.ts';

// Each test starts from an empty document (no global auto-cleanup in this setup).
afterEach(cleanup);

describe('RatesChartView', () => {
  it('draws one labelled line per currency with a legend and a data table', () => {
    const { container } = render(<RatesChartView {...viewProps(ratesSample, currencyTimeseries)} />);
    expect(screen.getByRole('heading', { name: 'GBP, USD per 1 EUR · 2024-01-01 to 2024-01-03' })).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /Rate per 1 EUR by date/ });
    expect(container.querySelectorAll('svg.rates-chart path')).toHaveLength(2);
    expect(within(chart).getByText('Date')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Legend' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['GBP', 'USD']);
    const table = screen.getByRole('table', { name: 'Rates per date against EUR' });
    expect(within(table).getByRole('row', { name: '2024-01-02 0.864 1.094' })).toBeInTheDocument();
  });

  it('switches to change since the first day, and starts there for currencies of different scales', async () => {
    render(<RatesChartView {...viewProps(ratesSample, currencyTimeseries)} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Change since first day' }));
    expect(screen.getByRole('img', { name: /Change since first day \(%\) by date/ })).toBeInTheDocument();
    cleanup();
    render(
      <RatesChartView
        {...viewProps(
          { ...ratesSample, rates: { '2024-01-01': { USD: 1.1, JPY: 160 }, '2024-01-02': { USD: 1.2, JPY: 158 } } },
          currencyTimeseries,
        )}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Change since first day' })).toBeChecked();
  });

  it('says so when there are no rates', () => {
    render(<RatesChartView {...viewProps({ success: false, error: { code: 101 } }, currencyTimeseries)} />);
    expect(screen.getByRole('note')).toHaveTextContent('no rates to chart');
  });
});
