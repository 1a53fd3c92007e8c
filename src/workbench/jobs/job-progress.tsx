// One job's state in words and a progress bar: rows done, failures, rate and time left.
import type { ServerJob } from '../../api/jobs-client.ts';
import { plural } from '../../lookups/adapters.ts';
import { timeLeftWords } from '../bulk/run-words.ts';

const STATE_WORDS: Record<ServerJob['state'], string> = {
  queued: 'Queued',
  running: 'Running',
  'paused-budget': 'Paused: the budget is spent',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export function jobStateWords(job: ServerJob): string {
  const words = STATE_WORDS[job.state];
  return job.state === 'paused-budget' && job.resumesAt ? `${words} (resumes ${new Date(job.resumesAt).toLocaleString()})` : words;
}

export function JobProgress({ job }: { job: ServerJob }) {
  const label = `Job ${job.lookup} ${job.operation}: ${job.done.toLocaleString('en-US')} of ${plural(job.rows, 'row')}`;
  return (
    <span className="job-progress">
      <progress max={job.rows} value={job.done} aria-label={label} />{' '}
      <span>
        {job.done.toLocaleString('en-US')} / {job.rows.toLocaleString('en-US')}
        {job.rate !== null && job.state === 'running' && ` · ${job.rate} rows/s`}
        {job.state === 'running' && ` · ${timeLeftWords(job.etaSeconds === null ? undefined : job.etaSeconds * 1000)}`}
      </span>
    </span>
  );
}
