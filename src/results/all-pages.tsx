// "Fetch all pages" in the paging bar: the action (pages, records, a confirmation before more than
// a few calls, the bound), its progress with Cancel, and what came of it (a failed page with Retry).
import { useEffect, useRef, useState, type Ref } from 'react';
import type { PageJump } from '../lookups/define-lookup.ts';
import { MERGE_CONCURRENCY } from '../api/merge-answers.ts';
import {
  MAX_PAGES,
  needsConfirmation,
  partialText,
  planPages,
  type FetchAllControl,
  type FetchAllState,
  type PagesOutcome,
  type PagePlan,
} from '../api/fetch-all-pages.ts';

const count = (value: number) => value.toLocaleString('en-US');
const pagesWord = (value: number) => `${count(value)} ${value === 1 ? 'page' : 'pages'}`;

/** The action's words: "Fetch all 11 pages", or "Fetch the first 50 of 120 pages" past the bound. */
const fetchAllLabel = (plan: PagePlan) =>
  plan.covered < plan.last ? `Fetch the first ${count(plan.covered)} of ${pagesWord(plan.last)}` : `Fetch all ${pagesWord(plan.last)}`;

interface AllPagesProps {
  jump: PageJump;
  control: Omit<FetchAllControl, 'merged'>;
  disabled: boolean;
}

/** Offers fetching every page of the answer shown and reports the run; nothing where the pages cannot be merged. */
export function AllPages({ jump, control, disabled }: AllPagesProps) {
  const [asking, setAsking] = useState(false);
  const action = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  // Opening the question moves focus to its answer; "Not now" brings it back to the action.
  useEffect(() => {
    if (toggled.current) (asking ? confirm : action).current?.focus();
  }, [asking]);
  const ask = (open: boolean) => {
    toggled.current = true;
    setAsking(open);
  };
  const plan = planPages(jump);
  if (!plan) return null;
  const { state } = control;
  const start = () => {
    toggled.current = false; // the run's own controls take focus (PagingBar)
    setAsking(false);
    control.start(jump);
  };
  // The merged answer is shown by the bar (MergedPages), which no longer offers its pages.
  if (state.status === 'done') return null;
  if (state.status === 'running') return <Running progress={state.progress} onCancel={control.cancel} />;
  return (
    <div className="paging-all">
      {state.status === 'failed' ? null : asking ? (
        <ConfirmFetch plan={plan} confirm={confirm} onStart={start} onNotNow={() => ask(false)} disabled={disabled} />
      ) : (
        <p className="paging-actions">
          <button
            type="button"
            ref={action}
            disabled={disabled}
            onClick={() => (needsConfirmation(plan) ? ask(true) : start())}
            data-focus-next
          >
            {fetchAllLabel(plan)}
          </button>
          <span>
            {plan.total === undefined ? 'Every page' : `${count(plan.total)} ${plan.noun} in all`}, merged into one answer that every tab,
            the map and the exports read.
            {plan.covered < plan.last &&
              ` At most ${count(MAX_PAGES)} pages are merged (each may be a paid call): narrow the query for the rest.`}
          </span>
        </p>
      )}
      <Stopped state={state} page={jump.page} onRetry={start} />
    </div>
  );
}

/** The question before more than a few calls: how many requests, and that each may be paid. */
function ConfirmFetch({
  plan,
  confirm,
  onStart,
  onNotNow,
  disabled,
}: {
  plan: PagePlan;
  confirm?: Ref<HTMLButtonElement>;
  onStart: () => void;
  onNotNow: () => void;
  disabled: boolean;
}) {
  return (
    <div className="paging-all-confirm" role="group" aria-label="Confirm fetching every page">
      <p>
        This sends up to {count(plan.toFetch.length)} more requests, {MERGE_CONCURRENCY} at a time; each may be a paid call to the provider.
      </p>
      <button type="button" ref={confirm} onClick={onStart} disabled={disabled}>
        Fetch {pagesWord(plan.toFetch.length)}
      </button>
      <button type="button" onClick={onNotNow}>
        Not now
      </button>
    </div>
  );
}

interface PartialNoticeProps {
  /** What reads the answer, e.g. "The map, its count and time histogram read". */
  reader: string;
  /** The shown page's jump (undefined once merged); records on that page. */
  jump: PageJump | undefined;
  records: number;
  control: Omit<FetchAllControl, 'merged'>;
}

