// "Fetch all pages": every page of a paged answer (any operation whose paging adapter gives a page
// jump with `merge`: L by page, T by offset) is sent through the same query layer as any page
// (lookupQueryOptions: same key, cache, retries and cancellation), two at a time, and their records
// are merged in page order, each kept once by the operation's `identity`, into one body of the
// operation's own response shape. The viewer reads that body through the one answer interpreter,
// so every tab, the map and the exports work on the merged records.
//
// Cancel and a failed page keep nothing half-merged: the answer shown stays the page it was. The
// pages that did arrive stay in the query cache (as any page would), so fetching all again, or
// Retry after a failure, sends only the pages still missing.
import { useCallback } from 'react';
import type { AnyLookup, AnyOperation, PageJump, Params } from '../lookups/define-lookup.ts';
import { MAX_PAGES, planPages, type PagePlan } from '../lookups/every-page.ts';
import { interpretAnswer } from '../lookups/answer.ts';
import { readIdentity } from '../lookups/record-identity.ts';
import type { LookupResponse } from './lookup-response.ts';
import {
  abortError,
  fetchThroughQueries,
  MERGE_CONCURRENCY,
  mergedResponse,
  mergeInOrder,
  runInTurns,
  sameMasking,
  useAnswerRun,
  type FetchPiece,
  type MergeControl,
  type MergeProgress,
} from './merge-answers.ts';

export { MAX_PAGES, planPages, type PagePlan };

/** Nor more records than this (docs/guide.md): past it, what reads an answer says it holds part of it. */
export const MAX_RECORDS = 10_000;
/** Up to this many calls go without asking; more ask first. */
export const CALLS_WITHOUT_ASKING = 3;

/** Whether the plan sends more than a few calls, so the person is asked first. */
export const needsConfirmation = (plan: PagePlan) => plan.toFetch.length > CALLS_WITHOUT_ASKING;

/** A page whose query failed or whose answer reports a failure: which page, and why. */
export class PageFetchError extends Error {
  override name = 'PageFetchError';
  constructor(
    readonly page: number,
    readonly reason: string,
  ) {
    super(`Page ${page} could not be fetched: ${reason}`);
  }
}

export interface PagesOutcome {
  /** One answer of the operation's response shape holding every merged record. */
  response: LookupResponse;
  /** The pages that made it, in page order. */
  pages: ReadonlyArray<{ page: number; url: string; records: number }>;
  /** Records that more than one page held (the data moved between pages), kept once. */
  duplicates: number;
  /** Records in the merged answer. */
  records: number;
  /** Pages merged (1 to covered) and pages the answer has. */
  covered: number;
  last: number;
  /** Records the query matched, where the definition knows it. */
  total: number | undefined;
}

export interface FetchAllPagesOptions {
  lookup: AnyLookup;
  operation: AnyOperation;
  /** The parameters of the page shown. */
  params: Params;
  /** The answer shown: its page is merged as it is, not sent again. */
  response: LookupResponse;
  /** The shown answer's page jump, with its `merge`. */
  jump: PageJump;
  fetchPage: FetchPiece;
  signal: AbortSignal;
  concurrency?: number;
  maxPages?: number;
  onProgress?: (progress: MergeProgress) => void;
}

const cancelled = () => abortError('Fetching every page was cancelled');

