// Why there is nothing to compare. History may list answers whose bodies it did not keep (over its
// cap on one answer, or dropped for room or by masking): after a reload nothing holds
// them, so say that they exist, why they cannot be compared, and what to do.
import { DEFAULT_HISTORY_CAPS, type HistoryEntry } from '../history/history-store.ts';

const { maxEntryBytes, maxReceivedBytes } = DEFAULT_HISTORY_CAPS;

/** Over History's cap on one answer, as received or as it would be stored. */
const tooLargeToKeep = (entry: HistoryEntry) =>
  entry.sizeBytes > maxReceivedBytes || (entry.storedBytes ?? entry.sizeBytes) > maxEntryBytes;

function whyNotKept(notKept: readonly HistoryEntry[]): string {
  const tooLarge = notKept.filter(tooLargeToKeep).length;
  if (tooLarge === notKept.length) return 'they were too large to keep (over History’s cap on one answer)';
  if (tooLarge === 0) return 'they were dropped to make room, or not kept while masking was on';
  return 'some were too large to keep (over History’s cap on one answer), others were dropped to make room or by masking';
}

export function NotEnoughAnswers({ kept, notKept }: { kept: number; notKept: readonly HistoryEntry[] }) {
  const count = kept === 1 ? 'there is one' : 'there are none';
  if (notKept.length === 0) {
    return (
      <p className="empty">
        Comparing needs two answers of this lookup kept in History ({count}). Send the query again with other values, then come back.
      </p>
    );
  }
  const answers = notKept.length === 1 ? '1 more answer' : `${notKept.length.toLocaleString('en-US')} more answers`;
  return (
    <div className="empty compare-not-kept">
      <p>
        Comparing needs two answers of this lookup whose bodies are at hand ({count}). History lists {answers} of this lookup, but only
        their details: their bodies were not kept, because {whyNotKept(notKept)}, and this tab no longer holds them (it keeps recent answers
        for a few minutes, and a reload empties it).
      </p>
      <p>
        To compare them, send those queries again from the lookup page (History’s Replay does it), then open Compare from that same tab.
      </p>
    </div>
  );
}
