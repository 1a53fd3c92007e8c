// The palette in the app's layout: Ctrl+K or the header button opens it, the keyboard alone finds
// and opens what it lists, and focus goes back where it was.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '../layout.tsx';
import { PreferencesProvider } from '../preferences.tsx';
import { usePageActions, type PageAction } from './page-actions.ts';

vi.mock('../../workbench/history/history-store.ts', () => ({
  listHistory: vi.fn(async () => [
    {
      id: 'h1',
      lookupId: 'A',
      operationId: 'details',
      params: { movie_id: 603 },
      search: '?movie_id=603',
      url: '/proxy/a/movie/603',
      method: 'GET',
      sentAt: Date.now() - 5 * 60_000,
      status: 200,
      durationMs: 12,
      sizeBytes: 100,
      source: 'demo',
      verdict: 'ok',
      recordCount: 1,
      masked: true,
      bodyStored: true,
    },
  ]),
  onHistoryChange: () => () => {},
}));

vi.mock('../../workbench/saved/saved-store.ts', () => ({
  listSavedQueries: vi.fn(async () => [
    {
      id: 's1',
      name: 'Downtown thefts',
      collection: 'Beat 12',
      lookupId: 'L',
      operationId: 'incidents',
      search: '?city=Oakland',
      createdAt: 1,
      updatedAt: 1,
    },
  ]),
  onSavedChange: () => () => {},
}));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function PageWithActions({ actions }: { actions: readonly PageAction[] }) {
  usePageActions(actions);
  return <button type="button">On the page</button>;
}

function renderApp(pageActions: readonly PageAction[] = []) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { index: true, element: <PageWithActions actions={pageActions} /> },
          { path: '*', element: <Where /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <PreferencesProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PreferencesProvider>,
  );
  return router;
}

const pressCtrlK = (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Control>}k{/Control}');
const combobox = () => screen.getByRole('combobox', { name: /Go to a lookup/ });
const activeOption = () => document.getElementById(combobox().getAttribute('aria-activedescendant') ?? '');

