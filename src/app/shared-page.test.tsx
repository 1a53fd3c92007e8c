// /shared/<id>: a snapshot opens in the viewer, read-only, saying whose it is; a saved query opens
// its lookup page; a missing item says so. The team server is stubbed with the wire's shapes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEAM_ITEMS_PATH, type TeamItem } from '../lookups/team-wire.ts';
import { PreferencesProvider } from './preferences.tsx';
import { createTestRouter } from './routes.tsx';

const car = {
  city_mpg: 30,
  class: 'midsize car',
  combination_mpg: 33,
  cylinders: 4,
  displacement: 2.5,
  drive: 'fwd',
  fuel_type: 'gas',
  highway_mpg: 38,
  make: 'toyota',
  model: 'camry',
  transmission: 'a',
  year: 2022,
};

function item(kind: TeamItem['kind'], body: TeamItem['body']): TeamItem {
  return {
    id: 'item-0001',
    kind,
    visibility: 'team',
    title: 'F. Car specifications · make=toyota',
    owner: 'alice',
    version: 1,
    createdAt: '2026-12-05T10:00:00.000Z',
    updatedAt: '2026-12-05T10:00:00.000Z',
    bytes: 500,
    body,
  };
}

const snapshot = item('snapshot', {
  lookupId: 'F',
  operationId: 'cars',
  title: 'F. Car specifications · make=toyota',
  masked: false,
  params: { make: 'toyota' },
  search: '?make=toyota&run=1',
  response: {
    url: '/proxy/f/v1/cars?make=toyota',
    method: 'GET',
    status: 200,
    statusText: 'OK',
    headers: [['content-type', 'application/json']],
    source: 'demo',
    timeMs: 12,
    sizeBytes: 300,
    contentType: 'application/json',
    text: JSON.stringify([car]),
    body: [car],
  },
});

function serve(answer: TeamItem | undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === `${TEAM_ITEMS_PATH}/item-0001` && answer
        ? new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ error: { message: 'not found' } }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          }),
    ),
  );
}

function open(path = '/shared/item-0001') {
  const router = createTestRouter(path);
  render(
    <PreferencesProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PreferencesProvider>,
  );
  return router;
}

describe('/shared/<id>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a snapshot in the viewer, read-only, saying whose it is and when, with the sender's records", async () => {
    serve(snapshot);
    open();
    const notice = await screen.findByRole('note', { name: 'Shared snapshot' }, { timeout: 20_000 });
    expect(notice).toHaveTextContent(/Snapshot shared by alice on .*read-only, nothing was fetched now/);
    expect(within(notice).getByRole('link', { name: 'Ask the lookup again' })).toHaveAttribute('href', '/lookups/f?make=toyota&run=1');
    expect(await screen.findByRole('cell', { name: 'camry' }, { timeout: 20_000 })).toBeInTheDocument();
    // Nothing is asked of the lookup: no request goes to the proxy.
    expect(
      vi
        .mocked(fetch)
        .mock.calls.map(([url]) => url)
        .filter((url) => String(url).startsWith('/proxy')),
    ).toEqual([]);
  });

  it('opens a shared saved query on its lookup page', async () => {
    serve(item('query', { lookupId: 'F', operationId: 'cars', search: '?make=toyota&run=1', collection: 'Cars' }));
    const router = open();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/lookups/f'), { timeout: 20_000 });
    expect(router.state.location.search).toBe('?make=toyota&run=1');
  });

  it('says plainly when the item is not there', async () => {
    serve(undefined);
    open();
    expect(await screen.findByRole('alert', {}, { timeout: 20_000 })).toHaveTextContent(
      /Could not open it: This item is not on the server/,
    );
  });
});
