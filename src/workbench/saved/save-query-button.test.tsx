import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
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
