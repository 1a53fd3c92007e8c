import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_PATH, TEAM_ITEMS_PATH } from '../../lookups/team-wire.ts';
import { LOOKUP_CONFIG_PATH } from '../../lookups/wire.ts';
import { SaveToTeamButton } from './save-to-team-button.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(me: Response, create: Response) {
  const posted: unknown[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    // A team server says someone is signed in in its configuration; only then does the page ask /me.
    if (url === LOOKUP_CONFIG_PATH) return json(200, { lookups: {}, ...(me.ok && { signedIn: true }) });
    if (url === IDENTITY_PATH) return me;
    if (url === TEAM_ITEMS_PATH && init?.method === 'POST') {
      posted.push(JSON.parse(init.body as string));
      return create;
    }
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return { posted, fetchMock };
}

function renderButton() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SaveToTeamButton kind="sql" body={() => ({ sql: 'select 1', collection: 'Mine' })} suggestedTitle="Counts" />
    </QueryClientProvider>,
  );
}

describe('Save on the team server… (SQL queries, dossiers)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows nothing on a single-user server', async () => {
    const { fetchMock } = serve(json(404, {}), json(500, {}));
    renderButton();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(LOOKUP_CONFIG_PATH, expect.anything()));
    expect(fetchMock).not.toHaveBeenCalledWith(IDENTITY_PATH, expect.anything());
    expect(screen.queryByRole('button', { name: 'Save on the team server…' })).not.toBeInTheDocument();
  });

  it('saves for the team with a title, and says which limit refused it', async () => {
    const { posted } = serve(
      json(200, { user: 'alice', admin: false }),
      json(429, { error: { code: 'quota', quota: 'items', message: 'You keep 500 items, the most allowed', limit: 500, used: 500 } }),
    );
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Save on the team server…' }));
    const dialog = screen.getByRole('dialog', { name: 'Save SQL query on the team server' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Team/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not save: You keep 500 items, the most allowed');
    expect(posted).toEqual([{ kind: 'sql', visibility: 'team', title: 'Counts', body: { sql: 'select 1', collection: 'Mine' } }]);
  });
});
