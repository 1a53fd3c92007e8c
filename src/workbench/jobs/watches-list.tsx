// The Watch page's list: this user's watchlists (saved queries the server re-runs on a schedule).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { listWatches, useJobsQueryClient } from '../../api/jobs-client.ts';

export function WatchesList() {
  const client = useJobsQueryClient();
  const watches = useQuery({ queryKey: ['watches'], queryFn: ({ signal }) => listWatches(signal), refetchInterval: 30_000 }, client);
  if (watches.isPending) return <p role="status">Loading watchlists…</p>;
  if (watches.isError) return <p role="alert">The watchlists could not be read: {watches.error.message}</p>;
  if (watches.data.length === 0)
    return (
      <p>
        No watchlists yet. Create one with “Watch this query…” on a saved query or a lookup’s answer, or with POST /watches (see the guide).
      </p>
    );
  return (
    <table className="jobs-table">
      <caption>Your watchlists</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Lookup</th>
          <th scope="col">Rows</th>
          <th scope="col">Schedule</th>
          <th scope="col">State</th>
        </tr>
      </thead>
      <tbody>
        {watches.data.map((watch) => (
          <tr key={watch.id}>
            <td>
              <Link to={`/watches/${watch.id}`}>{watch.name}</Link>
            </td>
            <td>
              {watch.lookup} · {watch.operation}
            </td>
            <td>{watch.rows.toLocaleString('en-US')}</td>
            <td>{watch.schedule}</td>
            <td>{watch.stopped ? 'Stopped' : 'Active'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
