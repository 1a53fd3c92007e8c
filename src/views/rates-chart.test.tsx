import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { RatesChart } from './rates-chart.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const dates = Array.from({ length: 31 }, (_, day) => `2024-01-${String(day + 1).padStart(2, '0')}`);
const series = [{ currency: 'USD', values: dates.map((_, index) => 1.08 + index / 1000) }];

/** The page gives the chart this many pixels (jsdom lays nothing out). */
function givenWidth(width: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width,
    height: 0,
    top: 0,
    left: 0,
    right: width,
    bottom: 0,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
}

function renderChart() {
  const { container } = render(
    <RatesChart dates={dates} series={series} yLabel="Rate" description="USD over January." formatValue={(value) => value.toFixed(3)} />,
  );
  const svg = container.querySelector('svg')!;
  const labels = [...svg.querySelectorAll('text.rates-chart__date')].map((text) => ({
    text: text.textContent!,
    x: Number(text.getAttribute('x')),
  }));
  return { svg, labels };
}

describe('RatesChart', () => {
  it('is drawn at the width the page gives it, so its labels are not scaled down on a phone', () => {
    givenWidth(343);
    const { svg, labels } = renderChart();
    // One user unit is one CSS pixel: the 12 px labels stay 12 px.
    expect(svg.getAttribute('viewBox')).toBe('0 0 343 240');
    expect(svg.getAttribute('width')).toBe('343');
    // Fewer date labels where they would collide, the first and the last date kept.
    expect(labels.length).toBeGreaterThanOrEqual(2);
    expect(labels.length).toBeLessThan(6);
    expect(labels[0]!.text).toBe('2024-01-01');
    expect(labels.at(-1)!.text).toBe('2024-01-31');
  });

  it('keeps the last date label inside the drawing', () => {
    givenWidth(343);
    const { labels } = renderChart();
    const last = labels.at(-1)!;
    // Centred on x, ten characters of about 7.2 px: its right end is within the 343 px.
    expect(last.x + (last.text.length * 7.2) / 2).toBeLessThanOrEqual(343);
    for (const [index, label] of labels.entries()) if (index > 0) expect(label.x - labels[index - 1]!.x).toBeGreaterThan(72);
  });

  it('shows up to six date labels on a wide page', () => {
    givenWidth(900);
    const { svg, labels } = renderChart();
    expect(svg.getAttribute('viewBox')).toBe('0 0 900 320');
    expect(labels).toHaveLength(6);
    const last = labels.at(-1)!;
    expect(last.x + (last.text.length * 7.2) / 2).toBeLessThanOrEqual(900);
  });
});
