import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router';
import { PreferencesProvider } from './preferences.tsx';
import { createTestRouter } from './routes.tsx';
import { toSearchFields } from '../lookups/catalog-entry.ts';
import { allLookups } from '../lookups/registry.ts';
import { words } from './catalog-filter.ts';

function renderAt(path: string) {
  const router = createTestRouter(path);
  render(
    <PreferencesProvider>
      <RouterProvider router={router} />
    </PreferencesProvider>,
  );
  return router;
}

describe('CatalogPage', () => {
  it('lists every registered lookup with its facts', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Lookup catalog' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(allLookups.length);
    expect(screen.getByRole('link', { name: 'A. Movie details' })).toHaveAttribute('href', '/lookups/a');
    expect(screen.getByText(`${allLookups.length} of ${allLookups.length} lookups`)).toBeInTheDocument();
  });

  it('filters as the user types and keeps the filter in the URL', async () => {
    const router = renderAt('/');
    await userEvent.type(await screen.findByLabelText('Filter lookups'), 'property');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent(`2 of ${allLookups.length} lookups · Enter opens D. Property details`);
    expect(router.state.location.search).toBe('?q=property');
  });

  it('finds lookups by keyword and synonym: "police" shows L and M', async () => {
    renderAt('/?q=police');
    expect(await screen.findByRole('link', { name: 'L. Crime incidents' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'M. 911 calls for service' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('opens the first match on Enter', async () => {
    const router = renderAt('/');
    await userEvent.type(await screen.findByLabelText('Filter lookups'), 'exchange rate{Enter}');
    // The lookup page is a lazy route: the navigation starts at once and commits once it loaded.
    await waitFor(() => expect((router.state.navigation.location ?? router.state.location).pathname).toBe('/lookups/i'));
  });

  it('does nothing on Enter without a query or without a match', async () => {
    const router = renderAt('/');
    const input = await screen.findByLabelText('Filter lookups');
    await userEvent.type(input, '{Enter}');
    expect(router.state.location.pathname).toBe('/');
    await userEvent.type(input, 'zeppelin{Enter}');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('status')).toHaveTextContent(new RegExp(`^0 of ${allLookups.length} lookups$`));
  });

  it('restores the filter from a link', async () => {
    renderAt('/?q=zeppelin');
    expect(await screen.findByText('No lookup matches “zeppelin”.')).toBeInTheDocument();
  });

  // D-27: field names arrive in their own chunk once there is a query; keywords come with the page.
  it('lists the lookups with an e-mail field for "email", and the geocoding lookups for "geocoding"', async () => {
    const names = (ids: readonly string[]) =>
      allLookups.filter((lookup) => ids.includes(lookup.id)).map((lookup) => `${lookup.id}. ${lookup.title}`);
    const withEmail = allLookups
      .filter((lookup) =>
        toSearchFields(lookup)
          .split(' ')
          .some((word) => /^emails?$/.test(word)),
      )
      .map((lookup) => lookup.id);
    const geocoding = allLookups
      .filter((lookup) => (lookup.keywords ?? []).some((keyword) => words(keyword).includes('geocoding')))
      .map((lookup) => lookup.id);
    expect(withEmail.length).toBeGreaterThan(0);
    expect(geocoding.length).toBeGreaterThan(0);

    renderAt('/');
    const input = await screen.findByLabelText('Filter lookups');
    await userEvent.type(input, 'email');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(withEmail.length));
    for (const name of names(withEmail)) expect(screen.getByRole('link', { name })).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, 'geocoding');
    await waitFor(() => expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(geocoding.length));
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('aria-label'));
    // The lookups that declare "geocoding" come first, in catalog order.
    expect(links.filter((label) => label !== null).slice(0, geocoding.length)).toEqual(names(geocoding));
  });
});
