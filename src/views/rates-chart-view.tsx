// I's own view: the currency time series as a line chart with a legend and a table of the figures.
import { useState } from 'react';
import { typedBody } from '../lookups/answer.ts';
import { timeseriesResponse } from '../lookups/i-currency-timeseries.ts';
import type { OwnViewProps } from '../results/slots.ts';
import { RatesChart, SERIES_STYLES } from './rates-chart.tsx';
import { RatesTable } from './rates-table.tsx';
import { asChange, prefersChange, ratesTable } from './rates-series.ts';
import { ViewMessage } from './view-message.tsx';
import './views.css';

type Scale = 'rate' | 'change';

const formatRate = (value: number) => value.toLocaleString('en-US', { maximumSignificantDigits: 6 });
const formatChange = (value: number) => `${value > 0 ? '+' : ''}${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

export default function RatesChartView({ answer }: OwnViewProps) {
  const body = typedBody(answer, timeseriesResponse)?.body;
  const table = body?.rates ? ratesTable(body.rates) : undefined;
  const [chosen, setChosen] = useState<Scale>();
  if (!body || !table || table.dates.length === 0 || table.series.length === 0)
    return <ViewMessage>This body has no rates to chart.</ViewMessage>;

  const { base, start_date: start, end_date: end } = body;
  const scale = chosen ?? (prefersChange(table.series) ? 'change' : 'rate');
  const series = scale === 'change' ? asChange(table.series) : table.series;
  const against = base ? ` per 1 ${base}` : '';
  const currencies = table.series.map(({ currency }) => currency).join(', ');

  return (
    <section className="view-card rates-view" aria-labelledby="rates-heading">
      <h3 id="rates-heading">
        {currencies}
        {against} · {start ?? table.dates[0]} to {end ?? table.dates[table.dates.length - 1]}
      </h3>
      <fieldset className="segmented">
        <legend>Scale</legend>
        <label>
          <input type="radio" name="rates-scale" checked={scale === 'rate'} onChange={() => setChosen('rate')} /> Rate
        </label>
        <label>
          <input type="radio" name="rates-scale" checked={scale === 'change'} onChange={() => setChosen('change')} /> Change since first day
        </label>
      </fieldset>
      <RatesChart
        dates={table.dates}
        series={series}
        yLabel={scale === 'change' ? 'Change since first day (%)' : `Rate${against}`}
        description={`${table.series.length} currencies over ${table.dates.length} days. The table below lists every value.`}
        formatValue={scale === 'change' ? formatChange : formatRate}
      />
      <ul className="chart-legend" aria-label="Legend">
        {table.series.map(({ currency }, index) => {
          const style = SERIES_STYLES[index % SERIES_STYLES.length]!;
          return (
            <li key={currency}>
              <svg width="28" height="10" aria-hidden="true">
                <line x1="0" x2="28" y1="5" y2="5" stroke={style.color} strokeWidth="2" strokeDasharray={style.dash || undefined} />
              </svg>
              {currency}
            </li>
          );
        })}
      </ul>
      <details>
        <summary>Show the rates as a table</summary>
        <RatesTable {...table} base={base} />
      </details>
    </section>
  );
}
