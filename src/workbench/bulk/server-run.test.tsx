import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookups } from '../../lookups/registry.ts';
import { ServerRunButton } from './server-run.tsx';

const lookup = Object.values(lookups)[0]!;
const operation = lookup.operations[0]!;

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/bulk']}>
        <Routes>
          <Route
            path="/bulk"
            element={
              <ServerRunButton lookup={lookup} operation={operation} mask>
                {(run) =>
                  run ? (
                    <button type="button" onClick={() => run([{ index: 0, params: { q: 'x' }, input: {}, rows: ['1'] }], 4)}>
                      Run on the server
                    </button>
                  ) : (
                    <p>browser only</p>
                  )
                }
              </ServerRunButton>
            }
          />
          <Route path="/jobs/:id" element={<p>job page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Run on the server', () => {
  it('is not offered when the server runs no jobs (no JSON at /jobs/config)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } })),
    );
    renderButton();
    expect(await screen.findByText('browser only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run on the server' })).not.toBeInTheDocument();
  });

  it('sends the checked rows to POST /jobs and opens the job', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/jobs/config') return Response.json({ enabled: true });
      if (url === '/jobs' && init?.method === 'POST') return Response.json({ id: 'job-1', url: '/jobs/job-1' }, { status: 202 });
      return new Response('no', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderButton();
    const button = await screen.findByRole('button', { name: 'Run on the server' });
    expect(screen.getByRole('link', { name: 'Jobs on the server' })).toHaveAttribute('href', '/jobs');
    await userEvent.click(button);
    expect(await screen.findByText('job page')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url, options]) => url === '/jobs' && options?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      lookup: lookup.id,
      operation: operation.id,
      rows: [{ q: 'x' }],
      concurrency: 4,
      mask: true,
    });
  });

  it('says plainly which per-user quota refused the job, and where to see one’s jobs when it is the jobs at once', async () => {
    const refusals = [
      { quota: 'jobs', limit: 10, used: 10, message: 'You have 10 jobs waiting or running, the most one user may have at once (10)' },
      { quota: 'job-rows', limit: 5, used: 0, message: 'This job’s 6 rows would pass your 5 rows a day (0 used today)' },
    ];
    for (const refused of refusals) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string, init?: RequestInit) => {
          if (url === '/jobs/config') return Response.json({ enabled: true });
          if (url === '/jobs' && init?.method === 'POST') return Response.json({ error: { code: 'quota', ...refused } }, { status: 429 });
          return new Response('no', { status: 404 });
        }),
      );
      const { unmount } = renderButton();
      await userEvent.click(await screen.findByRole('button', { name: 'Run on the server' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(refused.message);
      const link = screen.queryByRole('link', { name: 'See your jobs' });
      if (refused.quota === 'jobs') expect(link).toHaveAttribute('href', '/jobs');
      else expect(link).not.toBeInTheDocument();
      unmount();
    }
  });
});
