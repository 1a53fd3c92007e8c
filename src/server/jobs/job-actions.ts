// What a user does with jobs, apart from HTTP: submit one (checked, a link followed, queued),
// list and see the jobs they may see, cancel their own. The /jobs routes (job-routes.ts) are a
// thin layer over these, and MCP or a test may call them directly.
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import type { LookupIndex } from '../../lookups/lookup-index.ts';
import { refusal, type Refusal } from '../http/refusal.ts';
import type { JobSubmission } from './job-submission.ts';
import type { Admission, JobFacts, JobStore, NewJob, RowInput } from './job-store.ts';
import type { JobsSettings } from './jobs-settings.ts';
import { planLink, rowsFromAnswer } from './link-rows.ts';
import { rowProblem } from './row-problem.ts';
import { RowTexts } from './row-texts.ts';
import type { RowOutcome } from './send-row.ts';

/** What the streamed read of a body has done already (job-submission-stream.ts): its rows checked, their names gathered. */
export interface SubmissionChecked {
  rowsChecked: boolean;
  rowKeys?: string[] | undefined;
  /** The rows as compact JSON text (job-submission-stream.ts), in place of the submission's. */
  rowTexts?: RowTexts | undefined;
}

/** A job, or why not. */
export type JobOutcome = { ok: true; job: JobFacts } | Refusal;

export interface JobActions {
  /** Checks `submission` against its operation (following its link first), then queues it as `owner`'s. */
  submit(owner: string, submission: JobSubmission, read?: SubmissionChecked): Promise<JobOutcome>;
  /** The jobs `viewer` may see: their own and the shared ones (from their indexes, not a window of everyone's). */
  list(viewer: string): Promise<JobFacts[]>;
  /** The job when `viewer` may see it. */
  find(viewer: string, id: string): Promise<JobFacts | undefined>;
  /** Cancels `viewer`'s own job; the job as it is now. */
  cancel(viewer: string, id: string): Promise<JobOutcome>;
}

export interface JobActionsOptions {
  store: Pick<JobStore, 'get' | 'listFor' | 'cancel' | 'admit' | 'release'>;
  index: LookupIndex;
  settings: Pick<JobsSettings, 'chunkSize' | 'concurrency' | 'jobsPerUser' | 'rowsPerUserDay'>;
  /** Keeps a checked job and queues its chunks (job-queue.ts). */
  enqueue(job: NewJob): Promise<JobFacts>;
  /** Runs one query as `owner` through the server's own front door (a link's source). */
  runAs?(owner: string, lookup: AnyLookup, operation: AnyOperation, params: Params, mask: boolean): Promise<RowOutcome>;
}

/** The most row problems a refusal lists. */
const ROW_PROBLEMS = 5;

const invalid = (message: string, details?: Record<string, unknown>) => refusal(400, 'invalid_job', message, details && { details });
export const JOB_NOT_FOUND = refusal(404, 'not_found', 'There is no such job, or it is not yours');

const count = (value: number) => value.toLocaleString('en-US');

/** 429 in team-wire.ts's quotaRefusalSchema words: which quota, its limit, what is used. */
export function quotaRefused(refused: Extract<Admission, { ok: false }>, rows: number, now = Date.now()): Refusal {
  const { quota, limit, used } = refused;
  if (quota === 'jobs')
    return refusal(
      429,
      'quota',
      `You have ${count(used)} jobs waiting or running, the most one user may have at once (${count(limit)}): ` +
        'wait for one to finish, or cancel one, then send this again',
      { details: { quota, limit, used } },
    );
  const midnight = new Date(now).setUTCHours(24, 0, 0, 0);
  return refusal(
    429,
    'quota',
    `This job’s ${count(rows)} rows would pass your ${count(limit)} rows a day (${count(used)} used today): ` +
      'send fewer rows, or wait until midnight UTC',
    { details: { quota, limit, used }, headers: { 'retry-after': String(Math.max(1, Math.ceil((midnight - now) / 1000))) } },
  );
}
/** Every name the rows use, in the order they first appear (a loop: a flatMap over 900,000 rows stalls for seconds). */
function namesOf(rows: readonly Record<string, unknown>[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const name in row) names.add(name);
  return [...names];
}

