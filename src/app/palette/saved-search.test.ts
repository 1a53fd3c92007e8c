import { describe, expect, it } from 'vitest';
import type { SavedQuery } from '../../workbench/saved/saved-store.ts';
import { rankItems } from './palette-match.ts';
import { savedItems } from './palette-items.ts';
import { SavedSearchIndex } from './saved-search.ts';

const catalog = [
  { id: 'A', slug: 'a', title: 'Movie' },
  { id: 'L', slug: 'l', title: 'Crime incidents' },
] as const;

function saved(index: number, name: string, extra: Partial<SavedQuery> = {}): SavedQuery {
  return {
    id: `s${index}`,
    name,
    collection: 'My queries',
    lookupId: 'A',
    operationId: 'details',
    search: `?movie_id=${index}`,
    createdAt: index,
    updatedAt: index,
    ...extra,
  };
}

const list = [
  saved(1, 'Weekly thefts', { lookupId: 'L', search: '?city=Oakland' }),
  saved(2, 'Fight Club', { note: 'thefts in the film' }),
  saved(3, 'Thefts downtown', { lookupId: 'L' }),
  saved(4, 'Matrix'),
  saved(5, 'Heat', { collection: 'Thefts and heists' }),
  saved(6, 'Orphaned', { lookupId: 'Q' }),
];

describe('the palette’s saved-query index', () => {
  it('lists the same saved queries in the same order as ranking every item would', () => {
    const index = new SavedSearchIndex(list, catalog);
    for (const query of ['thefts', 'the', 'oakland', 'movie', 'matrix', 'nothing like it', '']) {
      const full = rankItems(savedItems(list, catalog), query).find((section) => section.group === 'saved')?.items ?? [];
      expect(
        index.search(query, 8).items.map((item) => item.id),
        query,
      ).toEqual(full.map((item) => item.id));
    }
  });

  it('keeps only the best few and counts every match', () => {
    const many = Array.from({ length: 500 }, (_, at) => saved(at, at === 321 ? 'Zodiac thefts' : `Thefts ${at}`));
    const found = new SavedSearchIndex(many, catalog).search('thefts', 3);
    expect(found.total).toBe(500);
    expect(found.items).toHaveLength(3);
    // "Zodiac thefts" matches a word of its name but not its start: ranked below the other 499.
    expect(found.items.map((item) => item.label)).toEqual(['Thefts 0', 'Thefts 1', 'Thefts 2']);
    expect(new SavedSearchIndex(many, catalog).search('zodiac', 3).items.map((item) => item.label)).toEqual(['Zodiac thefts']);
  });

  it('leaves out a query whose lookup is not in the catalog, and finds one by its values', () => {
    const index = new SavedSearchIndex(list, catalog);
    expect(index.size).toBe(5);
    expect(index.search('orphaned', 8).total).toBe(0);
    expect(index.search('oakland', 8).items.map((item) => item.id)).toEqual(['saved-s1']);
  });
});
