import type { StreamProgress } from '../../api/answer-stream.ts';
import { describeProgress } from './progress.ts';

interface StreamProgressProps {
  progress: StreamProgress;
  stopping: boolean;
  onStop: () => void;
}

/** The line above an answer still arriving: bytes, records and rate, and Stop (which keeps what arrived). */
export function StreamProgressLine({ progress, stopping, onStop }: StreamProgressProps) {
  const { bytes, totalBytes } = progress;
  return (
    <div className="stream-progress">
      <p role="status" aria-label="Download progress">
        {stopping ? 'Stopping: keeping the records received… ' : 'Receiving the answer: '}
        {describeProgress(progress)}
      </p>
      {totalBytes !== undefined && totalBytes > 0 && (
        <progress max={totalBytes} value={Math.min(bytes, totalBytes)} aria-label="Bytes received" />
      )}
      <button type="button" onClick={onStop} disabled={stopping} title="Stop the download and keep the records received so far">
        Stop
      </button>
    </div>
  );
}
