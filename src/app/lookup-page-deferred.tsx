// The parts of a lookup page that load after its first paint, each its own chunk: what they show
// is not there at first (saved queries, the budget, a stored answer's notice, a held call's panel)
// or sits below the form (Save query, recent requests). The page's first paint then carries only
// the form and what frames it (performance.md, "Bundle size": a lookup page ≤ 150 kB gzip).
import { lazy, Suspense, type ComponentProps } from 'react';
// The usage line's style comes with the page, so its placeholder has the line's height.
import '../workbench/usage/usage-line.css';

const SaveQueryButton = lazy(async () => ({ default: (await import('../workbench/saved/save-query-button.tsx')).SaveQueryButton }));
const WatchQueryButton = lazy(async () => ({ default: (await import('../workbench/jobs/watch-query-button.tsx')).WatchQueryButton }));
const SavedSection = lazy(async () => ({ default: (await import('../workbench/saved/saved-section.tsx')).SavedSection }));
const HistoryPanel = lazy(async () => ({ default: (await import('../workbench/history/history-panel.tsx')).HistoryPanel }));
const StoredAnswerNotice = lazy(async () => ({
  default: (await import('../workbench/history/stored-answer-notice.tsx')).StoredAnswerNotice,
}));
const BudgetLine = lazy(async () => ({ default: (await import('./budget-line.tsx')).BudgetLine }));
// What an answer offers beyond its viewer: Look up…, Run over these results, the evidence pack.
const LookUpMenu = lazy(async () => ({ default: (await import('./look-up-menu.tsx')).LookUpMenu }));
const RunOverResults = lazy(async () => ({ default: (await import('./run-over-results.tsx')).RunOverResults }));
const AnswerEvidence = lazy(async () => ({ default: (await import('./answer-evidence.tsx')).AnswerEvidence }));
// "Share…" on a team server: its chunk (the workspace client, the snapshot) loads with the answer's actions.
const ShareAnswer = lazy(async () => ({ default: (await import('./team/share-answer.tsx')).ShareAnswer }));
const UsageLine = lazy(async () => ({ default: (await import('../workbench/usage/usage-line.tsx')).UsageLine }));
const ConsentPanel = lazy(async () => ({ default: (await import('./live-call-dialog.tsx')).ConsentPanel }));

/** "Watch this query…" for the query sent, on a team server that runs jobs (nothing elsewhere, nor while it loads). */
export function DeferredWatchQueryButton(props: ComponentProps<typeof WatchQueryButton>) {
  return (
    <Suspense fallback={null}>
      <WatchQueryButton {...props} />
    </Suspense>
  );
}

/** Until it loads, the same button disabled, so nothing below it moves when it arrives. */
export function DeferredSaveQueryButton(props: ComponentProps<typeof SaveQueryButton>) {
  return (
    <Suspense
      fallback={
        <div className="save-query">
          <button type="button" disabled>
            Save query…
          </button>
        </div>
      }
    >
      <SaveQueryButton {...props} />
    </Suspense>
  );
}

/** Shows nothing until it has read the saved queries, whether its code is there or not. */
export function DeferredSavedSection(props: ComponentProps<typeof SavedSection>) {
  return (
    <Suspense fallback={null}>
      <SavedSection {...props} />
    </Suspense>
  );
}

export function DeferredHistoryPanel(props: ComponentProps<typeof HistoryPanel>) {
  return (
    <Suspense fallback={null}>
      <HistoryPanel {...props} />
    </Suspense>
  );
}

/** Shown only for an answer from History, which is read from IndexedDB after the first paint anyway. */
export function DeferredStoredAnswerNotice(props: ComponentProps<typeof StoredAnswerNotice>) {
  return (
    <Suspense fallback={null}>
      <StoredAnswerNotice {...props} />
    </Suspense>
  );
}

/** Shows nothing until /lookup-config.json has said there is a budget. */
export function DeferredBudgetLine(props: ComponentProps<typeof BudgetLine>) {
  return (
    <Suspense fallback={null}>
      <BudgetLine {...props} />
    </Suspense>
  );
}

/** A paid call held for a yes: the server is asked first, so "checking" is what shows meanwhile. */
export function DeferredConsentPanel(props: ComponentProps<typeof ConsentPanel>) {
  return (
    <Suspense fallback={<p role="status">Checking whether this lookup answers live…</p>}>
      <ConsentPanel {...props} />
    </Suspense>
  );
}

export function DeferredLookUpMenu(props: ComponentProps<typeof LookUpMenu>) {
  return (
    <Suspense fallback={null}>
      <LookUpMenu {...props} />
    </Suspense>
  );
}

export function DeferredRunOverResults(props: ComponentProps<typeof RunOverResults>) {
  return (
    <Suspense fallback={null}>
      <RunOverResults {...props} />
    </Suspense>
  );
}

export function DeferredAnswerEvidence(props: ComponentProps<typeof AnswerEvidence>) {
  return (
    <Suspense fallback={null}>
      <AnswerEvidence {...props} />
    </Suspense>
  );
}

/** Nothing until it knows this is a team server (on a single-user server, nothing at all). */
export function DeferredShareAnswer(props: ComponentProps<typeof ShareAnswer>) {
  return (
    <Suspense fallback={null}>
      <ShareAnswer {...props} />
    </Suspense>
  );
}

/** Today's counts, a line under the header: until its code is there, an empty line of its height. */
export function DeferredUsageLine(props: ComponentProps<typeof UsageLine>) {
  return (
    <Suspense
      fallback={
        <p className="usage-line" aria-hidden="true">
          {'\u00a0'}
        </p>
      }
    >
      <UsageLine {...props} />
    </Suspense>
  );
}
