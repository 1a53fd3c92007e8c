// Issue 37 item 15: a watchlist's page says its name and its query in words, and its runs on the
// Jobs page link back to it by name.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerJob, WatchDetail } from '../../api/jobs-client.ts';
import { JobsList } from './jobs-list.tsx';
import { WatchHistory } from './watch-history.tsx';

const WATCH_ID = '6f1c2a9e-0b7d-4c3e-9a51-2d8e4f6a7b90';

function renderWith(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const watch: WatchDetail = {
  id: WATCH_ID,
  url: `/watches/${WATCH_ID}`,
  name: 'SF M last 2h',
  owner: 'alice',
  lookup: 'M',
  operation: 'calls',
  rows: 12,
  schedule: 'hourly',
  stopped: false,
  createdAt: '2026-12-05T03:00:00.000Z',
  lastJob: null,
  query: {
    lookupTitle: 'M. San Francisco calls for service',
    operationLabel: 'Calls near a point',
    rows: [
      { lat: 37.7749, lon: -122.4194, radius: 0.5, call_types: ['Alarm', 'Fire'] },
      ...Array.from({ length: 9 }, (_, index) => ({ lat: 37.7 + index / 100, lon: -122.4 })),
    ],
    totalRows: 12,
  },
  changes: [],
};

function job(overrides: Partial<ServerJob>): ServerJob {
  const id = overrides.id ?? '0a1b2c3d-0000-4000-8000-000000000001';
  return {
    id,
    url: `/jobs/${id}`,
    owner: 'alice',
    lookup: 'M',
    slug: 'm',
    operation: 'calls',
    shared: false,
    state: 'completed',
    rows: 1,
    done: 1,
    failed: 0,
    createdAt: '2026-12-05T03:00:00.000Z',
    startedAt: '2026-12-05T03:00:00.000Z',
    finishedAt: '2026-12-05T03:00:01.000Z',
    resumesAt: null,
    rate: 1,
    etaSeconds: null,
    watch: null,
    group: null,
    concurrency: 1,
    results: { csv: `/jobs/${id}/result.csv`, json: `/jobs/${id}/result.json`, geojson: `/jobs/${id}/result.geojson` },
    events: `/jobs/${id}/events`,
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('a watchlist’s page', () => {
  it('says its name and its query in words: the lookup, the operation and each row’s parameters', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(watch)),
    );
    renderWith(<WatchHistory id={WATCH_ID} />);
    expect(await screen.findByRole('heading', { name: 'SF M last 2h' })).toBeInTheDocument();
    expect(screen.getByText('Lookup')).toBeInTheDocument();
    expect(screen.getByText('M. San Francisco calls for service · Calls near a point')).toBeInTheDocument();
    expect(screen.getByText('Parameters of its 12 rows')).toBeInTheDocument();
    expect(screen.getByText('lat=37.7749 · lon=-122.4194 · radius=0.5 · call_types=Alarm,Fire')).toBeInTheDocument();
    expect(screen.getByText('and 2 more')).toBeInTheDocument();
  });
});

describe('the Jobs page', () => {
  it('links a watchlist’s run back to its watchlist by name', async () => {
    const run = job({ watch: WATCH_ID });
    const other = job({ id: '0a1b2c3d-0000-4000-8000-000000000002', lookup: 'H', operation: 'records' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/watches' ? Response.json({ watches: [watch] }) : Response.json({ jobs: [run, other] }))),
    );
    renderWith(<JobsList />);
    const link = await screen.findByRole('link', { name: 'Watch: SF M last 2h' });
    expect(link).toHaveAttribute('href', `/watches/${WATCH_ID}`);
    const row = link.closest('tr')!;
    expect(within(row).getByRole('link', { name: 'M · calls' })).toHaveAttribute('href', `/jobs/${run.id}`);
    // A job that is no watchlist's run has no such link.
    expect(screen.getAllByRole('link', { name: /^Watch:/ })).toHaveLength(1);
  });
});
