// "Run this dossier on the server" refused for a per-user quota (issue 35): the server's words, how
// many of the dossier's jobs had started, and where to see one's jobs.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { registryIndex } from '../../lookups/registry.ts';
import { DossierServerRun } from './dossier-server-run.tsx';

afterEach(() => vi.unstubAllGlobals());

it('says which quota stopped the dossier, after how many of its jobs, with a link to the Jobs page', async () => {
  const message = 'You have 10 jobs waiting or running, the most one user may have at once (10)';
  let posted = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/jobs/config') return Response.json({ enabled: true });
      if (url === '/jobs' && init?.method === 'POST') {
        posted += 1;
        if (posted === 1) return Response.json({ id: 'job-1', url: '/jobs/job-1' }, { status: 202 });
        return Response.json({ error: { code: 'quota', quota: 'jobs', limit: 10, used: 10, message } }, { status: 429 });
      }
      return new Response('no', { status: 404 });
    }),
  );
  const { lookup, operation } = registryIndex.operation('H', 'records')!;
  const query = { lookup, operation, values: { zipcode: '62701' } };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <DossierServerRun queries={[query, query]} title="Dossier around 62701" path="/dossier?zip=62701" masked ready />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Run this dossier on the server' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(`The dossier was not sent: ${message} (1 of the jobs had started)`);
  expect(screen.getByRole('link', { name: 'See your jobs' })).toHaveAttribute('href', '/jobs');
});
