// "Run on the server": on a team server that runs jobs (/jobs/config), the checked rows go to
// POST /jobs and the page opens the job (/jobs/<id>), whose run goes on without this tab. A refusal
// is shown in the server's words; past a per-user quota, with where to see one's jobs.
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { quotaOf, submitJob, useJobsEnabled } from '../../api/jobs-client.ts';
import { QuotaHint } from './quota-hint.tsx';
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import type { Job } from './validate-rows.ts';

interface ServerRunProps {
  lookup: AnyLookup;
  operation: AnyOperation;
  mask: boolean;
  children: (onRunOnServer: ((jobs: readonly Job[], concurrency: number) => void) | undefined) => ReactNode;
}

export function ServerRunButton({ lookup, operation, mask, children }: ServerRunProps) {
  const enabled = useJobsEnabled();
  const navigate = useNavigate();
  const [state, setState] = useState<{ sending: boolean; error?: string; quota?: string | undefined }>({ sending: false });
  const run = (jobs: readonly Job[], concurrency: number) => {
    setState({ sending: true });
    submitJob({ lookup: lookup.id, operation: operation.id, rows: jobs.map((job) => job.params), concurrency, mask }).then(
      (job) => void navigate(`/jobs/${job.id}`),
      (error: Error) => setState({ sending: false, error: error.message, quota: quotaOf(error) }),
    );
  };
  return (
    <>
      {children(enabled && !state.sending ? run : undefined)}
      {enabled && (
        <p>
          This server runs bulk runs for the team too: <Link to="/jobs">Jobs on the server</Link>.
        </p>
      )}
      {state.sending && <p role="status">Sending the rows to the server…</p>}
      {state.error && (
        <p role="alert">
          {state.error}
          <QuotaHint quota={state.quota} />
        </p>
      )}
    </>
  );
}
