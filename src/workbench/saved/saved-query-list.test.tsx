// The saved list virtualised (issue 22, item 9): a long list renders only the rows in view, yet
// tells assistive technology how many it holds; a short one renders every row as before.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SavedQueryList, VIRTUALISE_FROM } from './saved-query-list.tsx';
import type { SavedQuery } from './saved-store.ts';
import { pathLookup, savedFrom } from './testing/saved-fixtures.ts';

function many(count: number): SavedQuery[] {
  return Array.from({ length: count }, (_, i) =>
    savedFrom(pathLookup, { name: `Query ${String(i + 1).padStart(5, '0')}`, collection: i < count / 2 ? 'First' : 'Second' }),
  );
}

const renderList = (queries: SavedQuery[]) =>
  render(
    <MemoryRouter>
      <SavedQueryList queries={queries} all={queries} grouped showLookup collectionExports headingLevel={2} />
    </MemoryRouter>,
  );

// jsdom lays nothing out: the scrolling box gets a height, as a browser would give it.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => vi.restoreAllMocks());

describe('the saved list', () => {
  it('renders far fewer rows than it holds, and says how many it holds', async () => {
    renderList(many(10_000));
    // The virtualiser is a lazy chunk: the box appears once it has loaded.
    const box = await screen.findByRole('region', { name: '10000 saved, by collection' });
    const rows = within(box).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(40);
    // The first collection's heading, then its first queries, each placed in the whole.
    expect(within(rows[0]!).getByRole('heading', { name: 'First' })).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Export “First” (JSON)' })).toBeInTheDocument();
    expect(rows[1]).toHaveAttribute('aria-posinset', '1');
    expect(rows[1]).toHaveAttribute('aria-setsize', '10000');
    expect(within(rows[1]!).getByRole('link', { name: 'Query 00001' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Query 10000' })).not.toBeInTheDocument();
  });

  it('renders every row of a short list, by collection', () => {
    const queries = many(VIRTUALISE_FROM - 2);
    renderList(queries);
    expect(screen.queryByRole('region', { name: /saved, by collection/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Query / })).toHaveLength(queries.length);
    expect(screen.getByRole('region', { name: 'Collection Second' })).toBeInTheDocument();
  });
});
