// The data behind the compare page: the lookup's answers kept in History (refreshed when History
// changes), and the diff of two of them, computed by the compare worker. An answer History kept
// only the details of (over its size cap, e.g. 10,000 calls) can still be compared while this tab
// holds it: the lookup page's query cache keeps recent answers for a few minutes.
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LookupId } from '../../lookups/define-lookup.ts';
import { lookups } from '../../lookups/registry.ts';
import { lookupQueryKey } from '../../api/lookup-query.ts';
import type { LookupResponse } from '../../api/lookup-response.ts';
import { getStoredResponse, listHistory, onHistoryChange, type HistoryEntry } from '../history/history-store.ts';
import { compareAnswers } from './compare-answers.ts';
import type { MergeProgress } from '../../api/merge-answers.ts';
import type { AnswerDiff } from './diff.ts';
import { answerPart, type AnswerPart } from './answer-pages.ts';

/** A comparison: the diff, and which part of its query's records each side (before, after) holds. */
export interface ComparedParts {
  diff: AnswerDiff;
  parts: readonly [AnswerPart, AnswerPart];
}

export function useLookupHistory(lookupId: LookupId) {
  const client = useQueryClient();
  const queryKey = ['compare', 'history', lookupId];
  useEffect(() => onHistoryChange(() => void client.invalidateQueries({ queryKey: ['compare', 'history', lookupId] })), [client, lookupId]);
  return useQuery({ queryKey, queryFn: () => listHistory({ lookupId }), retry: false });
}

/** The very answer an entry records, if this tab's query cache still holds it (same URL, size and time). */
export function answerInMemory(client: QueryClient, entry: HistoryEntry): LookupResponse | undefined {
  const lookup = lookups[entry.lookupId];
  const operation = lookup?.operations.find((candidate) => candidate.id === entry.operationId);
  if (!operation) return undefined;
  // Every cached query of this operation, whatever its parameters and masking.
  const prefix = lookupQueryKey(lookup, operation, undefined).slice(0, 3);
  for (const query of client.getQueryCache().findAll({ queryKey: prefix })) {
    const data = query.state.data as LookupResponse | undefined;
    if (data && data.url === entry.url && data.timeMs === entry.durationMs && data.sizeBytes === entry.sizeBytes) return data;
  }
  return undefined;
}

/** Where an entry's answer can be read from, if anywhere. */
export type AnswerSource = 'history' | 'memory' | undefined;

export function answerSource(client: QueryClient, entry: HistoryEntry): AnswerSource {
  if (entry.bodyStored) return 'history';
  return answerInMemory(client, entry) ? 'memory' : undefined;
}

/** Why two entries cannot be compared, or undefined when they can. */
export function whyNotComparable(client: QueryClient, first: HistoryEntry, second: HistoryEntry): string | undefined {
  if (first.operationId !== second.operationId)
    return `These answers are of different operations (${first.operationId} and ${second.operationId}): pick two answers of the same operation.`;
  if (!answerSource(client, first) || !answerSource(client, second))
    return 'History kept only the details of one of these answers, not its body, and this tab no longer holds it: pick answers whose body is kept.';
  return undefined;
}

async function readAnswer(client: QueryClient, entry: HistoryEntry): Promise<LookupResponse> {
  const answer = (entry.bodyStored ? await getStoredResponse(entry.id) : undefined) ?? answerInMemory(client, entry);
  if (!answer) throw new Error('One of these answers is no longer kept in History.');
  return answer;
}

/**
 * The diff of two answers and the part of its query's records each side holds; with `everyPage`,
 * every page of each side is fetched and merged first (answer-pages.ts), `onProgress` following it.
 */
export function useAnswerDiff(
  first: HistoryEntry | undefined,
  second: HistoryEntry | undefined,
  everyPage = false,
  onProgress: (progress: MergeProgress) => void = () => undefined,
) {
  const client = useQueryClient();
  const comparable = first !== undefined && second !== undefined && whyNotComparable(client, first, second) === undefined;
  return useQuery({
    queryKey: ['compare', 'diff', first?.id, second?.id, everyPage],
    enabled: comparable,
    retry: false,
    staleTime: Infinity,
    // A diff of 10,000 records is large: keep only the one on screen.
    gcTime: 0,
    queryFn: async ({ signal }): Promise<ComparedParts> => {
      const lookup = lookups[first!.lookupId];
      const [kept1, kept2] = await Promise.all([readAnswer(client, first!), readAnswer(client, second!)]);
      // One side after the other: each reports its own pages, and the two never race for the cache.
      const before = await answerPart(client, lookup, first!, kept1, everyPage, signal, onProgress);
      const after = await answerPart(client, lookup, second!, kept2, everyPage, signal, onProgress);
      const masked = first!.masked && second!.masked;
      const diff = await compareAnswers(
        { lookupId: first!.lookupId, operationId: first!.operationId, before: before.response.body, after: after.response.body, masked },
        signal,
      );
      return { diff, parts: [before.part, after.part] };
    },
  });
}
