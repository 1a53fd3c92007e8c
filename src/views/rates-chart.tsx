// An accessible inline SVG line chart: one line per currency (colour and dash both differ, so
// the lines stay apart without colour), axis labels, and a title and description for screen readers.
import { useId } from 'react';
import type { RateSeries } from './rates-series.ts';
import { niceTicks, tickIndices } from './rates-series.ts';

const WIDTH = 720;
const HEIGHT = 320;
const DOTS_UP_TO = 40;
const PAD = { top: 16, right: 20, bottom: 52, left: 68 };
export const SERIES_STYLES = [
  { color: '#2563eb', dash: '' },
  { color: '#d97706', dash: '8 4' },
  { color: '#059669', dash: '2 4' },
  { color: '#db2777', dash: '12 4 2 4' },
  { color: '#7c3aed', dash: '4 4' },
  { color: '#0891b2', dash: '16 6' },
  { color: '#65a30d', dash: '1 3' },
  { color: '#dc2626', dash: '6 2 2 2' },
];

interface RatesChartProps {
  dates: readonly string[];
  series: readonly RateSeries[];
  yLabel: string;
  description: string;
  formatValue: (value: number) => string;
}

export function RatesChart({ dates, series, yLabel, description, formatValue }: RatesChartProps) {
  const id = useId();
  const all = series.flatMap(({ values }) => values.filter((value): value is number => value !== undefined));
  const ticks = niceTicks(Math.min(...all), Math.max(...all));
  const low = ticks[0]!;
  const high = ticks[ticks.length - 1]!;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (dates.length > 1 ? (index / (dates.length - 1)) * plotWidth : plotWidth / 2);
  const y = (value: number) => PAD.top + (1 - (value - low) / (high - low)) * plotHeight;

  const pathOf = (values: readonly (number | undefined)[]) =>
    values
      .map((value, index) => (value === undefined ? '' : `${index > 0 && values[index - 1] !== undefined ? 'L' : 'M'}${x(index).toFixed(1)},${y(value).toFixed(1)}`))
      .join('');

  return (
    <svg className="rates-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
      <title id={`${id}-title`}>{yLabel} by date</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <g className="rates-chart__grid" aria-hidden="true">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle">
              {formatValue(tick)}
            </text>
          </g>
        ))}
        {tickIndices(dates.length).map((index) => (
          <text key={index} x={x(index)} y={HEIGHT - PAD.bottom + 18} textAnchor="middle">
            {dates[index]}
          </text>
        ))}
        <text className="rates-chart__axis-label" x={PAD.left + plotWidth / 2} y={HEIGHT - 8} textAnchor="middle">
          Date
        </text>
        <text className="rates-chart__axis-label" transform={`translate(14 ${PAD.top + plotHeight / 2}) rotate(-90)`} textAnchor="middle">
          {yLabel}
        </text>
      </g>
      <g aria-hidden="true">
        {series.map(({ currency, values }, index) => {
          const style = SERIES_STYLES[index % SERIES_STYLES.length]!;
          return (
            <g key={currency} stroke={style.color}>
              <path d={pathOf(values)} fill="none" strokeWidth={2} strokeDasharray={style.dash || undefined} />
              {/* Dots on short ranges, so a single day or an isolated rate is still visible. */}
              {dates.length <= DOTS_UP_TO &&
                values.map((value, at) => value !== undefined && <circle key={at} cx={x(at)} cy={y(value)} r={3} fill={style.color} />)}
            </g>
          );
        })}
      </g>
    </svg>
  );
}
