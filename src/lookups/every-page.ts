// Every page of a paged answer, pure: which pages fetching all of them would send (the bound of
// MAX_PAGES), and the merge of pieces' records with each record kept once. The page's "Fetch all
// pages" (api/fetch-all-pages.ts) and the MCP server's place_dossier tool use the same.
import type { PageJump } from './define-lookup.ts';

/** No merge sends more pages than this: each may be a paid live call. */
export const MAX_PAGES = 50;

/** What fetching every page of an answer would do, before anything is sent. */
export interface PagePlan {
  /** Pages the merge covers: 1 to `covered` (all of them unless the bound cuts it). */
  covered: number;
  /** Pages the answer has. */
  last: number;
  /** The pages to send: every covered page but the one already shown. */
  toFetch: readonly number[];
  /** Records the query matched, where the definition knows it. */
  total: number | undefined;
  /** Plural noun for the records, e.g. "incidents". */
  noun: string;
}

/** The plan for an answer's pages; undefined where its pages cannot be merged or there is one page. */
export function planPages(jump: PageJump, maxPages = MAX_PAGES): PagePlan | undefined {
  if (!jump.merge || jump.last < 2) return undefined;
  const covered = Math.min(jump.last, Math.max(1, maxPages));
  const toFetch = Array.from({ length: covered }, (_, index) => index + 1).filter((page) => page !== jump.page);
  return { covered, last: jump.last, toFetch, total: jump.merge.total, noun: jump.merge.noun };
}

/**
 * The pieces' records as one list, pieces in the order given and each piece's records in the order
 * it sent them; a record two pieces both hold (same identity) is kept once, where it first appears.
 * A record without an identity cannot be matched, so it is always kept.
 */
export function mergeInOrder(
  pieces: ReadonlyArray<readonly unknown[]>,
  identity: (record: unknown) => string | undefined,
): { records: unknown[]; duplicates: number } {
  const seen = new Set<string>();
  const records: unknown[] = [];
  let duplicates = 0;
  for (const piece of pieces) {
    for (const record of piece) {
      const key = identity(record);
      if (key === undefined) records.push(record);
      else if (seen.has(key)) duplicates++;
      else {
        seen.add(key);
        records.push(record);
      }
    }
  }
  return { records, duplicates };
}
