import type { Progress } from './runner.ts';
import { ConcurrencyInput } from './concurrency-input.tsx';

interface RunProgressProps {
  progress: Progress;
  total: number;
  concurrency: number;
  onConcurrency: (value: number) => void;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}

function duration(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return seconds < 90 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

/** Done, failed and remaining, the rate and the time left, and the controls of a run. */
export function RunProgress({ progress, total, concurrency, onConcurrency, onPause, onResume, onCancel }: RunProgressProps) {
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
        {active && progress.etaMs !== undefined && ` · about ${duration(progress.etaMs)} left`}
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
          <button type="button" onClick={onCancel}>
            Cancel run
          </button>
        )}
      </div>
    </section>
  );
}
