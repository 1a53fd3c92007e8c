import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router';
import { PreferencesProvider } from './preferences.tsx';
import { createTestRouter } from './routes.tsx';

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
  it('lists all twenty lookups with their facts', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Lookup catalog' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByRole('link', { name: 'A. Movie details' })).toHaveAttribute('href', '/lookups/a');
    expect(screen.getByText('20 of 20 lookups')).toBeInTheDocument();
  });

  it('filters as the user types and keeps the filter in the URL', async () => {
    const router = renderAt('/');
    await userEvent.type(await screen.findByLabelText('Filter lookups'), 'property');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('2 of 20 lookups')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=property');
  });

  it('restores the filter from a link', async () => {
    renderAt('/?q=zeppelin');
    expect(await screen.findByText('No lookup matches “zeppelin”.')).toBeInTheDocument();
  });
});
