import { useState } from 'react';
import { plural } from '../../lookups/adapters.ts';
import type { Progress } from './runner.ts';
import { ConcurrencyInput } from './concurrency-input.tsx';
import { timeLeftWords } from './run-words.ts';
import { ModalDialog } from '../saved/modal-dialog.tsx';

interface RunProgressProps {
  progress: Progress;
  total: number;
  concurrency: number;
  onConcurrency: (value: number) => void;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}

/** Asks before cancelling: a cancelled run cannot be resumed, so one stray click must not end it. */
function ConfirmCancel({ remaining, onCancel, onClose }: { remaining: number; onCancel: () => void; onClose: () => void }) {
  const rows = plural(remaining, 'row');
  return (
    <ModalDialog title="Cancel this run?" onClose={onClose}>
      <p>
        The {rows} not yet answered will be dropped (a request in flight is stopped), and a cancelled run cannot be resumed. The answers
        already received stay in the result. To stop for a while instead, pause the run.
      </p>
      <div className="saved-dialog-actions">
        <button
          type="button"
          className="danger"
          onClick={() => {
            onClose();
            onCancel();
          }}
        >
          Yes, cancel the run
        </button>
        <button type="button" data-autofocus onClick={onClose}>
          Keep running
        </button>
      </div>
    </ModalDialog>
  );
}

/** Done, failed and remaining, the rate and the time left, and the controls of a run. */
export function RunProgress({ progress, total, concurrency, onConcurrency, onPause, onResume, onCancel }: RunProgressProps) {
  const [confirming, setConfirming] = useState(false);
  const finished = progress.done + progress.failed;
  const active = progress.state === 'running';
  const stopped = progress.state === 'finished' || progress.state === 'cancelled';
  return (
    <section className="bulk-progress" aria-label="Run progress">
      <progress max={Math.max(total, 1)} value={finished} aria-label="Rows finished" />
      <p role="status" aria-live="polite">
        <strong>{progress.done.toLocaleString('en-US')} done</strong> · {progress.failed.toLocaleString('en-US')} failed ·{' '}
        {progress.remaining.toLocaleString('en-US')} remaining
        {progress.rowsPerSecond > 0 && ` · ${progress.rowsPerSecond.toFixed(1)} rows/s`}
        {active && ` · ${timeLeftWords(progress.etaMs)}`}
        {progress.waitingUntil !== undefined && ' · rate limited: waiting as the provider asked'}
        {progress.state === 'paused' && ' · paused'}
        {progress.state === 'finished' && ' · finished'}
        {progress.state === 'cancelled' && ' · cancelled'}
      </p>
      <div className="bulk-controls">
        <ConcurrencyInput value={concurrency} disabled={stopped} onText={(text) => text !== '' && onConcurrency(Number(text))} />
        {active && (
          <button type="button" onClick={onPause}>
            Pause
          </button>
        )}
        {(progress.state === 'paused' || (progress.state === 'idle' && progress.remaining > 0)) && (
          <button type="button" onClick={onResume}>
            Resume
          </button>
        )}
        {!stopped && (
          <button type="button" aria-haspopup="dialog" onClick={() => setConfirming(true)}>
            Cancel run…
          </button>
        )}
      </div>
      {confirming && !stopped && <ConfirmCancel remaining={progress.remaining} onCancel={onCancel} onClose={() => setConfirming(false)} />}
    </section>
  );
}
