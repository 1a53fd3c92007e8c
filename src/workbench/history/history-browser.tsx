// The History page's body: search (lookup, words, outcome, all in the URL), the list, "do not
// record", and clearing it all after a confirmation.
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { LookupId } from '../../lookups/define-lookup.ts';
import { catalogEntryOf, catalogLookups } from './lookup-facts.ts';
import type { HistoryFilter } from './history-filter.ts';
import { clearHistory } from './history-store.ts';
import { HistoryTable } from './history-table.tsx';
import { useRecordingEnabled } from './recording-preference.ts';
import { useHistoryList } from './use-history.ts';
import './history.css';

const TEXT_KEY = 'q';
const STATUS_KEY = 'status';
const LOOKUP_KEY = 'lookup';

function readFilter(query: URLSearchParams): HistoryFilter {
  const text = query.get(TEXT_KEY) ?? '';
  const status = query.get(STATUS_KEY);
  const lookupId = query.get(LOOKUP_KEY)?.toUpperCase();
  return {
    ...(text && { text }),
    ...((status === 'ok' || status === 'failed') && { status }),
    ...(lookupId && catalogEntryOf(lookupId as LookupId) && { lookupId: lookupId as LookupId }),
  };
}

export function HistoryBrowser() {
  const [query, setQuery] = useSearchParams();
  const filter = readFilter(query);
  const list = useHistoryList(filter);
  const [recording, setRecording] = useRecordingEnabled();
  const searchId = useId();
  const filtered = Object.keys(filter).length > 0;

  const setKey = (key: string, value: string) =>
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="history-browser">
      <div className="history-controls">
        <label htmlFor={searchId}>Search history</label>
        <input
          id={searchId}
          type="search"
          value={filter.text ?? ''}
          placeholder="Lookup, parameter value…"
          onChange={(event) => setKey(TEXT_KEY, event.target.value)}
        />
        <label>
          Lookup
          <select value={filter.lookupId?.toLowerCase() ?? ''} onChange={(event) => setKey(LOOKUP_KEY, event.target.value)}>
            <option value="">All lookups</option>
            {catalogLookups.map((lookup) => (
              <option key={lookup.id} value={lookup.id.toLowerCase()}>
                {lookup.id}. {lookup.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select value={filter.status ?? ''} onChange={(event) => setKey(STATUS_KEY, event.target.value)}>
            <option value="">Any</option>
            <option value="ok">Succeeded</option>
            <option value="failed">Failed</option>
          </select>
        </label>
      </div>
      <div className="history-settings">
        <label className="toggle">
          <input type="checkbox" checked={!recording} onChange={(event) => setRecording(!event.target.checked)} />
          Do not record requests
        </label>
        <ClearAll disabled={list.status !== 'ready' || (list.entries.length === 0 && !filtered)} />
      </div>
      {!recording && <p className="history-note">Recording is off: new requests are not added to the history.</p>}
      {list.status === 'loading' ? (
        <p role="status">Loading history…</p>
      ) : list.status === 'unavailable' ? (
        <p className="error-message" role="alert">
          History is not available in this browser ({list.reason}).
        </p>
      ) : (
        <>
          <p role="status" className="muted">
            {list.entries.length === 0
              ? filtered
                ? 'No request in the history matches.'
                : 'No requests recorded yet: every request sent from a lookup page appears here.'
              : `${list.entries.length} ${list.entries.length === 1 ? 'request' : 'requests'}${filtered ? ' match' : ''}, newest first.`}
          </p>
          {list.entries.length > 0 && <HistoryTable entries={list.entries} caption="Requests sent from this browser, newest first" />}
        </>
      )}
    </div>
  );
}

/** "Clear all", then a confirmation in place: nothing is deleted by one stray click. */
function ClearAll({ disabled }: { disabled: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" disabled={disabled} onClick={() => setAsking(true)}>
        Clear all…
      </button>
    );
  }
  return (
    <span role="group" aria-label="Confirm clearing the history" className="history-confirm">
      Delete every recorded request and stored answer?{' '}
      <button
        type="button"
        className="danger"
        // The question appears where the button was: focus moves to its answer.
        autoFocus
        onClick={() => {
          setAsking(false);
          void clearHistory();
        }}
      >
        Delete all
      </button>{' '}
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
