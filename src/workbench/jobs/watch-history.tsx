// One watchlist: its name and its query in words (the lookup, the operation and each row's
// parameters), then its changes over time: each run, newest first, with what was added, removed
// and changed since the run before (the Compare engine's counts and record labels), and Stop.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { getWatch, stopWatch, useJobsQueryClient, type WatchChange, type WatchQuery } from '../../api/jobs-client.ts';
import type { Params } from '../../lookups/define-lookup.ts';
import { paramsSummary } from '../history/history-format.ts';

function QueryInWords({ query }: { query: WatchQuery }) {
  const more = query.totalRows - query.rows.length;
  return (
    <dl className="watch-query-words">
      <dt>Lookup</dt>
      <dd>
        {query.lookupTitle} · {query.operationLabel}
      </dd>
      <dt>{query.totalRows === 1 ? 'Parameters' : `Parameters of its ${query.totalRows.toLocaleString('en-US')} rows`}</dt>
      {query.rows.map((row, index) => (
        <dd key={index}>{paramsSummary({ params: row as Params })}</dd>
      ))}
      {more > 0 && <dd>and {more.toLocaleString('en-US')} more</dd>}
    </dl>
  );
}

function ChangeDetails({ change }: { change: WatchChange }) {
  if (change.baseline) return <>First run: {change.records.toLocaleString('en-US')} records to compare the next runs with.</>;
  const { added, removed, changed } = change.counts;
  if (added + removed + changed === 0) return <>No change.</>;
  return (
    <ul>
      {change.added.map((label, index) => (
        <li key={`a${index}`}>Added: {label}</li>
      ))}
      {change.removed.map((label, index) => (
        <li key={`r${index}`}>Removed: {label}</li>
      ))}
      {change.changed.map((entry, index) => (
        <li key={`c${index}`}>
          Changed: {entry.label} ({entry.fields.join(', ')})
        </li>
      ))}
    </ul>
  );
}

export function WatchHistory({ id }: { id: string }) {
  const client = useJobsQueryClient();
  const watch = useQuery({ queryKey: ['watch', id], queryFn: ({ signal }) => getWatch(id, signal), refetchInterval: 15_000 }, client);
  const [error, setError] = useState<string>();
  if (watch.isPending) return <p role="status">Loading the watchlist…</p>;
  if (watch.isError) return <p role="alert">{watch.error.message}</p>;
  const { data } = watch;
  return (
    <>
      <h2>{data.name}</h2>
      {data.query && <QueryInWords query={data.query} />}
      <section aria-label="Changes over time">
        <p>
          {data.lookup} · {data.operation}, {data.rows.toLocaleString('en-US')} {data.rows === 1 ? 'row' : 'rows'}, {data.schedule}
          {data.stopped ? ' (stopped)' : ''}.{' '}
          {!data.stopped && (
            <button
              type="button"
              onClick={() =>
                stopWatch(id).then(
                  () => void watch.refetch(),
                  (failure: Error) => setError(failure.message),
                )
              }
            >
              Stop watching
            </button>
          )}
        </p>
        {error && <p role="alert">{error}</p>}
        {data.changes.length === 0 ? (
          <p>No run yet.</p>
        ) : (
          <table className="jobs-table">
            <caption>Runs, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Ran at</th>
                <th scope="col">Records</th>
                <th scope="col">Added</th>
                <th scope="col">Removed</th>
                <th scope="col">Changed</th>
                <th scope="col">What changed</th>
              </tr>
            </thead>
            <tbody>
              {data.changes.map((change) => (
                <tr key={change.job}>
                  <td>
                    <Link to={`/jobs/${change.job}`}>{new Date(change.ranAt).toLocaleString()}</Link>
                  </td>
                  <td>{change.records.toLocaleString('en-US')}</td>
                  <td>{change.counts.added}</td>
                  <td>{change.counts.removed}</td>
                  <td>{change.counts.changed}</td>
                  <td>
                    <ChangeDetails change={change} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
