import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WatchQueryButton } from './watch-query-button.tsx';

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <WatchQueryButton lookupId="H" operationId="records" params={{ zipcode: '62701' }} name="Springfield" />
        <p>page</p>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Watch this query…', () => {
  it('is not offered when the server runs no jobs', async () => {
    const fetchMock = vi.fn(async () => Response.json({ enabled: false }));
    vi.stubGlobal('fetch', fetchMock);
    renderButton();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Watch this query…' })).not.toBeInTheDocument();
  });

  it('creates a watchlist through POST /watches with the chosen name and schedule, and links to the Watch page', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/jobs/config') return Response.json({ enabled: true });
      if (url === '/watches' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name: string; schedule: string };
        return Response.json(
          { id: 'w1', url: '/watches/w1', name: body.name, schedule: body.schedule, rows: 1, stopped: false },
          { status: 201 },
        );
      }
      return new Response('no', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Watch this query…' }));
    const name = screen.getByLabelText('Watchlist name');
    expect(name).toHaveValue('Springfield');
    await userEvent.clear(name);
    await userEvent.type(name, 'Springfield weekly');
    await userEvent.click(screen.getByRole('radio', { name: 'weekly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start watching' }));
    expect(await screen.findByText(/The server runs “Springfield weekly” weekly/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch page' })).toHaveAttribute('href', '/watches');
    const [, init] = fetchMock.mock.calls.find(([url, options]) => url === '/watches' && options?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      name: 'Springfield weekly',
      lookup: 'H',
      operation: 'records',
      rows: [{ zipcode: '62701' }],
      schedule: 'weekly',
    });
  });

  it('says why the server refused, and sends nothing without a name', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/jobs/config') return Response.json({ enabled: true });
      if (url === '/watches' && init?.method === 'POST')
        return Response.json({ error: { message: 'The watch is not valid: rows: too many' } }, { status: 400 });
      return new Response('no', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Watch this query…' }));
    await userEvent.clear(screen.getByLabelText('Watchlist name'));
    await userEvent.click(screen.getByRole('button', { name: 'Start watching' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give the watchlist a name.');
    expect(fetchMock.mock.calls.some(([url]) => url === '/watches')).toBe(false);
    await userEvent.type(screen.getByLabelText('Watchlist name'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Start watching' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The watch is not valid: rows: too many');
  });
});

describe('the Watchlist name field', () => {
  it('is wide enough for a long default name', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ enabled: true })),
    );
    const name = 'M. San Francisco Police Department Calls for Service · calls';
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <WatchQueryButton lookupId="M" operationId="calls" params={{ lat: 37.77, lon: -122.42 }} name={name} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Watch this query…' }));
    const field = screen.getByLabelText<HTMLInputElement>('Watchlist name');
    expect(field).toHaveValue(name);
    expect(field.size).toBeGreaterThanOrEqual(name.length);
  });
});
