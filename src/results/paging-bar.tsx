import type { FormEvent } from 'react';
import type { Narrowing, PageInfo, PageJump, Params } from '../lookups/define-lookup.ts';
import type { SplitState, WindowSplitControl } from '../api/split-windows.ts';
import './paging-bar.css';

interface PagingBarProps {
  info: PageInfo;
  /** Sends these parameters as the new query (written to the URL like any sent form). */
  onNavigate: (params: Params) => void;
  disabled: boolean;
  /** The window split of this answer, where the lookup offers one. */
  split?: Omit<WindowSplitControl, 'merged'> | undefined;
}

/**
 * The body's paging state. Where the lookup pages, every page is reachable (first, previous, a
 * page number, next, last); where it cannot, the bar says so and offers the narrowing that works.
 */
export function PagingBar({ info, onNavigate, disabled, split }: PagingBarProps) {
  const { prev, next, pages } = info;
  return (
    <div className="paging">
      <nav className="paging-bar" aria-label="Pages">
        <span>{info.summary}</span>
        {pages ? (
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
      {info.narrowing && split?.state.status !== 'done' && (
        <NarrowingNote narrowing={info.narrowing} onNavigate={onNavigate} disabled={disabled} split={split} />
      )}
      {split && split.state.status !== 'idle' && <SplitStatus state={split.state} onCancel={split.cancel} onDiscard={split.discard} />}
    </div>
  );
}

function PageControls({ pages, onNavigate, disabled }: { pages: PageJump; onNavigate: (params: Params) => void; disabled: boolean }) {
  const { page, last } = pages;
  const go = (to: number) => onNavigate(pages.to(to));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = Number(new FormData(event.currentTarget).get('page'));
    if (Number.isInteger(to) && to >= 1 && to <= last && to !== page) go(to);
  };
  return (
    <span className="paging-buttons">
      <button type="button" disabled={disabled || page <= 1} onClick={() => go(1)}>
        « First
      </button>
      <button type="button" disabled={disabled || page <= 1} onClick={() => go(page - 1)}>
        ← Previous
      </button>
      {/* Keyed by the page shown, so the field shows the new page after each move. */}
      <form key={page} className="page-jump" onSubmit={onSubmit}>
        <label>
          Page <input name="page" type="number" min={1} max={last} defaultValue={page} aria-label="Page number" disabled={disabled} /> of{' '}
          {last.toLocaleString('en-US')}
        </label>
        <button type="submit" disabled={disabled}>
          Go
        </button>
      </form>
      <button type="button" disabled={disabled || page >= last} onClick={() => go(page + 1)}>
        Next →
      </button>
      <button type="button" disabled={disabled || page >= last} onClick={() => go(last)}>
        Last »
      </button>
    </span>
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

function SplitStatus({ state, onCancel, onDiscard }: { state: Exclude<SplitState, { status: 'idle' }>; onCancel: () => void; onDiscard: () => void }) {
  switch (state.status) {
    case 'running': {
      const { done, planned, records } = state.progress;
      return (
        <div className="paging-split">
          <progress max={planned} value={done} aria-label="Window queries answered" />
          <span role="status">
            Window {count(Math.min(done + 1, planned))} of {count(planned)} · {count(records)} {state.noun} so far
          </span>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      );
    }
    case 'cancelled':
      return (
        <p className="paging-split" role="status">
          Split cancelled after {count(state.progress.done)} of {count(state.progress.planned)} windows; the answer above is still the cut one.
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
            {matches ? `, every one of the ${count(reported)} the query matched.` : ` (the cut answer reported ${count(reported)}; the provider's data may have changed meanwhile).`}
            {outcome.duplicates > 0 && ` ${count(outcome.duplicates)} seen in two windows were kept once.`} Every tab and export reads the merged answer.
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
          <button type="button" onClick={onDiscard}>
            Back to the cut answer
          </button>
        </div>
      );
    }
  }
}
