// The catalog's and a lookup page's saved section (issue 22, item 9): the five most recent by
// collection, and "All N saved" to the Saved page when there are more.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SAVED_PREVIEW, SavedSection } from './saved-section.tsx';
import { clearSavedQueries, putSavedQueries, type SavedQuery } from './saved-store.ts';
import { pathLookup, postLookup, savedFrom } from './testing/saved-fixtures.ts';

afterEach(() => clearSavedQueries());

/** `count` queries saved at 1, 2, 3… ms: "<prefix> 1" is the oldest. */
function many(from: typeof pathLookup, count: number, prefix: string, collection = 'Work'): SavedQuery[] {
  return Array.from({ length: count }, (_, i) => savedFrom(from, { name: `${prefix} ${i + 1}`, collection, updatedAt: i + 1 }));
}

const renderSection = (props: Partial<Parameters<typeof SavedSection>[0]> = {}) =>
  render(
    <MemoryRouter>
      <SavedSection title="Saved queries" showWhenEmpty holdPlace {...props} />
    </MemoryRouter>,
  );

describe('the saved section', () => {
  it('on the catalog shows the five most recent by collection and links to all of them', async () => {
    await putSavedQueries([
      ...many(pathLookup, 10, 'Old'),
      { ...savedFrom(postLookup, { name: 'Newest', collection: 'Clients' }), updatedAt: 1000 },
      ...many(pathLookup, 1, 'Older', 'Archive').map((query) => ({ ...query, updatedAt: 0 })),
    ]);
    renderSection();
    const section = await screen.findByRole('region', { name: 'Saved queries' });
    const all = await within(section).findByRole('link', { name: 'All 12 saved' });
    expect(all).toHaveAttribute('href', '/saved');
    expect(SAVED_PREVIEW).toBe(5);
    const names = within(section).getAllByRole('link', { name: /^(Old|Older|Newest)\b/ });
    expect(names.map((link) => link.textContent)).toEqual(['Newest', 'Old 10', 'Old 7', 'Old 8', 'Old 9']);
    // Grouped by collection, the oldest collection ("Archive") not among them.
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Clients', 'Work']);
    expect(within(section).getByText(/The 5 most recent\./)).toBeInTheDocument();
  });

  it('says "All N saved" with the number grouped, and nothing more when all fit', async () => {
    await putSavedQueries(many(pathLookup, 3, 'Few'));
    renderSection();
    const section = await screen.findByRole('region', { name: 'Saved queries' });
    expect(await within(section).findAllByRole('link', { name: /^Few / })).toHaveLength(3);
    expect(within(section).queryByRole('link', { name: /^All / })).not.toBeInTheDocument();
  });

  it('on a lookup page counts only that lookup’s queries', async () => {
    await putSavedQueries([...many(pathLookup, 7, 'Mine'), ...many(postLookup, 4, 'Theirs')]);
    renderSection({ lookupId: pathLookup.lookup.id, showWhenEmpty: false, holdPlace: false });
    const section = await screen.findByRole('region', { name: 'Saved queries' });
    expect(await within(section).findByRole('link', { name: 'All 7 saved' })).toHaveAttribute('href', '/saved');
    expect(within(section).getAllByRole('link', { name: /^Mine / })).toHaveLength(5);
    expect(within(section).queryByRole('link', { name: /^Theirs / })).not.toBeInTheDocument();
  });

  it('editing from the preview offers every collection, including those not shown', async () => {
    const user = userEvent.setup();
    await putSavedQueries([
      ...many(pathLookup, 6, 'Shown'),
      ...many(pathLookup, 1, 'Hidden', 'Archive').map((query) => ({ ...query, updatedAt: 0 })),
    ]);
    renderSection();
    const section = await screen.findByRole('region', { name: 'Saved queries' });
    await user.click(await within(section).findByRole('button', { name: /^Edit ?“Shown 6”$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit saved query' });
    expect(within(dialog).getByRole('option', { name: 'Archive' })).toBeInTheDocument();
  });
});
