// The three things to do with a history entry, the same on the History page and the side panel:
// send its query again, open its stored answer (no request), delete it.
import { Link } from 'react-router';
import { deleteHistoryEntry, type HistoryEntry } from './history-store.ts';
import { replayHref, storedAnswerHref } from './history-links.ts';

/**
 * `describedBy`: the ids of what names the entry in its row or item (lookup, parameters, time), so
 * a screen reader's list of links says which entry each "Replay" is for.
 */
export function HistoryActions({ entry, describedBy }: { entry: HistoryEntry; describedBy: string }) {
  return (
    <span className="history-actions">
      <Link to={replayHref(entry)} aria-describedby={describedBy}>
        Replay
      </Link>
      {entry.bodyStored ? (
        <Link to={storedAnswerHref(entry)} aria-describedby={describedBy}>
          Open stored answer
        </Link>
      ) : null}
      <button type="button" className="link-button" aria-describedby={describedBy} onClick={() => void deleteHistoryEntry(entry.id)}>
        Delete
      </button>
    </span>
  );
}
