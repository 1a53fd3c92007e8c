// What the jobs API answers about a job: its facts, counts, pace and time left, and its addresses.
import { JOBS_PATH, type JobDocument } from '../../lookups/jobs-wire.ts';
import { runPace } from '../../lookups/run-pace.ts';
import type { JobFacts } from './job-store.ts';

export { JOBS_PATH, type JobDocument };

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

export function jobDocument(job: JobFacts, now = Date.now(), slug: string | null = null): JobDocument {
  const url = `${JOBS_PATH}/${job.id}`;
  // Timed from the first row's finish, not the job's start (a job from before firstDoneAt: its start).
  const first = job.firstDoneAt ?? job.startedAt;
  const pace =
    first === undefined
      ? undefined
      : runPace({ finished: job.done, remaining: job.total - job.done, sinceFirstMs: (job.finishedAt ?? now) - first });
  const running = job.state === 'running' || job.state === 'queued';
  return {
    id: job.id,
    url,
    owner: job.owner,
    lookup: job.lookup,
    slug,
    operation: job.operation,
    shared: job.shared,
    state: job.state,
    rows: job.total,
    done: job.done,
    failed: job.failed,
    createdAt: new Date(job.createdAt).toISOString(),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    resumesAt: iso(job.resumesAt),
    rate: pace ? Math.round(pace.rowsPerSecond * 10) / 10 : null,
    etaSeconds: running && pace ? Math.ceil(pace.msLeft / 1000) : job.state === 'completed' ? 0 : null,
    watch: job.watch ?? null,
    group: job.group ?? null,
    concurrency: job.concurrency,
    results: { csv: `${url}/result.csv`, json: `${url}/result.json`, geojson: `${url}/result.geojson` },
    events: `${url}/events`,
  };
}
