// React access to the history: a filtered list kept current with the store, and one stored answer.
import { useEffect, useState } from 'react';
import type { LookupResponse } from '../../api/lookup-response.ts';
import type { HistoryFilter } from './history-filter.ts';
import type { HistoryEntry } from './history-store.ts';

// The store (IndexedDB through idb) loads with the first read, after the page's first paint: every
// lookup page asks for a stored answer, and most have none to show.
const historyStore = () => import('./history-store.ts');

export type HistoryList =
  | { status: 'loading'; entries: readonly HistoryEntry[] }
  | { status: 'ready'; entries: readonly HistoryEntry[] }
  | { status: 'unavailable'; entries: readonly HistoryEntry[]; reason: string };

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The entries matching `filter`, newest first, listed again after every change. */
export function useHistoryList({ lookupId, text, status }: HistoryFilter = {}, limit?: number): HistoryList {
  const [list, setList] = useState<HistoryList>({ status: 'loading', entries: [] });
  useEffect(() => {
    let current = true;
    const load = () =>
      historyStore()
        .then(({ listHistory }) => listHistory({ ...(lookupId && { lookupId }), ...(text && { text }), ...(status && { status }) }))
        .then(
          (entries) => current && setList({ status: 'ready', entries: limit === undefined ? entries : entries.slice(0, limit) }),
          (error: unknown) => current && setList({ status: 'unavailable', entries: [], reason: reasonOf(error) }),
        );
    void load();
    let stop = () => {};
    void historyStore().then(({ onHistoryChange }) => {
      if (current) stop = onHistoryChange(() => void load());
    });
    return () => {
      current = false;
      stop();
    };
  }, [lookupId, text, status, limit]);
  return list;
}

export type StoredAnswer =
  | { status: 'loading' }
  | { status: 'ready'; entry: HistoryEntry; response: LookupResponse }
  /** No such entry (deleted, cleared, another browser's link) or it kept metadata only. */
  | { status: 'missing'; entry: HistoryEntry | undefined }
  | { status: 'unavailable'; reason: string };

const LOADING: StoredAnswer = { status: 'loading' };

/** The stored answer of one entry (the same object until it changes); undefined id: none asked for. */
export function useStoredAnswer(id: string | undefined): StoredAnswer | undefined {
  const [state, setState] = useState<{ id: string; answer: StoredAnswer }>();
  useEffect(() => {
    if (id === undefined) return;
    let current = true;
    historyStore()
      .then(({ getHistoryEntry, getStoredResponse }) => Promise.all([getHistoryEntry(id), getStoredResponse(id)]))
      .then(
        ([entry, response]) =>
          current && setState({ id, answer: entry && response ? { status: 'ready', entry, response } : { status: 'missing', entry } }),
        (error: unknown) => current && setState({ id, answer: { status: 'unavailable', reason: reasonOf(error) } }),
      );
    return () => {
      current = false;
    };
  }, [id]);
  if (id === undefined) return undefined;
  return state?.id === id ? state.answer : LOADING;
}
