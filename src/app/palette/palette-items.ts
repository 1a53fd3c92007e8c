// The palette's items, built from what the app knows: the catalog, saved queries, recent history
// and the actions available here. Pure: the palette component gathers the inputs.
import type { CatalogEntry } from '../../lookups/catalog-entry.ts';
import type { HistoryEntry } from '../../workbench/history/history-store.ts';
import type { SavedQuery } from '../../workbench/saved/saved-store.ts';
import type { SavedSql } from '../../workbench/saved/saved-sql.ts';
import type { PaletteItem } from './palette-match.ts';

/** Only the newest history entries are offered: the palette is for jumping back, the History page for searching. */
export const RECENT_HISTORY = 20;

export function lookupItems(catalog: readonly CatalogEntry[]): PaletteItem[] {
  return catalog.map((lookup) => ({
    id: `lookup-${lookup.slug}`,
    group: 'lookups',
    label: `${lookup.id}. ${lookup.title}`,
    detail: lookup.catalog.subject,
    keywords: lookup.keywords,
    letter: lookup.id,
    target: { kind: 'navigate', to: `/lookups/${lookup.slug}` },
  }));
}

/** The values of a lookup page's query string, readable: `movie_id=550 · language=en-US`. */
export function describeSearch(search: string): string {
  const pairs = [...new URLSearchParams(search)].filter(([name]) => !['view', 'sort', 'cols'].includes(name));
  return pairs.map(([name, value]) => (value === '' ? name : `${name}=${value}`)).join(' · ');
}

/** What naming a lookup takes: all that crosses to the saved-search worker. */
export type LookupNaming = Pick<CatalogEntry, 'id' | 'slug' | 'title'>;

function lookupName(catalog: readonly LookupNaming[], lookupId: string): { slug: string; name: string } | undefined {
  const lookup = catalog.find((entry) => entry.id === lookupId);
  return lookup && { slug: lookup.slug, name: `${lookup.id}. ${lookup.title}` };
}

export function savedItems(saved: readonly SavedQuery[], catalog: readonly LookupNaming[]): PaletteItem[] {
  return saved.flatMap((query): PaletteItem[] => {
    const lookup = lookupName(catalog, query.lookupId);
    if (!lookup) return [];
    const values = describeSearch(query.search);
    return [
      {
        id: `saved-${query.id}`,
        group: 'saved',
        label: query.name,
        detail: [lookup.name, query.collection, query.note].filter(Boolean).join(' · '),
        keywords: [values],
        target: { kind: 'navigate', to: `/lookups/${lookup.slug}${query.search}` },
      },
    ];
  });
}

/** Saved SQL queries (the /sql page's), among the saved queries: each opens /sql with its query. */
export function savedSqlItems(saved: readonly SavedSql[]): PaletteItem[] {
  return saved.map((query) => ({
    id: `saved-sql-${query.id}`,
    group: 'saved',
    label: query.name,
    detail: `SQL · ${query.collection}`,
    keywords: [query.sql],
    target: { kind: 'navigate', to: `/sql?${new URLSearchParams({ sql: query.sql })}` },
  }));
}

function describeOutcome(entry: HistoryEntry): string {
  if (entry.status === undefined) return entry.failure ?? 'no answer';
  return `HTTP ${entry.status}${entry.verdict === 'failed' ? ', failed' : ''}`;
}

/** History entries, newest first as given; `now` words their age. */
export function historyItems(history: readonly HistoryEntry[], catalog: readonly LookupNaming[], now: number): PaletteItem[] {
  return history.slice(0, RECENT_HISTORY).flatMap((entry): PaletteItem[] => {
    const lookup = lookupName(catalog, entry.lookupId);
    if (!lookup) return [];
    const values = describeSearch(entry.search);
    return [
      {
        id: `history-${entry.id}`,
        group: 'history',
        label: values ? `${lookup.name}: ${values}` : lookup.name,
        detail: `${describeOutcome(entry)} · ${entry.source} · ${timeAgo(entry.sentAt, now)}`,
        target: { kind: 'navigate', to: `/lookups/${lookup.slug}${entry.search}` },
      },
    ];
  });
}

export function timeAgo(then: number, now: number): string {
  const minutes = Math.round((now - then) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(then).toISOString().slice(0, 10);
}
