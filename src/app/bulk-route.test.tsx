// The bulk page drops the lookup page's "sent" marker: coming from an empty form, the address is
// the bare /bulk rather than /bulk?run, and the marker goes by replacing the entry, not pushing one.
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allLookups } from '../lookups/registry.ts';
import { withoutSentMarker } from './bulk-route.tsx';
import { PreferencesProvider } from './preferences.tsx';
import { createTestRouter } from './routes.tsx';

describe('the bulk route', () => {
  it('drops only the sent marker from the query string', () => {
    expect(withoutSentMarker('?run')).toBe('');
    expect(withoutSentMarker('?op=list&run')).toBe('?op=list');
    expect(withoutSentMarker('?zipcode=62701')).toBeUndefined();
    expect(withoutSentMarker('')).toBeUndefined();
  });

  it('opened with a bare ?run, settles on the bare address by replacing it', async () => {
    const slug = allLookups[0]!.slug;
    const router = createTestRouter(`/lookups/${slug}/bulk?run`);
    render(
      <PreferencesProvider>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </PreferencesProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Run over a list' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/lookups/${slug}/bulk`);
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
