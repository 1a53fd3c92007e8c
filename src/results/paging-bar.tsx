import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { Narrowing, PageInfo, PageJump, Params } from '../lookups/define-lookup.ts';
import type { SplitState, WindowSplitControl } from '../api/split-windows.ts';
import { describeMergedPages, type FetchAllControl } from '../api/fetch-all-pages.ts';
import { AllPages, MergedPages } from './all-pages.tsx';
import './paging-bar.css';

interface PagingBarProps {
  info: PageInfo;
  /** Sends these parameters as the new query (written to the URL like any sent form). */
  onNavigate: (params: Params) => void;
  disabled: boolean;
  /** The window split of this answer, where the lookup offers one. */
  split?: Omit<WindowSplitControl, 'merged'> | undefined;
  /** Fetching every page of this answer, where its pages merge. */
  allPages?: Omit<FetchAllControl, 'merged'> | undefined;
}

/**
 * The body's paging state. Where the lookup pages, every page is reachable (first, previous, a
 * page number, next, last); where it cannot, the bar says so and offers the narrowing that works.
 */
export function PagingBar({ info, onNavigate, disabled, split, allPages }: PagingBarProps) {
  const { prev, next, pages } = info;
  const merged = allPages?.state.status === 'done' ? allPages.state.outcome : undefined;
  const focus = useFocusKept(`${allPages?.state.status}/${split?.state.status}`);
  return (
    <div className="paging" {...focus}>
      <nav className="paging-bar" aria-label="Pages">
        {merged ? (
          <>
            <span>{describeMergedPages(merged).replace(/^./, (first) => first.toUpperCase())}</span>
            <button type="button" onClick={allPages?.discard} data-focus-next>
              Back to page by page
            </button>
          </>
        ) : (
          <span>{info.summary}</span>
        )}
        {merged ? null : pages ? (
          <PageControls pages={pages} onNavigate={onNavigate} disabled={disabled} />
        ) : (
          (prev || next) && (
            <span className="paging-buttons">
              <button type="button" disabled={!prev || disabled} onClick={() => prev && onNavigate(prev)}>
                ← Previous
              </button>
              <button type="button" disabled={!next || disabled} onClick={() => next && onNavigate(next)}>
                Next →
              </button>
            </span>
          )
        )}
      </nav>
      {merged ? (
        <MergedPages outcome={merged} />
      ) : (
        pages && allPages && <AllPages key={pages.page} jump={pages} control={allPages} disabled={disabled} />
      )}
      {info.narrowing && split?.state.status !== 'done' && (
        <NarrowingNote narrowing={info.narrowing} onNavigate={onNavigate} disabled={disabled} split={split} />
      )}
      {split && split.state.status !== 'idle' && <SplitStatus state={split.state} onCancel={split.cancel} onDiscard={split.discard} />}
    </div>
  );
}

/**
 * Keeps keyboard focus in the bar when the control that held it goes away (Fetch all becomes
 * Cancel, Cancel becomes Back to page by page): the control that took its place
 * (`data-focus-next`) takes it, else the bar's first enabled button.
 */
const FOCUS_NEXT = '[data-focus-next]';

function useFocusKept(phase: string) {
  const bar = useRef<HTMLDivElement>(null);
  const held = useRef(false);
  useLayoutEffect(() => {
    const element = bar.current;
    if (held.current && element && !element.contains(document.activeElement))
      (
        element.querySelector<HTMLElement>(`${FOCUS_NEXT}:not(:disabled)`) ?? element.querySelector<HTMLElement>('button:not(:disabled)')
      )?.focus();
  }, [phase]);
  return {
    ref: bar,
    onFocus: () => void (held.current = true),
    onBlur: (event: { relatedTarget: EventTarget | null }) =>
      void (held.current = event.relatedTarget instanceof Node && Boolean(bar.current?.contains(event.relatedTarget))),
  };
}

function PageControls({ pages, onNavigate, disabled }: { pages: PageJump; onNavigate: (params: Params) => void; disabled: boolean }) {
  const { page, last } = pages;
  const go = (to: number) => onNavigate(pages.to(to));
  // A page past the end (an old link, a hand-edited URL) is said plainly, with the way back.
  const beyond = page > last;
  return (
    <span className="paging-buttons">
      <button type="button" disabled={disabled || page <= 1} onClick={() => go(1)}>
        « First
      </button>
      <button type="button" disabled={disabled || page <= 1} onClick={() => go(Math.min(page - 1, last))}>
        ← Previous
      </button>
      {/* Keyed by the page shown, so the field shows the new page after each move. */}
      <PageJumpForm key={page} page={page} last={last} disabled={disabled} onGo={go} />
      <button type="button" disabled={disabled || page >= last} onClick={() => go(page + 1)}>
        Next →
      </button>
      <button type="button" disabled={disabled || page === last} onClick={() => go(last)}>
        Last »
      </button>
      {beyond && (
        <span className="paging-beyond" role="note">
          Page {page.toLocaleString('en-US')} is past the last page ({last.toLocaleString('en-US')}): there are no records here.
        </span>
      )}
    </span>
  );
}

