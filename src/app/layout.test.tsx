import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { catalogEntries } from 'virtual:lookup-catalog';
import { Layout } from './layout.tsx';
import { PreferencesProvider } from './preferences.tsx';

// For each render of the Jobs link's check, whether /jobs/config had been answered by then: the
// check is the real one, this only lets a test wait until the link has rendered with the answer.
const jobsChecks = vi.hoisted(() => [] as boolean[]);
vi.mock(import('../api/jobs-client.ts'), async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    useJobsEnabled: () => {
      const enabled = original.useJobsEnabled();
      jobsChecks.push(original.useJobsQueryClient().getQueryState(['jobs-config'])?.status === 'success');
      return enabled;
    },
  };
});

/** The layout at `path`; /me names `identity` (404 without one: a server nobody signs in to), anything else answers `configDocument`. */
function renderLayout(configDocument: unknown, path = '/', identity?: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/me') return identity ? Response.json(identity) : Response.json({ error: { code: 'not_found' } }, { status: 404 });
      return new Response(JSON.stringify(configDocument), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <PreferencesProvider>
        <MemoryRouter initialEntries={[path]}>
          <Layout />
        </MemoryRouter>
      </PreferencesProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the mask toggle', () => {
  it('is on by default, and switching it off is remembered', async () => {
    renderLayout({ lookups: {} });
    const toggle = screen.getByRole('checkbox', { name: /Mask personal data/ });
    expect(toggle).toBeChecked();
    expect(toggle).toBeEnabled();
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(window.localStorage.getItem('lx-masked')).toBe('off');
  });

  it('stays on, cannot be switched off and says why when the server forces masking', async () => {
    window.localStorage.setItem('lx-masked', 'off');
    renderLayout({ mask: 'always', lookups: {} });
    const toggle = screen.getByRole('checkbox', { name: /Mask personal data/ });
    await waitFor(() => expect(toggle).toBeDisabled());
    expect(toggle).toBeChecked();
    expect(screen.getByText(/required by this server/)).toBeInTheDocument();
  });
});

describe('the workbench links', () => {
  it('mark the page being shown with aria-current="page", and only it', () => {
    renderLayout({ lookups: {} }, '/saved');
    const nav = screen.getByRole('navigation', { name: 'Workbench' });
    expect(within(nav).getByRole('link', { name: 'Saved' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'History' })).not.toHaveAttribute('aria-current');
  });
});

describe('the Jobs link', () => {
  it('shows only when the server says it runs jobs', async () => {
    renderLayout({ enabled: true, lookups: {} });
    const nav = screen.getByRole('navigation', { name: 'Workbench' });
    expect(await within(nav).findByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/jobs');
  });

  it('is absent when the server runs no jobs', async () => {
    jobsChecks.length = 0;
    renderLayout({ enabled: false, lookups: {} });
    // Once the link has rendered with the server's answer, whatever it shows is final.
    await waitFor(() => expect(jobsChecks).toContain(true));
    expect(within(screen.getByRole('navigation', { name: 'Workbench' })).queryByRole('link', { name: 'Jobs' })).not.toBeInTheDocument();
  });
});

// The header's signed-in name on a team server (issue 35): a disclosure button holding the user's
// budgets and "Sign out" (a form POST to /sign-out), worked by mouse and keyboard.
const key = { in: 'query', name: 'api_key' };
const budget = { limit: 20, period: 'day', used: 5, left: 15, resetsAt: '2025-03-15T00:00:00.000Z' };
const CONFIG = { signedIn: true, lookups: { A: { mode: 'live', key, budget: { user: budget } }, B: { mode: 'live', key } } };

const titleOf = (id: string) => catalogEntries.find((entry) => entry.id === id)!.title;

describe('the signed-in name in the header', () => {
  it('opens on a click to the user’s budgets and "Sign out", and Escape closes it with focus back on the name', async () => {
    const user = userEvent.setup();
    renderLayout(CONFIG, '/jobs', { user: 'alice', admin: false });
    const name = await screen.findByRole('button', { name: 'Signed in as alice' });
    expect(name).toHaveTextContent('alice');
    expect(name).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();

    await user.click(name);
    expect(name).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(name.getAttribute('aria-controls')!)!;
    const budgets = await within(panel).findByRole('region', { name: 'Your budgets of live calls' });
    expect(
      within(budgets)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`${titleOf('A')}: 5 of 20 live calls used today, 15 left · resets 2025-03-15 00:00 UTC`]);
    await user.tab();
    expect(within(panel).getByRole('button', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(name).toHaveAttribute('aria-expanded', 'false');
    expect(name).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('opens from the keyboard, and closes on a click elsewhere', async () => {
    const user = userEvent.setup();
    renderLayout(CONFIG, '/jobs', { user: 'alice', admin: false });
    const name = await screen.findByRole('button', { name: 'Signed in as alice' });
    name.focus();
    await user.keyboard('{Enter}');
    expect(name).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('main'));
    expect(name).toHaveAttribute('aria-expanded', 'false');
  });

  it('signs out with a same-origin form POST to /sign-out', async () => {
    const user = userEvent.setup();
    renderLayout(CONFIG, '/jobs', { user: 'alice', admin: false });
    const submitted: HTMLFormElement[] = [];
    const keep = (event: SubmitEvent) => {
      event.preventDefault();
      submitted.push(event.target as HTMLFormElement);
    };
    document.addEventListener('submit', keep);
    try {
      await user.click(await screen.findByRole('button', { name: 'Signed in as alice' }));
      await user.click(screen.getByRole('button', { name: 'Sign out' }));
    } finally {
      document.removeEventListener('submit', keep);
    }
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.method).toBe('post');
    expect(new URL(submitted[0]!.action).pathname).toBe('/sign-out');
  });

  it('is not shown, and /me not asked, where nobody is signed in (a single-user server)', async () => {
    renderLayout({ lookups: { A: { mode: 'live', key } } }, '/jobs');
    const calls = vi.mocked(fetch).mock;
    await waitFor(() => expect(calls.calls.map(([url]) => url)).toContain('/lookup-config.json'));
    // Once the configuration has been read (and React has rendered what it made), nothing asked /me.
    await act(async () => {
      await calls.results[calls.calls.findIndex(([url]) => url === '/lookup-config.json')]!.value;
    });
    expect(calls.calls.map(([url]) => url)).not.toContain('/me');
    expect(screen.queryByRole('button', { name: /Signed in as/ })).not.toBeInTheDocument();
  });
});
