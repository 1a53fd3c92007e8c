// Where a history entry leads: its query again (a replay sends it as usual) or its stored answer
// (shown without a request). `stored` sits beside the query in the URL so a reload keeps it.
import { catalogEntryOf } from './lookup-facts.ts';
import { STORED_KEY } from '../../form/url-state.ts';
import type { HistoryEntry } from './history-store.ts';

/** The lookup page URL that sends the entry's query again. */
export function replayHref(entry: Pick<HistoryEntry, 'lookupId' | 'search'>): string {
  return `/lookups/${catalogEntryOf(entry.lookupId)?.slug ?? entry.lookupId.toLowerCase()}${entry.search}`;
}

/** The lookup page URL that shows the entry's stored answer, sending nothing. */
export function storedAnswerHref(entry: Pick<HistoryEntry, 'lookupId' | 'search' | 'id'>): string {
  const separator = entry.search.startsWith('?') && entry.search.length > 1 ? '&' : '?';
  return `${replayHref(entry)}${separator}${STORED_KEY}=${encodeURIComponent(entry.id)}`;
}

/** The stored answer a lookup page URL asks for, if any. */
export function readStoredAnswerId(search: string): string | undefined {
  return new URLSearchParams(search).get(STORED_KEY) || undefined;
}
