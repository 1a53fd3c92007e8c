// An accessible inline SVG line chart: one line per series (colour and dash both differ, so the
// lines stay apart without colour), axis labels, and a title and description for screen readers.
// It is drawn at the pixel width it is given on the page (measured), not scaled down from a wide
// drawing, so its labels keep their size on a phone; a narrow chart shows fewer date labels, and
// no label is placed past either edge.
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { RateSeries } from './rates-series.ts';
import { niceTicks, tickIndices } from './rates-series.ts';

/** Width drawn before the page is measured (and where it cannot be, as in tests). */
const DEFAULT_WIDTH = 720;
const DOTS_UP_TO = 40;
/** Approximate width of one character of the 12 px tick labels (digits, dashes). */
const CHAR_WIDTH = 7.2;
/** Room kept between neighbouring date labels. */
const LABEL_GAP = 16;
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
  /** Date labels as shown on the x axis (the dates themselves by default). */
  formatDate?: (date: string) => string;
}

/** The width of the element, followed as it changes; DEFAULT_WIDTH until it has one. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const textWidth = (text: string) => text.length * CHAR_WIDTH;

export function RatesChart({ dates, series, yLabel, description, formatValue, formatDate = (date) => date }: RatesChartProps) {
  const id = useId();
  const [frame, width] = useWidth();
  const narrow = width < 480;
  const height = narrow ? 240 : 320;

  const all = series.flatMap(({ values }) => values.filter((value): value is number => value !== undefined));
  const ticks = niceTicks(Math.min(...all), Math.max(...all));
  const low = ticks[0]!;
  const high = ticks[ticks.length - 1]!;
  // Room on the left for the rotated axis title and the longest value label; on the right for
  // half the last date label, which is centred on the last point.
  const lastLabel = dates.length > 0 ? formatDate(dates[dates.length - 1]!) : '';
  const pad = {
    top: 16,
    right: Math.ceil(Math.max(12, textWidth(lastLabel) / 2 + 4)),
    bottom: 52,
    left: Math.ceil(30 + Math.max(...ticks.map((tick) => textWidth(formatValue(tick))))),
  };
  const plotWidth = Math.max(40, width - pad.left - pad.right);
  const plotHeight = height - pad.top - pad.bottom;
  const x = (index: number) => pad.left + (dates.length > 1 ? (index / (dates.length - 1)) * plotWidth : plotWidth / 2);
  const y = (value: number) => pad.top + (1 - (value - low) / (high - low)) * plotHeight;

  // As many date labels as fit side by side, at most six.
  const labelWidth = Math.max(...dates.map((date) => textWidth(formatDate(date))), 1);
  const dateTicks = tickIndices(dates.length, Math.max(2, Math.min(6, Math.floor(plotWidth / (labelWidth + LABEL_GAP)) + 1)));
  // A label centred on its point; kept within the edges should a label be wider than estimated.
  const labelX = (index: number) => {
    const half = textWidth(formatDate(dates[index]!)) / 2;
    return Math.min(Math.max(x(index), half + 2), width - half - 2);
  };

  const pathOf = (values: readonly (number | undefined)[]) =>
    values
      .map((value, index) =>
        value === undefined
          ? ''
          : `${index > 0 && values[index - 1] !== undefined ? 'L' : 'M'}${x(index).toFixed(1)},${y(value).toFixed(1)}`,
      )
      .join('');

  return (
    <div ref={frame} className="rates-chart-frame">
      <svg
        className="rates-chart"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{yLabel} by date</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <g className="rates-chart__grid" aria-hidden="true">
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} />
              <text x={pad.left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {formatValue(tick)}
              </text>
            </g>
          ))}
          {dateTicks.map((index) => (
            <text key={index} className="rates-chart__date" x={labelX(index)} y={height - pad.bottom + 18} textAnchor="middle">
              {formatDate(dates[index]!)}
            </text>
          ))}
          <text className="rates-chart__axis-label" x={pad.left + plotWidth / 2} y={height - 8} textAnchor="middle">
            Date
          </text>
          <text className="rates-chart__axis-label" transform={`translate(14 ${pad.top + plotHeight / 2}) rotate(-90)`} textAnchor="middle">
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
    </div>
  );
}
