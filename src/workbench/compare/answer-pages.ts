// Which part of what its query matched each compared answer holds, and every page of it on request.
// An answer History kept is the page it was sent for: two page-1s differ by which records reached
// page 1, not only by what changed, so Compare says "page 1 of 3 (50 of 145 records)" beside its
// counts and offers to fetch every page of both, through the same fetch-all as the lookup page
// (its query cache, bound and merge), up to MAX_RECORDS records each (decision 028).
import type { QueryClient } from '@tanstack/react-query';
import type { AnyLookup, AnyOperation, PageJump } from '../../lookups/define-lookup.ts';
import { interpretAnswer } from '../../lookups/answer.ts';
import type { LookupResponse } from '../../api/lookup-response.ts';
import { fetchAllPages, pagesWithinCap, partialText } from '../../api/fetch-all-pages.ts';
import { fetchThroughQueries, sameMasking, type MergeProgress } from '../../api/merge-answers.ts';
import type { HistoryEntry } from '../history/history-entry.ts';

/** What one side holds: page `page` of `last` (1 of 1 when complete), its records, what the query matched. */
export interface AnswerPart {
  page: number;
  last: number;
  records: number;
  total: number | undefined;
  /** Pages the side now covers (after a fetch of every page: 1 to `covered`). */
  covered: number;
}

/** Whether a side holds less than every page. */
export const isPartial = (part: AnswerPart) => part.covered < part.last;

function readPart(
  lookup: AnyLookup,
  operation: AnyOperation,
  entry: HistoryEntry,
  response: LookupResponse,
): { part: AnswerPart; jump: PageJump | undefined } {
  const answer = interpretAnswer(lookup, operation, entry.params, response, { mask: false });
  const jump = answer.paging?.pages;
  const records = answer.records.length;
  if (!jump || jump.last < 2) return { part: { page: 1, last: 1, records, total: undefined, covered: 1 }, jump: undefined };
  return { part: { page: jump.page, last: jump.last, records, total: jump.merge?.total, covered: jump.page === 1 ? 1 : 0 }, jump };
}

/** One side as it was kept, or, when `everyPage`, with every page fetched and merged (up to the cap). */
export async function answerPart(
  client: QueryClient,
  lookup: AnyLookup,
  entry: HistoryEntry,
  response: LookupResponse,
  everyPage: boolean,
  signal: AbortSignal,
  onProgress: (progress: MergeProgress) => void,
): Promise<{ response: LookupResponse; part: AnswerPart }> {
  const operation = lookup.operations.find((candidate) => candidate.id === entry.operationId) ?? lookup.operations[0]!;
  const { part, jump } = readPart(lookup, operation, entry, response);
  if (!everyPage || !jump?.merge) return { response, part };
  const outcome = await fetchAllPages({
    lookup,
    operation,
    params: entry.params,
    response,
    jump,
    fetchPage: fetchThroughQueries(client, lookup, operation, sameMasking(response)),
    signal,
    maxPages: pagesWithinCap(part.records),
    onProgress,
  });
  return { response: outcome.response, part: { ...part, page: 1, records: outcome.records, covered: outcome.covered } };
}

/** "page 1 of 3 (50 of 145 records)", or after a capped fetch of every page "pages 1–50 of 120 (2,500 of 6,000 records)". */
export function partText(part: AnswerPart): string {
  if (part.covered <= 1) return partialText(part);
  return partialText({ ...part, page: part.covered }).replace(/^page \S+/, `pages 1–${part.covered.toLocaleString('en-US')}`);
}