/**
 * The loud label where a view reads part of a paged answer: "… page 1 of 3 (50 of 145 records) —
 * Fetch all 3 pages", with the fetch's progress; past the cap, "pages 1–50 of 120 (…)". Nothing
 * once every page is merged, or for an answer of one page.
 */
export function PartialNotice({ reader, jump, records, control }: PartialNoticeProps) {
  const [asking, setAsking] = useState(false);
  const { state } = control;
  if (state.status === 'done') {
    const { covered, last, total } = state.outcome;
    if (covered >= last) return null;
    const part = partialText({ page: covered, last, records: state.outcome.records, total }).replace(
      /^page \S+/,
      `pages 1–${count(covered)}`,
    );
    return (
      <p className="partial-notice" role="note">
        <strong>
          {reader} {part}
        </strong>
        : the cap on fetching every page was reached; narrow the query for the rest.
      </p>
    );
  }
  const plan = jump ? planPages(jump) : undefined;
  if (!jump || !plan) return null;
  const start = () => {
    setAsking(false);
    control.start(jump);
  };
  return (
    <div className="partial-notice" role="note">
      <p>
        <strong>
          {reader} {partialText({ page: jump.page, last: jump.last, records, total: plan.total })}
        </strong>
        {state.status !== 'running' && (
          <>
            {' '}
            — {/* Named apart from the paging bar's own "Fetch all 3 pages", which stays the one control there. */}
            <button type="button" onClick={() => (needsConfirmation(plan) ? setAsking(true) : start())}>
              fetch all
            </button>
          </>
        )}
      </p>
      {asking && state.status !== 'running' && (
        <ConfirmFetch plan={plan} onStart={start} onNotNow={() => setAsking(false)} disabled={false} />
      )}
      {/* Progress in words: the paging bar holds the run's own progress bar and Cancel. */}
      {state.status === 'running' && (
        <p>
          Fetching every page: {count(state.progress.done)} of {pagesWord(state.progress.planned)}, {count(state.progress.records)} records
          so far…
        </p>
      )}
    </div>
  );
}

function Running({ progress, onCancel }: { progress: { done: number; planned: number; records: number }; onCancel: () => void }) {
  return (
    <div className="paging-split">
      <progress max={progress.planned} value={progress.done} aria-label="Pages fetched" />
      <span role="status">
        Page {count(progress.done)} of {count(progress.planned)} · {count(progress.records)} {progress.records === 1 ? 'record' : 'records'}
      </span>
      <button type="button" onClick={onCancel} data-focus-next>
        Cancel
      </button>
    </div>
  );
}

/** A run that stopped: cancelled or failed. Either way nothing was merged and the page shown stays. */
function Stopped({ state, page, onRetry }: { state: FetchAllState; page: number; onRetry: () => void }) {
  const kept = `Nothing was merged: the answer shown is still page ${count(page)}.`;
  if (state.status === 'cancelled')
    return (
      <p className="paging-split" role="status">
        Cancelled after {count(state.progress.done)} of {pagesWord(state.progress.planned)}. {kept} The pages fetched stay cached, so
        fetching all again sends only the rest.
      </p>
    );
  if (state.status === 'failed')
    return (
      <div className="paging-split error" role="alert">
        <p>
          {state.message.replace(/\.?$/, '.')} {kept} A retry sends only the pages not fetched yet.
        </p>
        <button type="button" onClick={onRetry} data-focus-next>
          Retry
        </button>
      </div>
    );
  return null;
}

/** What the merge made: pages, records against what the query matched, duplicates, and each page's query. */
export function MergedPages({ outcome }: { outcome: PagesOutcome }) {
  const { total, records } = outcome;
  const matched =
    total === undefined
      ? ''
      : total === records
        ? `, every one of the ${count(total)} the query matched`
        : ` (the first page reported ${count(total)}; the data may have changed meanwhile)`;
  return (
    <div className="paging-split" role="status">
      <p>
        Merged {pagesWord(outcome.pages.length)}: {count(records)} {records === 1 ? 'record' : 'records'}
        {matched}.{outcome.duplicates > 0 && ` ${count(outcome.duplicates)} seen on two pages were kept once.`} Every tab and export reads
        the merged answer.
      </p>
      <details>
        <summary>Page queries</summary>
        <ol>
          {outcome.pages.map((page) => (
            <li key={page.page}>
              <code>{page.url}</code> · {count(page.records)} {page.records === 1 ? 'record' : 'records'}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
