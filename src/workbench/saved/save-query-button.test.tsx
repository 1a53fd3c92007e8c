import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { SaveQueryButton } from './save-query-button.tsx';
import { SavedSection } from './saved-section.tsx';
import { clearSavedQueries, listSavedQueries, saveQuery } from './saved-store.ts';
import { pathLookup } from './testing/saved-fixtures.ts';
import { sentQuerySearch } from '../../form/url-state.ts';
import { IDENTITY_PATH, TEAM_ITEMS_PATH } from '../../lookups/team-wire.ts';
import { LOOKUP_CONFIG_PATH } from '../../lookups/wire.ts';
import { openedQueryState } from '../team/opened-team-query.ts';

afterEach(() => clearSavedQueries());

const { lookup, operation } = pathLookup;
const example = operation.example as Record<string, string>;

function renderButton(values: Record<string, string> = example, sentValues?: Record<string, string>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SaveQueryButton lookup={lookup} operation={operation} values={values} sentValues={sentValues} />
        <SavedSection lookupId={lookup.id} title="Saved queries" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('saving a query', () => {
  it('opens a labelled dialog with the name focused, saves into a new collection with the keyboard, and lists it', async () => {
    const user = userEvent.setup();
    renderButton();
    const opener = screen.getByRole('button', { name: 'Save query…' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Save query' });
    const name = within(dialog).getByLabelText('Name');
    // Focus lands as the dialog opens; waiting for it, not for the dialog alone, keeps the check
    // from racing the commit that shows it on a loaded machine (it still fails if focus never moves).
    await waitFor(() => expect(name).toHaveFocus());
    expect((name as HTMLInputElement).value).toContain(lookup.title);
    await user.clear(name);
    await user.type(name, 'Favourite');
    await user.tab();
    expect(within(dialog).getByLabelText('Note (optional)')).toHaveFocus();
    await user.keyboard('Checked every week');
    await user.tab();
    const collection = within(dialog).getByLabelText('Collection');
    expect(collection).toHaveFocus();
    await user.selectOptions(collection, 'New collection…');
    await user.type(within(dialog).getByLabelText('New collection name'), 'Weekly{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
    expect(screen.getByText('Saved “Favourite” in “Weekly”.')).toHaveAttribute('role', 'status');
    const [saved] = await listSavedQueries();
    expect(saved).toMatchObject({
      name: 'Favourite',
      note: 'Checked every week',
      collection: 'Weekly',
      lookupId: lookup.id,
      operationId: operation.id,
      search: sentQuerySearch(lookup, operation, example),
    });
    const link = await screen.findByRole('link', { name: 'Favourite' });
    expect(link).toHaveAttribute('href', `/lookups/${lookup.slug}${saved!.search}`);
  });

  it('says at the field what is missing or taken, and Escape closes without saving', async () => {
    const user = userEvent.setup();
    await saveQuery({ name: 'Taken', collection: 'My queries', lookupId: lookup.id, operationId: operation.id, search: '?x' });
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Save query…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save query' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(name).toHaveFocus();
    await user.type(name, ' taken ');
    await user.keyboard('{Enter}');
    expect(name).toHaveAccessibleDescription('“taken” is already saved in “My queries”: choose another name');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await listSavedQueries()).toHaveLength(1);
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Save query…' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByRole('button', { name: 'Cancel' }).focus();
    await user.tab();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('saves the query last sent while the form has errors, and says why nothing can be saved without one', async () => {
    const user = userEvent.setup();
    const { unmount } = renderButton({}, example);
    await user.click(screen.getByRole('button', { name: 'Save query…' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await listSavedQueries())[0]?.search).toBe(sentQuerySearch(lookup, operation, example)));
    unmount();

    renderButton({});
    await user.click(screen.getByRole('button', { name: 'Save query…' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText(/^Fix the form before saving: .+ is required\.$/)).toBeInTheDocument();
  });
});

describe('saving a query on a team server', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers "Only me" and "Team" and keeps the query on the server, for the team when chosen', async () => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const posted: Array<Record<string, unknown>> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === LOOKUP_CONFIG_PATH) return json(200, { lookups: {}, signedIn: true });
        if (url === IDENTITY_PATH) return json(200, { user: 'alice', admin: false });
        if (url === TEAM_ITEMS_PATH && init?.method === 'POST') {
          const item = JSON.parse(init.body as string) as Record<string, unknown>;
          posted.push(item);
          const now = '2026-12-05T10:00:00.000Z';
          return json(201, { ...item, id: 'item-0001', owner: 'alice', version: 1, createdAt: now, updatedAt: now, bytes: 10 });
        }
        return json(404, { error: { message: 'not found' } });
      }),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SaveQueryButton lookup={lookup} operation={operation} values={example} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save query…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save query' });
    const who = await within(dialog).findByRole('group', { name: 'Who sees it' });
    expect(within(who).getByRole('radio', { name: /Only me/ })).toBeChecked();
    await user.click(within(who).getByRole('radio', { name: /Team/ }));
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'For the team{Enter}');

    expect(await screen.findByText('Saved “For the team” on the team server (the team sees it).')).toHaveAttribute('role', 'status');
    expect(posted).toEqual([
      {
        kind: 'query',
        visibility: 'team',
        title: 'For the team',
        body: {
          lookupId: lookup.id,
          operationId: operation.id,
          search: sentQuerySearch(lookup, operation, example),
          collection: 'My queries',
        },
      },
    ]);
    expect(await listSavedQueries()).toEqual([]);
  });
});

describe('updating a query opened from the team server', () => {
  afterEach(() => vi.unstubAllGlobals());

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const stored = {
    id: 'item-query01',
    kind: 'query',
    visibility: 'team',
    title: 'Springfield',
    owner: 'alice',
    version: 1,
    createdAt: '2026-12-05T10:00:00.000Z',
    updatedAt: '2026-12-05T10:00:00.000Z',
    bytes: 90,
    body: { lookupId: lookup.id, operationId: operation.id, search: '?old=1', collection: 'Work', note: 'for the review' },
  };

  /** A team server where `user` is signed in; the item goes to `version` with each PUT until `staleAfter` edits. */
  function serve(user: string, admin = false, staleAfter = Infinity) {
    const edits: Array<Record<string, unknown>> = [];
    let version = 1;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === LOOKUP_CONFIG_PATH) return json(200, { lookups: {}, signedIn: true });
        if (url === IDENTITY_PATH) return json(200, { user, admin });
        if (url === `${TEAM_ITEMS_PATH}/${stored.id}` && init?.method === 'PUT') {
          const edit = JSON.parse(init.body as string) as Record<string, unknown>;
          edits.push(edit);
          if (edits.length > staleAfter) {
            const current = { ...stored, version: version + 1 };
            return json(409, { error: { code: 'stale_version', message: 'changed' }, current, yours: edit });
          }
          version += 1;
          return json(200, { ...stored, ...edit, version });
        }
        if (url === `${TEAM_ITEMS_PATH}/${stored.id}`) return json(200, { ...stored, version });
        return json(404, { error: { message: 'not found' } });
      }),
    );
    return edits;
  }

  function renderOpened(opened = true) {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[{ pathname: '/lookups/x', state: opened ? openedQueryState(stored) : null }]}>
          <SaveQueryButton lookup={lookup} operation={operation} values={example} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it("saves the form's query into the item, keeping its title, note, collection and who sees it, from the version opened", async () => {
    const edits = serve('alice', false, 1);
    const user = userEvent.setup();
    renderOpened();
    await user.click(await screen.findByRole('button', { name: 'Update “Springfield” on the server' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Updated “Springfield” on the team server.');
    expect(edits).toEqual([
      {
        title: 'Springfield',
        visibility: 'team',
        body: { ...stored.body, search: sentQuerySearch(lookup, operation, example) },
        version: 1,
      },
    ]);
    // The next update is made from the version the last one made; one the server moved on meanwhile is refused, in words.
    await user.click(screen.getByRole('button', { name: 'Update “Springfield” on the server' }));
    expect(await screen.findByText(/^Not updated: “Springfield” changed on the server since you opened it/)).toHaveTextContent(
      'it is at version 3 now). Open it again from the Saved page to start from that version.',
    );
    expect(edits[1]).toMatchObject({ version: 2 });
  });

  it('is offered to its owner and an admin only, and only on a page opened from the item', async () => {
    const user = userEvent.setup();
    /** The page knows who is signed in once the Save dialog asks who sees the query. */
    const signedIn = async () => {
      await user.click(screen.getByRole('button', { name: 'Save query…' }));
      await within(await screen.findByRole('dialog', { name: 'Save query' })).findByRole('group', { name: 'Who sees it' });
    };
    serve('bob');
    renderOpened();
    await signedIn();
    expect(screen.queryByRole('button', { name: /^Update/ })).not.toBeInTheDocument();
    cleanup();

    serve('carol', true);
    renderOpened();
    expect(await screen.findByRole('button', { name: 'Update “Springfield” on the server' })).toBeInTheDocument();
    cleanup();

    serve('alice');
    renderOpened(false);
    await signedIn();
    expect(screen.queryByRole('button', { name: /^Update/ })).not.toBeInTheDocument();
  });
});
