// A lone letter finds the lookup with that id, whatever ids the registry has: the filter once
// matched /^[a-t]$/, so typing "u" would not have found a 21st lookup U.
import { describe, expect, it } from 'vitest';
import { type CatalogEntry, toCatalogEntry } from '../lookups/catalog-entry.ts';
import { allLookups } from '../lookups/registry.ts';
import { filterCatalog } from './catalog-filter.ts';

const entries = allLookups.map(toCatalogEntry);
const ids = (lookups: readonly CatalogEntry[], query: string) => filterCatalog(lookups, query).map((lookup) => lookup.id);

describe('filterCatalog by letter', () => {
  it.each(entries.map((entry) => entry.id))('finds %s alone by its letter, in either case', (id) => {
    expect(ids(entries, id.toLowerCase())).toEqual([id]);
    expect(ids(entries, id)).toEqual([id]);
  });

  it('finds a lookup added after the last one by its letter', () => {
    const last = entries.at(-1)!;
    // A letter the registry does not have (yet), hence the cast.
    const next = String.fromCharCode(last.id.charCodeAt(0) + 1) as CatalogEntry['id'];
    const added: CatalogEntry = { ...last, id: next, slug: next.toLowerCase(), title: 'Weather', keywords: [] };
    expect(ids([...entries, added], next.toLowerCase())).toEqual([next]);
  });

  it('matches words when a lone letter is no lookup id', () => {
    const added: CatalogEntry = { ...entries[0]!, id: 'Lookup' as CatalogEntry['id'], title: 'Zeppelin timetable', keywords: [] };
    expect(ids([...entries, added], 'z')).toContain('Lookup');
  });
});
