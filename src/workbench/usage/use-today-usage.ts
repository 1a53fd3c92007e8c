// Today's counts of one lookup, kept current: a new answer (here or in another tab) and UTC
// midnight re-render the reader.
import { useSyncExternalStore } from 'react';
import { countsOn, parseLedger, utcDay, type SourceCounts } from './usage-ledger.ts';
import { onUsageChange, USAGE_STORAGE_KEY } from './usage-store.ts';

// The snapshot is a string (the day and the stored text), so React sees it unchanged until it is.
function snapshot(): string {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(USAGE_STORAGE_KEY);
  } catch {
    // Storage disabled: nothing counted.
  }
  return `${utcDay(Date.now())}|${stored ?? ''}`;
}

export function useTodayUsage(lookupId: string): SourceCounts {
  const current = useSyncExternalStore(onUsageChange, snapshot);
  const separator = current.indexOf('|');
  const day = current.slice(0, separator);
  return countsOn(parseLedger(current.slice(separator + 1)), lookupId, Date.parse(`${day}T12:00:00Z`));
}
