import { describe, expect, it } from 'vitest';
import { allLookups } from '../lookups/registry.ts';
import { filterCatalog } from './catalog-filter.ts';

const ids = (query: string) => filterCatalog(allLookups, query).map((lookup) => lookup.id);

describe('filterCatalog', () => {
  it('shows all twenty for an empty query', () => {
    expect(ids('')).toHaveLength(20);
  });

  it('finds a lookup by its letter alone', () => {
    expect(ids('b')).toEqual(['B']);
  });

  it('matches every word across subject, coverage and paths, in any order', () => {
    expect(ids('property us')).toEqual(['D', 'G']);
    expect(ids('/v3')).toEqual(['H', 'M']);
    expect(ids('MOVIE')).toEqual(['A']);
  });

  it('finds nothing for unknown words', () => {
    expect(ids('zeppelin')).toEqual([]);
  });
});