/** The page-number box: a number out of range or not whole is refused at the box, in words. */
function PageJumpForm({ page, last, disabled, onGo }: { page: number; last: number; disabled: boolean; onGo: (to: number) => void }) {
  const [typed, setTyped] = useState(String(page));
  const [problem, setProblem] = useState<string>();
  const problemId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = Number(typed.trim());
    if (typed.trim() === '' || !Number.isInteger(to) || to < 1 || to > last) {
      setProblem(`Enter a whole page number from 1 to ${last.toLocaleString('en-US')}.`);
      return;
    }
    setProblem(undefined);
    if (to !== page) onGo(to);
  };
  return (
    // noValidate: the box's own message, next to it, instead of the browser's passing tooltip.
    <form className="page-jump" onSubmit={onSubmit} noValidate>
      <label>
        Page{' '}
        <input
          type="number"
          min={1}
          max={last}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(undefined);
          }}
          aria-label="Page number"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          disabled={disabled}
        />{' '}
        of {last.toLocaleString('en-US')}
      </label>
      <button type="submit" disabled={disabled}>
        Go
      </button>
      {problem && (
        <span id={problemId} className="page-jump-problem" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}

interface NarrowingNoteProps {
  narrowing: Narrowing;
  onNavigate: (params: Params) => void;
  disabled: boolean;
  split: PagingBarProps['split'];
}

function NarrowingNote({ narrowing, onNavigate, disabled, split }: NarrowingNoteProps) {
  const { resend } = narrowing;
  const windows = narrowing.split;
  const running = split?.state.status === 'running';
  return (
    <div className="paging-narrowing" role="note" aria-label="Not every record can be fetched">
      <p>{narrowing.reason}</p>
      <p>{narrowing.advice}</p>
      {(resend || (windows && split)) && (
        <p className="paging-actions">
          {resend && (
            <button type="button" disabled={disabled || running} onClick={() => onNavigate(resend.params)}>
              {resend.label}
            </button>
          )}
          {windows && split && (
            <button type="button" disabled={disabled || running} onClick={() => split.start(windows)}>
              Split into {windows.windows} windows
            </button>
          )}
        </p>
      )}
    </div>
  );
}

const count = (value: number) => value.toLocaleString('en-US');

function SplitStatus({
  state,
  onCancel,
  onDiscard,
}: {
  state: Exclude<SplitState, { status: 'idle' }>;
  onCancel: () => void;
  onDiscard: () => void;
}) {
  switch (state.status) {
    case 'running': {
      const { done, planned, records } = state.progress;
      return (
        <div className="paging-split">
          <progress max={planned} value={done} aria-label="Window queries answered" />
          <span role="status">
            Window {count(Math.min(done + 1, planned))} of {count(planned)} · {count(records)} {state.noun} so far
          </span>
          <button type="button" onClick={onCancel} data-focus-next>
            Cancel
          </button>
        </div>
      );
    }
    case 'cancelled':
      return (
        <p className="paging-split" role="status">
          Split cancelled after {count(state.progress.done)} of {count(state.progress.planned)} windows; the answer above is still the cut
          one.
        </p>
      );
    case 'failed':
      return (
        <p className="paging-split error" role="alert">
          The split stopped: {state.message} The answer shown is still the cut one.
        </p>
      );
    case 'done': {
      const { outcome, reported, noun } = state;
      const matches = outcome.records === reported;
      return (
        <div className="paging-split" role="status">
          <p>
            Merged {count(outcome.windows.length)} window queries: {count(outcome.records)} {noun}
            {matches
              ? `, every one of the ${count(reported)} the query matched.`
              : ` (the cut answer reported ${count(reported)}; the provider's data may have changed meanwhile).`}
            {outcome.duplicates > 0 && ` ${count(outcome.duplicates)} seen in two windows were kept once.`} Every tab and export reads the
            merged answer.
          </p>
          <details>
            <summary>Window queries</summary>
            <ol>
              {outcome.windows.map((window) => (
                <li key={window.url}>
                  <code>{window.url}</code> · {count(window.records)} {noun}
                </li>
              ))}
            </ol>
          </details>
          <button type="button" onClick={onDiscard} data-focus-next>
            Back to the cut answer
          </button>
        </div>
      );
    }
  }
}
