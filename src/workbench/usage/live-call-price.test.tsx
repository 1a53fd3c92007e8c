import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormActions } from '../../form/form-actions.tsx';
import { lookups } from '../../lookups/registry.ts';
import { formatDollars } from './format-dollars.ts';
import { useLiveCallPrice } from './live-call-price.ts';

function serveConfig(config: unknown | 'pending') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => (config === 'pending' ? new Promise<Response>(() => {}) : Response.json(config))),
  );
}

const modes = (mode: 'live' | 'demo') => ({
  lookups: Object.fromEntries(Object.keys(lookups).map((id) => [id, { mode, key: { in: 'query', name: 'api_key' } }])),
});

function priceOf(lookup: Parameters<typeof useLiveCallPrice>[0]) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useLiveCallPrice(lookup), { wrapper });
}

afterEach(() => vi.unstubAllGlobals());

describe('the price of one send', () => {
  it('is the per-call price of a lookup the server says is live', async () => {
    serveConfig(modes('live'));
    const { result } = priceOf(lookups.R);
    await waitFor(() => expect(result.current).toBe(0.006));
  });

  it('is nothing for demo data and for an unpriced lookup', async () => {
    serveConfig({ lookups: { ...modes('live').lookups, R: { mode: 'demo', key: { in: 'query', name: 'api_key' } } } });
    const demo = priceOf(lookups.R);
    const unpriced = priceOf(lookups.A);
    // A priced lookup the same configuration calls live shows when it has arrived.
    const live = priceOf({ id: 'A', catalog: lookups.R.catalog });
    await waitFor(() => expect(live.result.current).toBe(0.006));
    expect(demo.result.current).toBeUndefined();
    expect(unpriced.result.current).toBeUndefined();
  });

  it('is nothing while the server has not said', () => {
    serveConfig('pending');
    expect(priceOf(lookups.R).result.current).toBeUndefined();
  });

  it('shows on the Send button as the catalog writes prices', () => {
    expect(formatDollars(0.006)).toBe('$0.006');
    expect(formatDollars(0.018)).toBe('$0.018');
    expect(formatDollars(1.2)).toBe('$1.20');
    const noop = () => {};
    const { rerender } = render(
      <FormActions isRunning={false} onCancel={noop} onExample={noop} onClear={noop} price={formatDollars(0.006)} />,
    );
    expect(screen.getByRole('button', { name: 'Send request · $0.006' })).toHaveAttribute('type', 'submit');
    rerender(<FormActions isRunning={false} onCancel={noop} onExample={noop} onClear={noop} />);
    expect(screen.getByRole('button', { name: 'Send request' })).toBeInTheDocument();
  });
});
