import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Layout } from './layout.tsx';
import { PreferencesProvider } from './preferences.tsx';

function renderLayout(configDocument: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(configDocument), { headers: { 'content-type': 'application/json' } })));
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <PreferencesProvider>
        <MemoryRouter>
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
