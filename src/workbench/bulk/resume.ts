// What a run that was interrupted (a reload, a closed tab) does with each row when it is opened
// again. A row "in flight" had its request sent and no outcome recorded: the provider may have
// answered it, so it is failed as interrupted and never sent again on its own; the user re-runs
// failed rows explicitly. Rows never sent are sent; finished rows keep their outcome.
// docs/decisions/009-bulk-runs-never-send-a-row-twice.md.
import type { JobRecord } from './run-store.ts';

export const INTERRUPTED_REASON =
  'Interrupted: the page closed while this request was in flight, so its answer is unknown. It is not sent again on its own; re-run the failed rows to ask again.';

export interface ResumePlan {
  pending: number[];
  interrupted: number[];
  done: number;
  failed: number;
}

export function planResume(jobs: readonly Pick<JobRecord, 'index' | 'state'>[]): ResumePlan {
  const plan: ResumePlan = { pending: [], interrupted: [], done: 0, failed: 0 };
  for (const job of [...jobs].sort((a, b) => a.index - b.index)) {
    if (job.state === 'pending') plan.pending.push(job.index);
    else if (job.state === 'in-flight') {
      plan.interrupted.push(job.index);
      plan.failed += 1;
    } else if (job.state === 'failed') plan.failed += 1;
    else plan.done += 1;
  }
  return plan;
}
