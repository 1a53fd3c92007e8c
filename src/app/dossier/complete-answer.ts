// A dossier section sums up the whole answer, not its first page: a paged answer (L) has every page
// fetched and merged by the app's "Fetch all pages" machinery, unasked where that costs nothing
// (demo data or an unpriced lookup) and the answer is at most DOSSIER_RECORD_CAP records. Past the
// cap, or where pages are paid calls, the section says plainly that it holds one page, with a
// button to fetch the rest: "page 1 of 3 (50 of 145 records) — fetch all".
import { useEffect } from 'react';
import type { AnyLookup, AnyOperation, PageJump, Params } from '../../lookups/define-lookup.ts';
import type { LookupResponse } from '../../api/lookup-response.ts';
import { planPages, useFetchAllPages, type FetchAllState, type PagePlan } from '../../api/fetch-all-pages.ts';
import { DOSSIER_RECORD_CAP, fetchesUnasked, partialLabel } from '../../lookups/dossier-plan.ts';

export { DOSSIER_RECORD_CAP, fetchesUnasked, partialLabel };

export interface CompleteAnswer {
  /** The merged answer once every page is in, else the page as sent. */
  response: LookupResponse;
  state: FetchAllState;
  /** The pages still to fetch, when the answer is one page of several. */
  plan: PagePlan | undefined;
  jump: PageJump | undefined;
  start: () => void;
  cancel: () => void;
}

/** The section's answer made complete: every page fetched when allowed, else a way to ask for them. */
export function useCompleteAnswer(
  lookup: AnyLookup,
  operation: AnyOperation,
  params: Params,
  sent: LookupResponse,
  jump: PageJump | undefined,
  pageRecords: number,
): CompleteAnswer {
  const control = useFetchAllPages(lookup, operation, params, sent);
  const plan = jump ? planPages(jump) : undefined;
  const free = sent.source === 'demo' || lookup.catalog.pricePerCall === undefined;
  const unasked = plan !== undefined && fetchesUnasked(plan, pageRecords, free);
  const { start } = control;
  const idle = control.state.status === 'idle';
  useEffect(() => {
    if (unasked && idle && jump) start(jump);
  }, [unasked, idle, jump, start]);
  return {
    response: control.merged ?? sent,
    state: control.state,
    plan,
    jump,
    start: () => jump && start(jump),
    cancel: control.cancel,
  };
}
