// The Jobs page: the server's runs this user may see (their own and shared ones), each with live
// progress, owner, lookup, rows, failures, downloads, and Open and Cancel. A watchlist's run links
// back to its watchlist, by name, and a dossier's job to its dossier.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { cancelJob, FINAL_JOB_STATES, listJobs, listWatches, useJobsQueryClient, type ServerJob } from '../../api/jobs-client.ts';
import { JobProgress, jobStateWords } from './job-progress.tsx';
import { useJobProgress } from './use-job-progress.ts';

function JobRow({
  initial,
  watchNames,
  onChanged,
}: {
  initial: ServerJob;
  watchNames: ReadonlyMap<string, string>;
  onChanged: () => void;
}) {
  const job = useJobProgress(initial);
  const [error, setError] = useState<string>();
  return (
    <tr>
      <td>
        <Link to={`/jobs/${job.id}`}>
          {job.lookup} · {job.operation}
        </Link>
        {job.group && (
          <>
            <br />
            <Link className="jobs-table__group" to={job.group.path}>
              {job.group.title}
            </Link>
          </>
        )}
        {job.watch && (
          <>
            <br />
            <Link className="jobs-table__group" to={`/watches/${job.watch}`}>
              Watch: {watchNames.get(job.watch) ?? 'its watchlist'}
            </Link>
          </>
        )}
      </td>
      <td>{job.owner}</td>
      <td>{job.rows.toLocaleString('en-US')}</td>
      <td>
        <JobProgress job={job} />
      </td>
      <td>{job.failed.toLocaleString('en-US')}</td>
      <td>{jobStateWords(job)}</td>
      <td>{new Date(job.createdAt).toLocaleString()}</td>
      <td>
        <a href={job.results.csv} download>
          CSV
        </a>{' '}
        <a href={job.results.json} download>
          JSON
        </a>{' '}
        <a href={job.results.geojson} download>
          GeoJSON
        </a>
      </td>
      <td>
        {!FINAL_JOB_STATES.has(job.state) && (
          <button type="button" onClick={() => cancelJob(job.id).then(onChanged, (failure: Error) => setError(failure.message))}>
            Cancel
          </button>
        )}
        {error && <span role="alert">{error}</span>}
      </td>
    </tr>
  );
}

export function JobsList() {
  const client = useJobsQueryClient();
  const jobs = useQuery({ queryKey: ['jobs'], queryFn: ({ signal }) => listJobs(signal), refetchInterval: 10_000 }, client);
  // The watchlists' names, read once there is a watchlist's run to name.
  const hasWatchRuns = jobs.data?.some((job) => job.watch) ?? false;
  const watches = useQuery({ queryKey: ['watches'], queryFn: ({ signal }) => listWatches(signal), enabled: hasWatchRuns }, client);
  const watchNames = new Map((watches.data ?? []).map((watch) => [watch.id, watch.name]));
  if (jobs.isPending) return <p role="status">Loading jobs…</p>;
  if (jobs.isError) return <p role="alert">The jobs could not be read: {jobs.error.message}</p>;
  if (jobs.data.length === 0)
    return (
      <p>
        No jobs yet. Start one with “Run on the server” on a lookup’s “Run over a list” page, or “Run this dossier on the server” on a place
        dossier.
      </p>
    );
  return (
    <table className="jobs-table">
      <caption>Jobs on the server (yours and shared ones), newest first</caption>
      <thead>
        <tr>
          <th scope="col">Lookup</th>
          <th scope="col">Owner</th>
          <th scope="col">Rows</th>
          <th scope="col">Progress</th>
          <th scope="col">Failures</th>
          <th scope="col">State</th>
          <th scope="col">Started</th>
          <th scope="col">Downloads</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {jobs.data.map((job) => (
          <JobRow
            key={job.id}
            initial={job}
            watchNames={watchNames}
            onChanged={() => void client.invalidateQueries({ queryKey: ['jobs'] })}
          />
        ))}
      </tbody>
    </table>
  );
}