export function createJobActions({ store, index, settings, enqueue, runAs }: JobActionsOptions): JobActions {
  async function find(viewer: string, id: string): Promise<JobFacts | undefined> {
    const job = await store.get(id);
    return job && (job.shared || job.owner === viewer) ? job : undefined;
  }

  /** The rows of a job sent as a link to an answer: the source query run as `owner`, its records followed. */
  async function rowsFromLink(
    owner: string,
    target: { lookup: AnyLookup; operation: AnyOperation },
    from: NonNullable<JobSubmission['from']>,
    mask: boolean,
  ) {
    const plan = planLink(index, target, from);
    if (!plan.ok) return invalid(plan.message);
    if (!runAs) return invalid('This server cannot run a link’s source query');
    const outcome = await runAs(owner, plan.source.lookup, plan.source.operation, plan.source.params, mask).catch(
      (error: Error): RowOutcome => ({ kind: 'result', result: { s: 'failed', r: error.message } }),
    );
    if (outcome.kind === 'wait')
      return refusal(429, 'budget_spent', 'The source query is over its budget or rate now: try again later', {
        headers: { 'retry-after': String(Math.max(1, Math.ceil((outcome.until - Date.now()) / 1000))) },
      });
    if (outcome.result.s === 'failed')
      return refusal(502, 'source_failed', `The source query failed: ${outcome.result.r ?? 'no reason given'}`);
    const rows = rowsFromAnswer(plan.link, plan.source.operation, target.operation, JSON.parse(outcome.result.t ?? 'null'));
    if (rows.length === 0) return invalid(`The source answer has no records that “${plan.link.label}” can follow: nothing was queued`);
    return { ok: true as const, rows };
  }

  return {
    find,
    list: (viewer) => store.listFor(viewer),

    async submit(owner, submission, read) {
      const found = index.operation(submission.lookup, submission.operation);
      if (!found) return invalid(`There is no operation ${submission.operation} of lookup ${submission.lookup}`);
      const { lookup, operation } = found;
      const mask = submission.mask ?? true;
      let rows: readonly RowInput[] | RowTexts = read?.rowTexts ?? submission.rows ?? [];
      let checked = read?.rowsChecked ?? false;
      let rowKeys = read?.rowKeys;
      if (submission.from) {
        const linked = await rowsFromLink(owner, found, submission.from, mask);
        if (!linked.ok) return linked;
        rows = linked.rows;
        checked = false;
        rowKeys = undefined;
      }
      const problems: { row: number; message: string }[] = [];
      for (let at = 0; !checked && at < rows.length && problems.length < ROW_PROBLEMS; at++) {
        const problem = rowProblem(operation, rows instanceof RowTexts ? rows.row(at) : rows[at]);
        if (problem) problems.push({ row: at + 1, message: problem });
      }
      if (problems.length > 0)
        return invalid(`Row ${problems[0]!.row} is not valid (${problems[0]!.message}): nothing was queued`, { rows: problems });
      const admitted = await store.admit(owner, rows.length, settings);
      if (!admitted.ok) return quotaRefused(admitted, rows.length);
      const job = await enqueue({
        id: admitted.id,
        owner,
        lookup: lookup.id,
        operation: operation.id,
        columns: submission.columns ?? rowKeys ?? (rows instanceof RowTexts ? [] : namesOf(rows)),
        rows,
        chunkSize: settings.chunkSize,
        shared: submission.shared ?? false,
        mask,
        ...(submission.group && { group: submission.group }),
        // What the job asked for, never more than the server allows one job.
        concurrency: Math.min(submission.concurrency ?? settings.concurrency, settings.concurrency),
      }).catch(async (error: unknown) => {
        await store.release(owner, admitted.id, rows.length).catch(() => undefined);
        throw error;
      });
      return { ok: true, job };
    },

    async cancel(viewer, id) {
      const job = await find(viewer, id);
      if (!job) return JOB_NOT_FOUND;
      if (job.owner !== viewer) return refusal(403, 'not_owner', `Only ${job.owner}, who started this job, can cancel it`);
      if (!(await store.cancel(id))) return refusal(409, 'job_finished', `The job is already ${job.state}`);
      return { ok: true, job: (await store.get(id))! };
    },
  };
}