/** Fetches the other pages (at most `concurrency` at once) and merges every page's records, in page order, into one answer. */
export async function fetchAllPages(options: FetchAllPagesOptions): Promise<PagesOutcome> {
  const { lookup, operation, params, jump, fetchPage, signal, onProgress } = options;
  const plan = planPages(jump, options.maxPages);
  const merge = jump.merge;
  if (!plan || !merge) throw new Error('This answer has no pages to merge.');
  const started = performance.now();
  const pages = new Map<number, { records: readonly unknown[]; response: LookupResponse }>();

  // The same interpreter as every answer (unmasked here: the merged answer is masked as a whole).
  const read = (page: number, sent: Params, response: LookupResponse) => {
    const answer = interpretAnswer(lookup, operation, sent, response, { mask: false });
    const failure = answer.parseError ?? answer.errorMessage ?? (answer.verdict?.ok === false ? 'the answer reports a failure' : undefined);
    if (failure !== undefined) throw new PageFetchError(page, failure);
    pages.set(page, { records: answer.records, response });
  };
  const progress: MergeProgress = { done: 0, planned: plan.covered, records: 0 };
  const received = (page: number) => {
    progress.done++;
    progress.records += pages.get(page)!.records.length;
    onProgress?.({ ...progress });
  };

  if (jump.page <= plan.covered) {
    read(jump.page, params, options.response);
    received(jump.page);
  } else onProgress?.({ ...progress });

  await runInTurns([...plan.toFetch], options.concurrency ?? MERGE_CONCURRENCY, async (page) => {
    if (signal.aborted) throw cancelled();
    const sent = jump.to(page);
    let response: LookupResponse;
    try {
      response = await fetchPage(sent, signal);
    } catch (error) {
      if (signal.aborted) throw cancelled();
      throw new PageFetchError(page, error instanceof Error ? error.message : String(error));
    }
    if (signal.aborted) throw cancelled();
    read(page, sent, response);
    received(page);
  });

  const inOrder = [...pages.entries()].sort(([a], [b]) => a - b);
  const identity = operation.identity;
  const { records, duplicates } = mergeInOrder(
    inOrder.map(([, piece]) => piece.records),
    (record) => (identity === undefined ? undefined : readIdentity(identity, record)),
  );
  const pieces = inOrder.map(([, piece]) => piece.response);
  return {
    response: mergedResponse(lookup, operation, params, pieces, merge.body(records), started),
    pages: inOrder.map(([page, piece]) => ({ page, url: piece.response.url, records: piece.records.length })),
    duplicates,
    records: records.length,
    covered: plan.covered,
    last: plan.last,
    total: plan.total,
  };
}

const count = (value: number) => value.toLocaleString('en-US');

/** The merged answer in a few words: "all 23 pages merged · 11,200 records" (or "the first 50 of 120 pages …"). */
export function describeMergedPages(outcome: Pick<PagesOutcome, 'covered' | 'last' | 'records'>): string {
  const which =
    outcome.covered < outcome.last
      ? `the first ${count(outcome.covered)} of ${count(outcome.last)} pages`
      : `all ${count(outcome.covered)} pages`;
  return `${which} merged · ${count(outcome.records)} ${outcome.records === 1 ? 'record' : 'records'}`;
}

/** The most pages a merge of pages of this size may cover: MAX_PAGES, and no more than MAX_RECORDS records. */
export function pagesWithinCap(recordsPerPage: number): number {
  return Math.max(1, Math.min(MAX_PAGES, Math.floor(MAX_RECORDS / Math.max(1, recordsPerPage))));
}

/** What part of the matched records an answer holds: "page 1 of 3 (50 of 145 records)". */
export function partialText(part: { page: number; last: number; records: number; total: number | undefined }): string {
  const of = part.total === undefined ? '' : ` of ${count(part.total)}`;
  return `page ${count(part.page)} of ${count(part.last)} (${count(part.records)}${of} ${part.records === 1 && of === '' ? 'record' : 'records'})`;
}

export type FetchAllState =
  | { status: 'idle' }
  | { status: 'running'; progress: MergeProgress }
  | { status: 'done'; outcome: PagesOutcome }
  /** `page`: the page that failed, when one did. */
  | { status: 'failed'; page: number | undefined; message: string }
  | { status: 'cancelled'; progress: MergeProgress };

/**
 * Fetching every page of one answer: `start(jump)` (again after a failure or a cancel: cached pages
 * are not sent again), `merged` stands in for the page once done, `discard` goes back to page by page.
 */
export type FetchAllControl = MergeControl<FetchAllState, PageJump>;

const IDLE: FetchAllState = { status: 'idle' };

/**
 * Fetches every page for one answer. Its state belongs to that answer: a new answer (another
 * query, another page) starts idle and stops a fetch still running, as does leaving the page.
 */
export function useFetchAllPages(lookup: AnyLookup, operation: AnyOperation, params: Params, response: LookupResponse): FetchAllControl {
  const { client, launch, ...run } = useAnswerRun(response, IDLE);

  const start = useCallback(
    (jump: PageJump) => {
      const planned = planPages(jump)?.covered ?? 0;
      launch(
        { status: 'running', progress: { done: 0, planned, records: 0 } },
        (signal, report) =>
          fetchAllPages({
            lookup,
            operation,
            params,
            response,
            jump,
            fetchPage: fetchThroughQueries(client, lookup, operation, sameMasking(response)),
            signal,
            onProgress: (progress) => report({ status: 'running', progress }),
          }).then((outcome): FetchAllState => ({ status: 'done', outcome })),
        (error) => ({
          status: 'failed',
          page: error instanceof PageFetchError ? error.page : undefined,
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    },
    [client, launch, lookup, operation, params, response],
  );

  return { ...run, start };
}
