import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TimeHistogram, timeBins } from './time-histogram.tsx';
import { Legend } from './legend.tsx';

afterEach(cleanup);

const HOUR = 3_600_000;
const start = Date.parse('2024-05-01T00:00:00Z');
const times = Float64Array.from({ length: 60 }, (_, index) => start + index * HOUR);

describe('timeBins', () => {
  it('counts every timed record once, from the first time to the last', () => {
    const bins = timeBins(Float64Array.from([...times, Number.NaN]))!;
    expect(bins.start).toBe(start);
    expect(bins.end).toBe(start + 59 * HOUR);
    expect(bins.counts.reduce((sum, count) => sum + count, 0)).toBe(60);
  });
  it('has nothing to show without a time', () => {
    expect(timeBins(Float64Array.from([Number.NaN]))).toBeUndefined();
  });
});

describe('TimeHistogram', () => {
  it('moves the window with the arrows, widens it with Shift, and clears it with Escape', () => {
    const onChange = vi.fn();
    const time = { from: '2024-05-01T10:00:00Z', to: '2024-05-01T20:00:00Z' };
    render(<TimeHistogram times={times} time={time} onChange={onChange} />);
    const slider = screen.getByRole('slider', { name: 'Time window' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    const moved = onChange.mock.lastCall![0] as { from: string; to: string };
    expect(Date.parse(moved.from)).toBeGreaterThan(Date.parse(time.from));
    expect(Date.parse(moved.to) - Date.parse(moved.from)).toBe(Date.parse(time.to) - Date.parse(time.from));
    fireEvent.keyDown(slider, { key: 'ArrowRight', shiftKey: true });
    const widened = onChange.mock.lastCall![0] as { from: string; to: string };
    expect(widened.from).toBe(time.from);
    expect(Date.parse(widened.to)).toBeGreaterThan(Date.parse(time.to));
    fireEvent.keyDown(slider, { key: 'Escape' });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});

describe('Legend', () => {
  it('lists each category as a button named with its count; a click toggles it', async () => {
    const onToggle = vi.fn();
    const legend = {
      column: 'kind',
      entries: [
        { key: 'Theft', count: 3, shown: true },
        { key: 'Fraud', count: 1, shown: false },
      ],
      others: 0,
    };
    render(<Legend legend={legend} onToggle={onToggle} />);
    const list = screen.getByRole('list', { name: 'Legend' });
    expect(list).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Theft 3' }));
    expect(onToggle).toHaveBeenCalledWith('Theft');
    expect(screen.getByRole('button', { name: 'Fraud 1' }).getAttribute('aria-pressed')).toBe('false');
  });
});
