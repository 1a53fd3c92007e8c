// What the jobs API answers about a job: its facts, counts, rate and ETA, and its addresses.
import { JOBS_PATH, type JobDocument } from '../../lookups/jobs-wire.ts';
import type { JobFacts } from './job-store.ts';

export { JOBS_PATH, type JobDocument };

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

export function jobDocument(job: JobFacts, now = Date.now(), slug: string | null = null): JobDocument {
  const url = `${JOBS_PATH}/${job.id}`;
  const elapsed = job.startedAt === undefined ? 0 : ((job.finishedAt ?? now) - job.startedAt) / 1000;
  const rate = elapsed > 0 && job.done > 0 ? Math.round((job.done / elapsed) * 10) / 10 : null;
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
    rate,
    etaSeconds: running && rate ? Math.ceil((job.total - job.done) / rate) : job.state === 'completed' ? 0 : null,
    watch: job.watch ?? null,
    group: job.group ?? null,
    concurrency: job.concurrency,
    results: { csv: `${url}/result.csv`, json: `${url}/result.json`, geojson: `${url}/result.geojson` },
    events: `${url}/events`,
  };
}
