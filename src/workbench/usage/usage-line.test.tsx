import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordUsage, USAGE_STORAGE_KEY } from './usage-store.ts';
import { UsageLine } from './usage-line.tsx';

afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
});

describe('the usage line', () => {
  it('shows today’s counts and follows new answers', () => {
    render(<UsageLine lookupId="A" />);
    expect(screen.getByText('Today from this browser: 0 live calls · 0 demo answers · 0 from cache')).toBeInTheDocument();
    act(() => recordUsage('A', 'demo'));
    act(() => recordUsage('B', 'demo'));
    expect(screen.getByText('Today from this browser: 0 live calls · 1 demo answer · 0 from cache')).toBeInTheDocument();
    act(() => recordUsage('A', 'demo'));
    act(() => recordUsage('A', 'live'));
    expect(screen.getByText('Today from this browser: 1 live call · 2 demo answers · 0 from cache')).toBeInTheDocument();
  });

  it('adds the running cost for a per-call price', () => {
    const today = new Date().toISOString().slice(0, 10);
    window.localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ day: today, lookups: { R: { live: 3, demo: 1, cache: 2 } } }));
    render(<UsageLine lookupId="R" pricePerCall={0.006} />);
    expect(screen.getByText(/^Today from this browser: 3 live calls · 1 demo answer · 2 from cache · \$0\.018 today$/)).toBeInTheDocument();
  });

  it('falls back to zero at UTC midnight without a reload', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-23T23:59:59Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    recordUsage('R', 'live');
    render(<UsageLine lookupId="R" pricePerCall={0.006} />);
    expect(screen.getByText(/1 live call .* \$0\.006 today/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByText(/0 live calls .* \$0\.00 today/)).toBeInTheDocument();
  });
});
