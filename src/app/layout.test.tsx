import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Layout } from './layout.tsx';
import { PreferencesProvider } from './preferences.tsx';

function renderLayout(configDocument: unknown, path = '/') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(configDocument), { headers: { 'content-type': 'application/json' } })),
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
    renderLayout({ enabled: false, lookups: {} });
    const fetchMock = vi.mocked(fetch);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/jobs/config'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(screen.getByRole('navigation', { name: 'Workbench' })).queryByRole('link', { name: 'Jobs' })).not.toBeInTheDocument();
  });
});
