// History on the lookup page: a stored answer reopens without a request, "Fetch fresh" sends it,
// and the side panel lists this lookup's recent requests.
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOOKUP_CONFIG_PATH, PROXY_PREFIX } from '../lookups/wire.ts';
import { clearHistory, historyStore } from '../workbench/history/history-store.ts';
import { newEntry, plainLookup } from '../workbench/history/history-testing.ts';
import { storedAnswerHref } from '../workbench/history/history-links.ts';
import { renderRoute, setupLookupRouteTests } from './testing/lookup-route.tsx';

const operation = plainLookup.operations[0]!;
const search = `?${new URLSearchParams(operation.example as Record<string, string>)}`;

function stubServer() {
  const proxyCalls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url === LOOKUP_CONFIG_PATH) return Response.json({ lookups: {} });
      if (url.startsWith(PROXY_PREFIX)) {
        proxyCalls.push(url);
        return Response.json({ fresh: true }, { headers: { 'x-lookup-source': 'demo' } });
      }
      return new Response('not found', { status: 404 });
    }),
  );
  return { proxyCalls };
}

// The page, its viewer and the lookup's definition are lazy: loaded once here, and each test renders
// once its route is ready, so no test's timing depends on a cold import.
setupLookupRouteTests(plainLookup.slug);
beforeEach(() => clearHistory());
afterEach(() => vi.unstubAllGlobals());

describe('a stored answer on the lookup page', () => {
  it('is shown without a request, marked as stored, until “Fetch fresh”', async () => {
    const user = userEvent.setup();
    const { proxyCalls } = stubServer();
    const entry = await historyStore().add(newEntry(Date.UTC(2026, 0, 2, 8, 30), { lookup: plainLookup, search, bytes: 40 }));
    const router = await renderRoute(storedAnswerHref(entry));
    const notice = await screen.findByRole('note', { name: 'Stored answer' });
    expect(notice).toHaveTextContent(/Stored answer from .+ — not fetched now\./);
    await screen.findByRole('tablist', { name: 'Result views' });
    expect(proxyCalls).toEqual([]);

    await user.click(within(notice).getByRole('button', { name: 'Fetch fresh' }));
    await waitFor(() => expect(proxyCalls).toHaveLength(1));
    expect(router.state.location.search).not.toContain('stored=');
    expect(screen.queryByRole('note', { name: 'Stored answer' })).not.toBeInTheDocument();
    // The fresh answer is recorded a moment after it shows: in History before the next test clears it.
    await waitFor(async () => expect(await historyStore().list()).toHaveLength(2));
  });

  it('says so, and sends nothing, when the stored answer is gone', async () => {
    const { proxyCalls } = stubServer();
    await renderRoute(`/lookups/${plainLookup.slug}${search}&stored=no-such-entry`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This stored answer is no longer in the history (deleted or cleared). Nothing was sent.',
    );
    expect(proxyCalls).toEqual([]);
  });

  it('lists the lookup’s recent requests in the side panel', async () => {
    const user = userEvent.setup();
    stubServer();
    await historyStore().add(newEntry(Date.UTC(2026, 0, 2, 8), { lookup: plainLookup, search, params: { marker: 'first' } }));
    await historyStore().add(newEntry(Date.UTC(2026, 0, 2, 9), { lookup: plainLookup, search, params: { marker: 'second' } }));
    await renderRoute(`/lookups/${plainLookup.slug}`);
    await user.click(await screen.findByText('Recent requests (2)'));
    const list = screen.getByRole('list', { name: `Recent requests of ${plainLookup.title}` });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('marker=second'), expect.stringContaining('marker=first')]);
    expect(within(list).getAllByRole('link', { name: 'Open stored answer' })).toHaveLength(2);
  });
});
