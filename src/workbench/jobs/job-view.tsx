// One server job opened: its live progress and, once it has finished, its merged dataset in the
// table and map as a browser run shows it (bulk/merged-results.tsx).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { fetchJobRows, FINAL_JOB_STATES, useJobsQueryClient, type ServerJob } from '../../api/jobs-client.ts';
import type { AnyLookup } from '../../lookups/define-lookup.ts';
import type { MapSlotProps } from '../../results/slots.ts';
import { MergedResults } from '../bulk/merged-results.tsx';
import { JobProgress, jobStateWords } from './job-progress.tsx';
import { useJobProgress } from './use-job-progress.ts';
import '../bulk/bulk.css';

interface JobViewProps {
  initial: ServerJob;
  lookup: AnyLookup;
  renderMap?: ((props: MapSlotProps) => ReactNode) | undefined;
}

export function JobView({ initial, lookup, renderMap }: JobViewProps) {
  const job = useJobProgress(initial);
  const operation = lookup.operations.find((candidate) => candidate.id === job.operation);
  const finished = FINAL_JOB_STATES.has(job.state);
  const client = useJobsQueryClient();
  const rows = useQuery(
    { queryKey: ['job-rows', job.id, job.state], queryFn: ({ signal }) => fetchJobRows(job, signal), enabled: finished },
    client,
  );
  const columns = operation ? Object.keys(operation.params.shape) : [];
  return (
    <section aria-label="Server job">
      <p role="status">
        {jobStateWords(job)} · started by {job.owner} · {job.failed.toLocaleString('en-US')} failed
      </p>
      <JobProgress job={job} />
      <p>
        Download:{' '}
        <a href={job.results.csv} download>
          CSV
        </a>{' '}
        ·{' '}
        <a href={job.results.json} download>
          JSON
        </a>{' '}
        ·{' '}
        <a href={job.results.geojson} download>
          GeoJSON
        </a>
      </p>
      {!operation && (
        <p role="alert">
          This server no longer has operation {job.operation} of lookup {job.lookup}.
        </p>
      )}
      {finished && rows.isPending && <p role="status">Loading the merged results…</p>}
      {rows.isError && <p role="alert">The results could not be read: {rows.error.message}</p>}
      {operation && rows.data && (
        <MergedResults
          lookup={lookup}
          operation={operation}
          columns={columns}
          rows={rows.data}
          jobs={[]}
          masked
          renderMap={renderMap}
          onRerunFailed={() => undefined}
        />
      )}
    </section>
  );
}
