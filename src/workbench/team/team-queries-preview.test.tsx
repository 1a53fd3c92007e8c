// The catalog's and a lookup page's preview of the saved queries kept on a team server, against a
// stubbed server speaking the wire's shapes: nothing on a single-user server; a lookup's queries
// asked by its id, the user's own and then colleagues' shared ones (not the user's again); every
// lookup's named on the catalog; more than a preview's worth said; a refusal said in words.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_PATH, TEAM_ITEMS_PATH, type TeamItemSummary } from '../../lookups/team-wire.ts';
import { LOOKUP_CONFIG_PATH } from '../../lookups/wire.ts';
import { TeamQueriesPreview } from './team-queries-preview.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function summary(n: number, extra: Partial<TeamItemSummary> = {}): TeamItemSummary {
  return {
    id: `item-query${n}`,
    kind: 'query',
    visibility: n % 2 ? 'team' : 'private',
    title: `Query ${n}`,
    owner: 'alice',
    version: 1,
    createdAt: '2026-12-05T10:00:00.000Z',
    updatedAt: '2026-12-05T10:30:00.000Z',
    bytes: 80,
    lookup: 'L',
    ...extra,
  };
}

/** A server: signed in (or not), answering lists with `list`; the list requests it was sent. */
function serve(signedIn: boolean, list: (query: URLSearchParams) => Response) {
  const asked: URLSearchParams[] = [];
  const fetchMock = vi.fn(async (url: string) => {
    if (url === LOOKUP_CONFIG_PATH) return json(200, { lookups: {}, ...(signedIn && { signedIn: true }) });
    if (url === IDENTITY_PATH) return signedIn ? json(200, { user: 'alice', admin: false }) : json(404, {});
    if (url.startsWith(`${TEAM_ITEMS_PATH}?`)) {
      const query = new URLSearchParams(url.split('?')[1]);
      asked.push(query);
      return list(query);
    }
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return { asked, fetchMock };
}

function renderPreview(lookupId?: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <TeamQueriesPreview {...(lookupId && { lookupId })} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('queries saved on the team server, on the catalog and a lookup page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows nothing on a single-user server, and asks for no list', async () => {
    const { asked, fetchMock } = serve(false, () => json(500, {}));
    renderPreview('L');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(LOOKUP_CONFIG_PATH, expect.anything()));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it("lists a lookup's queries, asked by its id: the user's own, then colleagues' shared ones, each opening through /shared", async () => {
    const bobs = summary(3, { owner: 'bob', title: "Bob's query" });
    const { asked } = serve(true, (query) =>
      json(200, { items: query.get('scope') === 'mine' ? [summary(1), summary(2)] : [bobs, summary(1)] }),
    );
    renderPreview('L');
    const region = await screen.findByRole('region', { name: 'Saved on the team server' });
    expect(asked.map((query) => Object.fromEntries(query))).toEqual([
      { scope: 'mine', kind: 'query', lookup: 'L' },
      { scope: 'team', kind: 'query', lookup: 'L' },
    ]);
    const yours = within(within(region).getByRole('region', { name: 'Yours' })).getAllByRole('listitem');
    expect(yours).toHaveLength(2);
    expect(within(yours[0]!).getByRole('link', { name: 'Query 1' })).toHaveAttribute('href', '/shared/item-query1');
    expect(yours[0]).toHaveTextContent(/^Query 1 · team · changed/);
    expect(yours[1]).toHaveTextContent(/^Query 2 · only you · changed/);
    // Alice's own shared query is under Yours alone; on its lookup's page a query does not name the lookup again.
    const team = within(within(region).getByRole('region', { name: 'Shared by your team' })).getAllByRole('listitem');
    expect(team).toHaveLength(1);
    expect(team[0]).toHaveTextContent(/^Bob's query · by bob · team · changed/);
    expect(within(region).queryByText(/most recent/)).not.toBeInTheDocument();
  });

  it("names each query's lookup on the catalog, shows the five most recent and says there are more", async () => {
    const { asked } = serve(true, () =>
      json(200, { items: Array.from({ length: 7 }, (_, n) => summary(n + 1, { lookup: n % 2 ? 'H' : 'L' })), next: '1.item-query7' }),
    );
    renderPreview();
    const region = await screen.findByRole('region', { name: 'Saved on the team server' });
    expect(asked.map((query) => Object.fromEntries(query))).toEqual([
      { scope: 'mine', kind: 'query' },
      { scope: 'team', kind: 'query' },
    ]);
    // The team's list holds only the user's own queries here: it is left out.
    expect(within(region).queryByRole('region', { name: 'Shared by your team' })).not.toBeInTheDocument();
    const rows = within(region).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent(/^Query 1 · L\. Crime/);
    expect(rows[1]).toHaveTextContent(/^Query 2 · H\. /);
    expect(within(region).getByText(/The 5 most recent\./)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'All on the Saved page' })).toHaveAttribute('href', '/saved');
  });

  it("shows nothing when there is no query there but the user's own, and says why when a list is refused", async () => {
    serve(true, (query) =>
      query.get('lookup') === 'H'
        ? json(200, { items: query.get('scope') === 'team' ? [summary(4, { lookup: 'H', visibility: 'team' })] : [] })
        : json(503, { error: { message: 'the store is down' } }),
    );
    renderPreview('H');
    renderPreview('L');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The saved queries on the team server could not be listed: The workspace items: the store is down',
    );
    expect(screen.queryByRole('region', { name: 'Saved on the team server' })).not.toBeInTheDocument();
  });
});
