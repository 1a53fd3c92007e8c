// A whole collection saved on the team server from /saved (issue 35): on a team server each
// collection's heading offers "Save “<name>” on the team server…", which stores its queries (with
// their names) and its SQL queries as one item of kind `collection`; a single-user server shows none.
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_PATH, TEAM_ITEMS_PATH } from '../../lookups/team-wire.ts';
import { LOOKUP_CONFIG_PATH } from '../../lookups/wire.ts';
import { CollectionsManager } from '../saved/collections-manager.tsx';
import { clearSavedQueries, putSavedQueries } from '../saved/saved-store.ts';
import { SAVED_SQL_KEY } from '../saved/saved-sql.ts';
import { pathLookup, savedFrom } from '../saved/testing/saved-fixtures.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(signedIn: boolean) {
  const posted: unknown[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === LOOKUP_CONFIG_PATH) return json(200, { lookups: {}, ...(signedIn && { signedIn: true }) });
    if (url === IDENTITY_PATH) return json(200, { user: 'alice', admin: false });
    if (url === TEAM_ITEMS_PATH && init?.method === 'POST') {
      const item = JSON.parse(init.body as string) as Record<string, unknown>;
      posted.push(item);
      const now = '2026-12-05T10:00:00.000Z';
      return json(201, { ...item, id: 'coll-0001', owner: 'alice', version: 1, createdAt: now, updatedAt: now, bytes: 10 });
    }
    if (url.startsWith(TEAM_ITEMS_PATH)) return json(200, { items: [] });
    return json(404, { error: { message: 'not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { posted, fetchMock };
}

function renderManager() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CollectionsManager />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const trip = savedFrom(pathLookup, { name: 'First stop', collection: 'Trips', note: 'before noon' });
const other = savedFrom(pathLookup, { name: 'Elsewhere', collection: 'Other' });

beforeEach(async () => {
  await putSavedQueries([trip, other]);
  localStorage.setItem(
    SAVED_SQL_KEY,
    JSON.stringify([
      { id: 'sql-1', name: 'Count them', collection: 'Trips', sql: 'select count(*) from answer', createdAt: 1, updatedAt: 1 },
    ]),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await clearSavedQueries();
});

describe('saving a collection on the team server', () => {
  it('stores the collection’s queries and SQL queries as one team item', async () => {
    const { posted } = serve(true);
    renderManager();
    await userEvent.click(await screen.findByRole('button', { name: 'Save “Trips” on the team server…' }));
    const dialog = screen.getByRole('dialog', { name: 'Save Collection on the team server' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Trips');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Team/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      kind: 'collection',
      visibility: 'team',
      title: 'Trips',
      body: {
        name: 'Trips',
        queries: [{ name: 'First stop', lookupId: trip.lookupId, operationId: trip.operationId, search: trip.search, note: 'before noon' }],
        sql: [{ name: 'Count them', sql: 'select count(*) from answer' }],
      },
    });
    expect(screen.getByRole('button', { name: 'Save “Other” on the team server…' })).toBeInTheDocument();
  });

  it('is not offered on a single-user server', async () => {
    const { fetchMock } = serve(false);
    renderManager();
    expect(await screen.findAllByRole('heading', { name: 'Trips' })).not.toHaveLength(0);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(LOOKUP_CONFIG_PATH, expect.anything()));
    expect(screen.queryByRole('button', { name: /on the team server/ })).not.toBeInTheDocument();
  });
});
