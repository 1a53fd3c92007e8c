// The History page's list: one row per request, newest first, with what came back and what is kept.
import { catalogEntryOf } from './lookup-facts.ts';
import { historyOutcome } from './history-filter.ts';
import {
  describeEntry,
  durationText,
  formatSentAt,
  paramsSummary,
  sizeText,
  sourceText,
  statusText,
  VERDICT_TEXT,
} from './history-format.ts';
import { HistoryActions } from './history-actions.tsx';
import type { HistoryEntry } from './history-store.ts';

function operationLabel(entry: HistoryEntry): string {
  return catalogEntryOf(entry.lookupId)?.operations.find((operation) => operation.id === entry.operationId)?.label ?? entry.operationId;
}

export function HistoryTable({ entries, caption }: { entries: readonly HistoryEntry[]; caption: string }) {
  return (
    <div className="history-table-wrap">
      <table className="history-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Lookup</th>
            <th scope="col">Operation</th>
            <th scope="col">Parameters</th>
            <th scope="col">Sent</th>
            <th scope="col">Status</th>
            <th scope="col">Time</th>
            <th scope="col">Size</th>
            <th scope="col">Source</th>
            <th scope="col">Verdict</th>
            <th scope="col">Answer</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <th scope="row" id={`history-${entry.id}-lookup`}>
                <span className="letter">{entry.lookupId}</span> {catalogEntryOf(entry.lookupId)?.title}
              </th>
              <td>{operationLabel(entry)}</td>
              <td className="history-params" id={`history-${entry.id}-params`}>
                <span className="history-words">{describeEntry(entry)}</span> <small>{paramsSummary(entry)}</small>
              </td>
              <td id={`history-${entry.id}-sent`}>
                <time dateTime={new Date(entry.sentAt).toISOString()}>{formatSentAt(entry.sentAt)}</time>
              </td>
              <td className={historyOutcome(entry) === 'ok' ? 'status-ok' : 'status-bad'}>{statusText(entry)}</td>
              <td>{durationText(entry)}</td>
              <td>{sizeText(entry)}</td>
              <td>{sourceText(entry.source)}</td>
              <td>{VERDICT_TEXT[entry.verdict]}</td>
              <td>{entry.bodyStored ? (entry.masked ? 'stored (masked)' : 'stored') : 'metadata only'}</td>
              <td>
                <HistoryActions
                  entry={entry}
                  describedBy={`history-${entry.id}-lookup history-${entry.id}-params history-${entry.id}-sent`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
