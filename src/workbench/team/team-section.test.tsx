// The Saved page's Team section against a stubbed team server speaking the wire's shapes: team items
// with owner and time, the user's own, Edit/Delete for the owner or an admin only, and a stale edit
// (409) shown side by side with "Keep mine" sending it again on the current version.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEAM_ITEMS_PATH, type StaleEdit, type TeamItem } from '../../lookups/team-wire.ts';
import { TeamSection } from './team-section.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function teamItem(id: string, owner: string, title: string, extra: Partial<TeamItem> = {}): TeamItem {
  return {
    id,
    kind: 'query',
    visibility: 'team',
    title,
    owner,
    version: 1,
    createdAt: '2026-12-05T10:00:00.000Z',
    updatedAt: '2026-12-05T10:30:00.000Z',
    bytes: 80,
    body: { lookupId: 'L', operationId: 'incidents', search: '?run=1', collection: 'SF' },
    ...extra,
  };
}

const summary = ({ body: _body, ...rest }: TeamItem) => rest;
const alices = teamItem('item-alice1', 'alice', 'SF crimes, May');
const bobs = teamItem('item-bob001', 'bob', 'Charging stations near the office');
const alicesPrivate = teamItem('item-alice2', 'alice', 'My private query', { visibility: 'private' });

type Handler = (url: string, init?: RequestInit) => Response | undefined;

function serve(extra: Handler = () => undefined) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const special = extra(url, init);
    if (special) return special;
    if (url.startsWith(`${TEAM_ITEMS_PATH}?`)) {
      const scope = new URLSearchParams(url.split('?')[1]).get('scope');
      return json(200, { items: scope === 'team' ? [summary(alices), summary(bobs)] : [summary(alices), summary(alicesPrivate)] });
    }
    const item = [alices, bobs, alicesPrivate].find((candidate) => url === `${TEAM_ITEMS_PATH}/${candidate.id}`);
    return item ? json(200, item) : json(404, { error: { message: 'not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSection(user = 'alice', admin = false) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <TeamSection identity={{ user, admin }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const list = (name: string) => screen.findByRole('region', { name });

describe('the Saved page’s Team section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists team items with owner and time, and the user’s own items on the server', async () => {
    serve();
    renderSection('alice');
    const team = await list('Shared with the team');
    const bobRow = (await within(team).findByRole('link', { name: 'Charging stations near the office' })).closest('li')!;
    expect(bobRow).toHaveTextContent(/Saved query · by bob · team · changed/);
    expect(within(bobRow).getByRole('link')).toHaveAttribute('href', '/shared/item-bob001');
    const mine = await list('Your items on the server');
    expect(await within(mine).findByRole('link', { name: 'My private query' })).toBeInTheDocument();
    expect(within(mine).getByText(/yours · only you/)).toBeInTheDocument();
  });

  it('offers Edit and Delete on an item to its owner only, and to an admin on every item', async () => {
    serve();
    renderSection('alice');
    const team = await list('Shared with the team');
    const bobRow = (await within(team).findByRole('link', { name: 'Charging stations near the office' })).closest('li')!;
    const aliceRow = within(team).getByRole('link', { name: 'SF crimes, May' }).closest('li')!;
    expect(within(bobRow).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(bobRow).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(aliceRow).getByRole('button', { name: 'Edit “SF crimes, May”' })).toBeInTheDocument();
  });

  it('gives an admin Edit and Delete on a colleague’s item', async () => {
    serve();
    renderSection('carol', true);
    const team = await list('Shared with the team');
    const bobRow = (await within(team).findByRole('link', { name: 'Charging stations near the office' })).closest('li')!;
    expect(within(bobRow).getByRole('button', { name: 'Delete “Charging stations near the office”' })).toBeInTheDocument();
  });

  it('shows both versions of a stale edit and, on "Keep mine", sends it again on the current version', async () => {
    const puts: Array<Record<string, unknown>> = [];
    const current = { ...alices, version: 2, title: 'SF crimes, May (checked)', updatedAt: '2026-12-05T11:00:00.000Z' };
    serve((_url, init) => {
      if (init?.method !== 'PUT') return undefined;
      const edit = JSON.parse(init.body as string) as Record<string, unknown>;
      puts.push(edit);
      if (edit.version === 1) {
        const stale: StaleEdit = {
          error: { code: 'stale_version', message: 'alice changed this item at 11:00 (version 2); yours was made from version 1.' },
          current,
          yours: { version: 1, title: String(edit.title) },
        };
        return json(409, stale);
      }
      return json(200, { ...current, title: edit.title, version: 3 });
    });
    renderSection('alice');
    const team = await list('Shared with the team');
    await userEvent.click(await within(team).findByRole('button', { name: 'Edit “SF crimes, May”' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit “SF crimes, May”' });
    const title = within(editor).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveFocus();
    await userEvent.clear(title);
    await userEvent.type(title, 'SF crimes, first week of May');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));

    const stale = await screen.findByRole('dialog', { name: 'This item changed since you opened it' });
    expect(stale).toHaveTextContent('alice changed this item at 11:00 (version 2); yours was made from version 1.');
    const yours = within(stale).getByRole('region', { name: 'Your version' });
    const theirs = within(stale).getByRole('region', { name: 'The current version' });
    expect(yours).toHaveTextContent('SF crimes, first week of May');
    expect(theirs).toHaveTextContent('SF crimes, May (checked)');
    expect(theirs).toHaveTextContent(/Version 2, changed .*alice’s item/);
    expect(within(stale).getByRole('button', { name: 'Keep mine' })).toHaveFocus();

    await userEvent.click(within(stale).getByRole('button', { name: 'Keep mine' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts.map((edit) => [edit.title, edit.version])).toEqual([
      ['SF crimes, first week of May', 1],
      ['SF crimes, first week of May', 2],
    ]);
  });

  it('"Take the current one" drops the edit without sending it again', async () => {
    let putCount = 0;
    serve((_url, init) => {
      if (init?.method !== 'PUT') return undefined;
      putCount += 1;
      return json(409, {
        error: { code: 'stale_version', message: 'changed' },
        current: { ...alices, version: 2 },
        yours: { version: 1 },
      } satisfies StaleEdit);
    });
    renderSection('alice');
    const team = await list('Shared with the team');
    await userEvent.click(await within(team).findByRole('button', { name: 'Edit “SF crimes, May”' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: /changed since/ })).getByRole('button', { name: 'Take the current one' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(putCount).toBe(1);
  });

  it('deletes after asking, as of the version listed', async () => {
    const fetchMock = serve((_url, init) => (init?.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined));
    renderSection('alice');
    const mine = await list('Your items on the server');
    await userEvent.click(await within(mine).findByRole('button', { name: 'Delete “My private query”' }));
    await userEvent.click(within(mine).getByRole('button', { name: 'Yes, delete “My private query”' }));
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(`${TEAM_ITEMS_PATH}/item-alice2?version=1`, expect.objectContaining({ method: 'DELETE' })),
    );
  });
});
