// Works one chunk of a job (one BullMQ job): each row that has no result yet is sent (send-row.ts)
// and its result kept (job-store.ts). A chunk whose instance dies is taken up by another once its
// lock expires (BullMQ's stalled-job check); the rows already kept are skipped, so only the rows
// that were in flight are sent again. A 429 puts the chunk back in the queue until the wait is
// over (the budget's reset, or Retry-After): the job shows `paused-budget` while its budget is spent.
// A chunk sends one row at a time, and works only while it holds one of its job's slots (a Redis
// semaphore per job, job-store.ts): a job asking for 2 has at most 2 rows in flight on all instances.
import { DelayedError, type Job } from 'bullmq';
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import type { LookupIndex } from '../../lookups/lookup-index.ts';
import { FINAL_STATES, type JobFacts, type JobStore, type RowResult } from './job-store.ts';
import type { JobMetrics } from './job-metrics.ts';
import { sendRow } from './send-row.ts';

export interface ChunkData {
  jobId: string;
  chunk: number;
}

export interface ChunkWorkerOptions {
  store: JobStore;
  index: LookupIndex;
  metrics: JobMetrics;
  /** This instance's own address (http://127.0.0.1:port). */
  origin: () => string;
  headersFor: (user: string) => Record<string, string>;
  timeoutMs: number;
  /** A spent budget is looked at again after at most this long (an operator may raise it). */
  budgetRecheckMs?: number;
  /** A chunk's slot lasts this long unless renewed (each row renews it): a dead instance's slot frees itself. */
  slotLeaseMs?: number;
  /** A chunk that finds its job's slots all held waits about this long in the queue before trying again. */
  slotWaitMs?: number;
  /** A chunk's job finished (every row has a result). */
  onCompleted?: (jobId: string) => Promise<void>;
}

const TRANSPORT_RETRY_MS = 500;

export function createChunkProcessor(options: ChunkWorkerOptions) {
  const { store, metrics } = options;
  const recheck = options.budgetRecheckMs ?? 60_000;
  const lease = options.slotLeaseMs ?? options.timeoutMs + 30_000;
  const slotWait = options.slotWaitMs ?? 200;
  return async (job: Job<ChunkData>, token?: string): Promise<void> => {
    const { jobId, chunk } = job.data;
    const facts = await store.get(jobId);
    if (!facts || FINAL_STATES.has(facts.state)) return;
    const found = options.index.operation(facts.lookup, facts.operation);
    if (!found) return;
    const { lookup, operation } = found;
    const holder = String(chunk);
    if (!(await store.acquireSlot(jobId, holder, facts.concurrency, lease))) {
      // Every slot of this job is busy: back to the queue for a moment, leaving this worker free for other jobs.
      await job.moveToDelayed(Date.now() + slotWait + Math.floor(Math.random() * slotWait), token);
      throw new DelayedError();
    }
    try {
      await workChunk(job, token, facts, lookup, operation, holder);
    } finally {
      await store.releaseSlot(jobId, holder).catch(() => undefined);
    }
  };

  async function workChunk(
    job: Job<ChunkData>,
    token: string | undefined,
    facts: JobFacts,
    lookup: AnyLookup,
    operation: AnyOperation,
    holder: string,
  ): Promise<void> {
    const { jobId, chunk } = job.data;
    await store.started(jobId);
    const rows = await store.rows(jobId, chunk);
    const done = await store.doneIn(jobId, chunk);
    const headers = options.headersFor(facts.owner);
    for (let offset = 0; offset < rows.length; offset++) {
      const index = chunk * facts.chunkSize + offset;
      if (done.has(index)) continue;
      const state = await store.state(jobId);
      if (!state || FINAL_STATES.has(state)) return;
      await store.acquireSlot(jobId, holder, facts.concurrency, lease);
      const parsed = operation.params.safeParse(rows[offset]);
      let result: RowResult | undefined;
      if (!parsed.success)
        result = { s: 'failed', r: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`).join('; ') };
      for (let attempt = 0; !result; attempt++) {
        try {
          const outcome = await sendRow({
            origin: options.origin(),
            lookup,
            operation,
            params: parsed.data!,
            mask: facts.mask,
            headers,
            timeoutMs: options.timeoutMs,
          });
          if (outcome.kind === 'result') result = outcome.result;
          else {
            if (outcome.budget) await store.pause(jobId, outcome.until);
            await job.moveToDelayed(Math.min(outcome.until, Date.now() + recheck), token);
            throw new DelayedError();
          }
        } catch (error) {
          if (error instanceof DelayedError) throw error;
          if (attempt >= 1) result = { s: 'failed', r: error instanceof Error ? error.message : String(error) };
          else await new Promise((resolve) => setTimeout(resolve, TRANSPORT_RETRY_MS));
        }
      }
      const kept = await store.record(jobId, chunk, index, result);
      if (kept) metrics.row(facts.lookup, result.s);
      if (kept === 'completed') {
        // A watch's run stays until the next run has been compared with it (watch-service.ts retires it then).
        if (!facts.watch) await store.retire(jobId);
        await options.onCompleted?.(jobId);
      }
    }
  }
}
