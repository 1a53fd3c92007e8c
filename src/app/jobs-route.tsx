// The Jobs pages (/jobs, /jobs/<id>) and the Watch pages (/watches, /watches/<id>): server-side bulk runs of a team server (issue 27). app/
// composes the workbench's list and job view with the lookup's definition and the map (lazy).
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { getJob, useJobsEnabled, useJobsQueryClient } from '../api/jobs-client.ts';
import { loadLookupBySlug } from '../lookups/lookup-loaders.ts';
import type { MapSlotProps } from '../results/slots.ts';
import { JobView } from '../workbench/jobs/job-view.tsx';
import { JobsList } from '../workbench/jobs/jobs-list.tsx';
import { WatchHistory } from '../workbench/jobs/watch-history.tsx';
import { WatchesList } from '../workbench/jobs/watches-list.tsx';
import { useDocumentTitle } from './use-document-title.ts';

const ResultsMap = lazy(() => import('../map/results-map.tsx'));

function renderMap(props: MapSlotProps) {
  return (
    <Suspense fallback={<p role="status">Loading map…</p>}>
      <ResultsMap {...props} />
    </Suspense>
  );
}

export function JobsRoute() {
  useDocumentTitle('Jobs');
  const enabled = useJobsEnabled();
  return (
    <div className="jobs-page">
      <h1>Jobs</h1>
      {enabled && (
        <p>
          <Link to="/watches">Watchlists</Link>
        </p>
      )}
      {enabled ? (
        <JobsList />
      ) : (
        <p>This server runs no jobs: bulk runs stay in your browser. A team server with Redis (LOOKUP_REDIS_URL) runs them.</p>
      )}
    </div>
  );
}

export function JobRoute() {
  const { id = '' } = useParams();
  useDocumentTitle('Job');
  const client = useJobsQueryClient();
  const job = useQuery({ queryKey: ['job', id], queryFn: ({ signal }) => getJob(id, signal) }, client);
  const lookup = useQuery(
    { queryKey: ['job-lookup', job.data?.slug], queryFn: () => loadLookupBySlug(job.data!.slug!), enabled: job.data?.slug != null },
    client,
  );
  return (
    <div className="jobs-page">
      <h1>{job.data ? `Job: ${job.data.lookup} · ${job.data.operation}` : 'Job'}</h1>
      <p>
        <Link to="/jobs">All jobs</Link>
      </p>
      {job.isPending && <p role="status">Loading the job…</p>}
      {job.isError && <p role="alert">{job.error.message}</p>}
      {job.data && lookup.data && <JobView initial={job.data} lookup={lookup.data} renderMap={renderMap} />}
    </div>
  );
}

export function WatchesRoute() {
  useDocumentTitle('Watchlists');
  const enabled = useJobsEnabled();
  return (
    <div className="jobs-page">
      <h1>Watchlists</h1>
      <p>
        <Link to="/jobs">Jobs</Link>
      </p>
      {enabled ? <WatchesList /> : <p>This server runs no watchlists: they need a team server with Redis (LOOKUP_REDIS_URL).</p>}
    </div>
  );
}

export function WatchRoute() {
  const { id = '' } = useParams();
  useDocumentTitle('Watchlist');
  return (
    <div className="jobs-page">
      <h1>Watchlist</h1>
      <p>
        <Link to="/watches">All watchlists</Link>
      </p>
      <WatchHistory id={id} />
    </div>
  );
}
