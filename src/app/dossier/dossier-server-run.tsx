// "Run this dossier on the server": on a team server that runs jobs (/jobs/config), each of the
// dossier's queries becomes a server job, listed together on the Jobs page under the dossier's
// title with a link back to it; they go on, and stay with the team, after this tab is closed.
// Beside it, "Watch this dossier…" (dossier-watch.tsx).
import { useState } from 'react';
import { Link } from 'react-router';
import { quotaOf, submitJob, useJobsEnabled, type ServerJob } from '../../api/jobs-client.ts';
import { QuotaHint } from '../../workbench/bulk/quota-hint.tsx';
import { validateValues } from '../../form/validate-values.ts';
import { DossierWatch } from './dossier-watch.tsx';
import type { DossierQuery } from './dossier-plan.ts';

interface DossierServerRunProps {
  queries: readonly DossierQuery[];
  /** What the jobs are listed under ("Dossier around 37.7749, -122.4194"). */
  title: string;
  /** The dossier's own address (path and query). */
  path: string;
  masked: boolean;
  /** Every query is known (a record's dossier knows its linked queries once the record is read). */
  ready: boolean;
}

type RunState =
  | { step: 'idle' }
  | { step: 'sending' }
  | { step: 'sent'; jobs: ServerJob[]; skipped: number }
  | { step: 'failed'; message: string; quota?: string | undefined };

export function DossierServerRun(props: DossierServerRunProps) {
  return useJobsEnabled() ? <ServerRun {...props} /> : null;
}

function ServerRun({ queries, title, path, masked, ready }: DossierServerRunProps) {
  const [state, setState] = useState<RunState>({ step: 'idle' });
  const run = async () => {
    setState({ step: 'sending' });
    const jobs: ServerJob[] = [];
    let skipped = 0;
    try {
      for (const { lookup, operation, values } of queries) {
        // A query the page itself could not send (its section says why) is not sent either.
        const checked = validateValues(operation, values);
        if (!checked.ok) {
          skipped += 1;
          continue;
        }
        jobs.push(
          await submitJob({ lookup: lookup.id, operation: operation.id, rows: [checked.params], mask: masked, group: { title, path } }),
        );
      }
      setState({ step: 'sent', jobs, skipped });
    } catch (error) {
      setState({
        step: 'failed',
        message: `${error instanceof Error ? error.message : String(error)}${jobs.length > 0 ? ` (${jobs.length} of the jobs had started)` : ''}`,
        quota: quotaOf(error),
      });
    }
  };
  return (
    <div className="dossier-server-run">
      <button type="button" onClick={() => void run()} disabled={!ready || state.step === 'sending' || queries.length === 0}>
        Run this dossier on the server
      </button>
      {state.step === 'sending' && <p role="status">Sending the dossier’s queries to the server…</p>}
      {state.step === 'sent' && (
        <p role="status">
          {state.jobs.length} {state.jobs.length === 1 ? 'job runs' : 'jobs run'} on the server, without this tab
          {state.skipped > 0 ? ` (${state.skipped} not sent: see their sections)` : ''}: see them on the <Link to="/jobs">Jobs page</Link>.
        </p>
      )}
      {state.step === 'failed' && (
        <p role="alert">
          The dossier was not sent: {state.message}
          <QuotaHint quota={state.quota} />
        </p>
      )}
      <DossierWatch queries={queries} title={title} ready={ready} />
    </div>
  );
}
