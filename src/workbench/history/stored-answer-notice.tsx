// Over a stored answer: it says plainly that nothing was fetched, and offers a fresh answer.
import { formatSentAt } from './history-format.ts';
import type { StoredAnswer } from './use-history.ts';
import './history.css';

export function StoredAnswerNotice({ stored, onFetchFresh }: { stored: StoredAnswer; onFetchFresh: () => void }) {
  const fresh = (
    <button type="button" className="primary" onClick={onFetchFresh}>
      Fetch fresh
    </button>
  );
  if (stored.status === 'loading') return <p role="status">Opening the stored answer…</p>;
  if (stored.status === 'ready') {
    return (
      <div className="stored-answer-notice" role="note" aria-label="Stored answer">
        <p>
          <strong>Stored answer</strong> from{' '}
          <time dateTime={new Date(stored.entry.sentAt).toISOString()}>{formatSentAt(stored.entry.sentAt)}</time> — not fetched now.
        </p>
        {fresh}
      </div>
    );
  }
  return (
    <div className="stored-answer-notice missing" role="alert">
      <p>
        {stored.status === 'unavailable'
          ? `The stored answer cannot be read: the history is not available in this browser (${stored.reason}).`
          : stored.entry
            ? 'This request was kept without its answer (too large, or masking was on), so there is nothing stored to show.'
            : 'This stored answer is no longer in the history (deleted or cleared).'}{' '}
        Nothing was sent.
      </p>
      {fresh}
    </div>
  );
}
