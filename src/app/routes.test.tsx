// Opening a lookup page directly loads its page chunk and its definition before the page renders:
// a loading status shows meanwhile, inside the layout, and React Router has nothing to warn about.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreferencesProvider } from './preferences.tsx';
import { createTestRouter } from './routes.tsx';

afterEach(() => vi.restoreAllMocks());

describe('the lookup route', () => {
  it('shows a loading status inside the layout while its chunk loads, with no React Router warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    render(
      <PreferencesProvider>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={createTestRouter('/lookups/f')} />
        </QueryClientProvider>
      </PreferencesProvider>,
    );
    // The layout (header, skip link) is there at once; the page's place says it is loading.
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 })).toHaveTextContent('Car specifications');
    const messages = [...warn.mock.calls, ...error.mock.calls].map((call) => call.join(' '));
    expect(messages.filter((message) => /React Router|HydrateFallback/.test(message))).toEqual([]);
  });

  it('says "No such lookup" for a slug no lookup has', async () => {
    render(
      <PreferencesProvider>
        <RouterProvider router={createTestRouter('/lookups/zz')} />
      </PreferencesProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'No such lookup' }, { timeout: 20_000 })).toBeInTheDocument();
  });
});
