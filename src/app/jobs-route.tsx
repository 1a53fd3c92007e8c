// The Jobs pages (/jobs, /jobs/<id>): server-side bulk runs of a team server (issue 27). app/
// composes the workbench's list and job view with the lookup's definition and the map (lazy).
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { getJob, useJobsEnabled, useJobsQueryClient } from '../api/jobs-client.ts';
import { loadLookupBySlug } from '../lookups/lookup-loaders.ts';
import type { MapSlotProps } from '../results/slots.ts';
import { JobView } from '../workbench/jobs/job-view.tsx';
import { JobsList } from '../workbench/jobs/jobs-list.tsx';
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
      {enabled ? <JobsList /> : <p>This server runs no jobs: bulk runs stay in your browser. A team server with Redis (LOOKUP_REDIS_URL) runs them.</p>}
    </div>
  );
}

export function JobRoute() {
  const { id = '' } = useParams();
  useDocumentTitle('Job');
  const client = useJobsQueryClient();
  const job = useQuery({ queryKey: ['job', id], queryFn: ({ signal }) => getJob(id, signal) }, client);
  const lookup = useQuery({ queryKey: ['job-lookup', job.data?.slug], queryFn: () => loadLookupBySlug(job.data!.slug!), enabled: job.data?.slug != null }, client);
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