beforeAll(() => import('./command-palette.tsx'), 30_000);
beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ lookups: {} })),
  ),
);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the command palette', () => {
  it('opens with Ctrl+K as a modal dialog holding a combobox and its listbox, grouped', async () => {
    const user = userEvent.setup();
    renderApp();
    await pressCtrlK(user);
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' }, { timeout: 5_000 });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const input = combobox();
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Matches' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(within(listbox).getByRole('group', { name: 'Lookups' })).toBeInTheDocument();
    expect(await within(listbox).findByRole('group', { name: 'Saved queries' }, { timeout: 5_000 })).toHaveTextContent('Downtown thefts');
    expect(within(listbox).getByRole('group', { name: 'Recent history' })).toHaveTextContent('A. Movie details: movie_id=603');
    expect(within(listbox).getByRole('group', { name: 'Actions' })).toHaveTextContent('Open History');
    expect(activeOption()).toHaveTextContent('A. Movie details');
    expect(activeOption()).toHaveAttribute('aria-selected', 'true');
  });

  // The focus moves as the dialog appears, not in an effect run later: on a busy machine the
  // effect ran after the test (or the user's next keys) had already looked.
  it('has the focus in its input the moment it appears', async () => {
    const user = userEvent.setup();
    renderApp();
    const focusedWhenShown = new Promise<Element | null>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[role="dialog"]')) return;
        observer.disconnect();
        resolve(document.activeElement);
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await pressCtrlK(user);
    expect(await focusedWhenShown).toBe(combobox());
  });

  it('"crime" then Enter opens L, and focus goes to the new page', async () => {
    const user = userEvent.setup();
    const router = renderApp();
    await pressCtrlK(user);
    await user.type(await screen.findByRole('combobox', { name: /Go to/ }), 'crime');
    expect(activeOption()).toHaveTextContent('L. Crime incidents');
    expect(screen.getByRole('status')).toHaveTextContent('3 matches');
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/lookups/l');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('moves with Down, Up, End and Home, and opens a saved query with its values', async () => {
    const user = userEvent.setup();
    const router = renderApp();
    await pressCtrlK(user);
    await user.type(await screen.findByRole('combobox', { name: /Go to/ }), 'thefts');
    await screen.findByRole('option', { name: /Downtown thefts/ });
    expect(activeOption()).toHaveTextContent('Downtown thefts');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('L. Crime incidents');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Downtown thefts');
    await user.keyboard('{End}');
    expect(activeOption()).toHaveTextContent('L. Crime incidents');
    await user.keyboard('{Home}{Enter}');
    expect(router.state.location.pathname + router.state.location.search).toBe('/lookups/l?city=Oakland');
  });

  it('Escape closes it and gives focus back to what had it', async () => {
    const user = userEvent.setup();
    renderApp();
    const onPage = screen.getByRole('button', { name: 'On the page' });
    onPage.focus();
    await pressCtrlK(user);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onPage).toHaveFocus();
  });

  it('opens from the header button, keeps Tab inside, and closes on a click outside', async () => {
    const user = userEvent.setup();
    renderApp();
    const launcher = screen.getByRole('button', { name: /Search… Ctrl K/ });
    await user.click(launcher);
    await screen.findByRole('dialog');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close Esc' })).toHaveFocus();
    await user.tab();
    expect(combobox()).toHaveFocus();
    await user.click(document.querySelector('.palette-backdrop')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(launcher).toHaveFocus();
  });

  it('runs actions: the theme, masking, and what the page offers', async () => {
    const user = userEvent.setup();
    const exported = vi.fn();
    renderApp([{ id: 'export-csv', label: 'Export the answer as CSV', run: exported }]);
    await pressCtrlK(user);
    await user.type(await screen.findByRole('combobox', { name: /Go to/ }), 'dark theme{Enter}');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');

    await pressCtrlK(user);
    await user.type(await screen.findByRole('combobox', { name: /Go to/ }), 'masking');
    expect(activeOption()).toHaveTextContent('Stop masking personal data');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('checkbox', { name: /Mask personal data/ })).not.toBeChecked();

    await pressCtrlK(user);
    await user.type(await screen.findByRole('combobox', { name: /Go to/ }), 'csv');
    await user.click(screen.getByRole('option', { name: 'Export the answer as CSV' }));
    expect(exported).toHaveBeenCalledTimes(1);
    act(() => document.documentElement.removeAttribute('data-theme'));
  });

  it('finds "Sign out" when signed in to a team server, and posts the sign-out form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => Response.json(url === '/me' ? { user: 'alice', admin: false } : { signedIn: true, lookups: {} })),
    );
    const posted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push(this);
    });
    const user = userEvent.setup();
    renderApp();
    await screen.findByRole('button', { name: 'Signed in as alice' });
    await pressCtrlK(user);
    await user.type(await screen.findByRole('combobox', { name: /Go to/ }), 'sign out');
    expect(activeOption()).toHaveTextContent('Sign out');
    await user.keyboard('{Enter}');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.method).toBe('post');
    expect(new URL(posted[0]!.action).pathname).toBe('/sign-out');
  });

  it('offers no "Sign out" where nobody is signed in (a single-user server)', async () => {
    const user = userEvent.setup();
    renderApp();
    await pressCtrlK(user);
    await user.type(await screen.findByRole('combobox', { name: /Go to/ }), 'sign out');
    expect(screen.queryByRole('option', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('Ctrl+K again closes it; nothing matching says so', async () => {
    const user = userEvent.setup();
    renderApp();
    await pressCtrlK(user);
    await user.type(await screen.findByRole('combobox', { name: /Go to/ }), 'zebra');
    expect(screen.getByText('Nothing matches “zebra”.')).toBeInTheDocument();
    expect(combobox()).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await pressCtrlK(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
