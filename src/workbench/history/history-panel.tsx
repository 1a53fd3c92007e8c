// The side panel of a lookup page: this lookup's last requests, collapsible, with the same actions
// as the History page.
import { useState } from 'react';
import { Link } from 'react-router';
import type { LookupId } from '../../lookups/define-lookup.ts';
import { historyOutcome } from './history-filter.ts';
import { describeEntry, formatSentAt, paramsSummary, statusText } from './history-format.ts';
import { HistoryActions } from './history-actions.tsx';
import { useHistoryList } from './use-history.ts';
import './history.css';

export const PANEL_SIZE = 10;

export function HistoryPanel({ lookupId, title }: { lookupId: LookupId; title: string }) {
  const list = useHistoryList({ lookupId }, PANEL_SIZE);
  // The entries are rendered only while the panel is open: closed, it is one line on the page.
  const [open, setOpen] = useState(false);
  // A browser without IndexedDB has no history to show: the panel stays out of the way.
  if (list.status === 'unavailable') return null;
  return (
    <details className="history-panel" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        Recent requests{list.status === 'ready' ? ` (${list.entries.length}${list.entries.length === PANEL_SIZE ? '+' : ''})` : ''}
      </summary>
      {!open ? null : list.status === 'loading' ? (
        <p role="status">Loading…</p>
      ) : list.entries.length === 0 ? (
        <p className="muted">Nothing sent from this browser yet.</p>
      ) : (
        <ol className="history-panel-list" aria-label={`Recent requests of ${title}`}>
          {list.entries.map((entry) => (
            <li key={entry.id}>
              <span className="history-panel-line">
                <time id={`history-panel-${entry.id}-sent`} dateTime={new Date(entry.sentAt).toISOString()}>
                  {formatSentAt(entry.sentAt)}
                </time>{' '}
                <span className={historyOutcome(entry) === 'ok' ? 'status-ok' : 'status-bad'}>{statusText(entry)}</span>{' '}
                <span className="muted">{entry.bodyStored ? 'stored' : 'metadata only'}</span>
              </span>
              <span className="history-params" id={`history-panel-${entry.id}-params`}>
                <span className="history-words">{describeEntry(entry)}</span> <small>{paramsSummary(entry)}</small>
              </span>
              <HistoryActions entry={entry} describedBy={`history-panel-${entry.id}-params history-panel-${entry.id}-sent`} />
            </li>
          ))}
        </ol>
      )}
      {open && (
        <p>
          <Link to={`/history?lookup=${lookupId.toLowerCase()}`}>All history of this lookup</Link>
        </p>
      )}
    </details>
  );
}
