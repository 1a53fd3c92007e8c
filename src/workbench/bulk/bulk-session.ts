// One bulk run being worked on: its stored record and rows, the runner sending them, and the merged
// output rows the worker sends back. Framework-free; use-bulk-run.ts binds it to React.
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import type { MergeClient } from './merge-client.ts';
import type { MergedRow } from './merge.ts';
import { planResume, INTERRUPTED_REASON } from './resume.ts';
import { BulkRunner, type Final, type Progress } from './runner.ts';
import { type BulkDb, getJobs, type JobRecord, type RunRecord, settleJob, setJobState, updateRun } from './run-store.ts';
import { type RowAnswer, sendRow } from './send-row.ts';

export interface SessionSnapshot {
  run: RunRecord;
  jobs: readonly JobRecord[];
  progress: Progress | undefined;
  /** Merged output rows in the input's order; a new array when rows arrived and the run is not sending. */
  rows: readonly MergedRow[];
  /** How many merged output rows have arrived (also while sending). */
  rowCount: number;
  /** Whether every finished row's merged output has arrived. */
  merged: boolean;
}

export class BulkSession {
  private runner: BulkRunner<RowAnswer> | undefined;
  private jobs: JobRecord[] = [];
  private readonly rowsByJob = new Map<number, MergedRow[]>();
  private rows: MergedRow[] = [];
  private rowsStale = false;
  /** Rows left to send when the run was opened: what Resume sends when no runner has started yet. */
  private pendingAtOpen: number[] = [];
  private rowCount = 0;
  private progress: Progress | undefined;
  private readonly listeners = new Set<() => void>();
  private snapshot: SessionSnapshot;
  private stopMerger: () => void;

  constructor(
    private readonly db: BulkDb,
    private run: RunRecord,
    private readonly lookup: AnyLookup,
    private readonly operation: AnyOperation,
    private readonly merger: MergeClient,
  ) {
    this.snapshot = this.makeSnapshot();
    this.stopMerger = merger.subscribe((message) => {
      if (message.type !== 'rows') return;
      for (const { index, rows } of message.batch) {
        this.rowCount += rows.length - (this.rowsByJob.get(index)?.length ?? 0);
        this.rowsByJob.set(index, rows);
      }
      this.rowsStale = true;
      this.changed();
    });
    merger.send({ type: 'init', slug: lookup.slug, operationId: operation.id, columns: run.columns, mask: run.mask });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  private makeSnapshot(): SessionSnapshot {
    const finished = this.jobs.filter((job) => job.state === 'ok' || job.state === 'empty' || job.state === 'failed').length;
    // The rows in order are assembled only while the run is not sending (the table shows then):
    // 200,000 rows re-assembled on every batch would cost the page its responsiveness.
    if (this.rowsStale && this.progress?.state !== 'running') {
      this.rows = [...this.rowsByJob.entries()].sort(([a], [b]) => a - b).flatMap(([, rows]) => rows);
      this.rowsStale = false;
    }
    return { run: this.run, jobs: this.jobs, progress: this.progress, rows: this.rows, rowCount: this.rowCount, merged: this.rowsByJob.size >= finished };
  }

  private changed(): void {
    this.snapshot = this.makeSnapshot();
    this.listeners.forEach((listener) => listener());
  }

  /** Reads the stored rows, fails those a reload interrupted, merges the finished ones, and returns what is left to send. */
  async open(): Promise<number[]> {
    this.jobs = await getJobs(this.db, this.run.id);
    const plan = planResume(this.jobs);
    for (const index of plan.interrupted) {
      await setJobState(this.db, this.run.id, index, 'failed', INTERRUPTED_REASON);
      this.jobs[index] = { ...this.jobs[index]!, state: 'failed', reason: INTERRUPTED_REASON };
    }
    this.merger.send({ type: 'load', runId: this.run.id });
    this.pendingAtOpen = plan.pending;
    this.progress = { state: 'idle', done: plan.done, failed: plan.failed, remaining: plan.pending.length, inFlight: 0, rowsPerSecond: 0, etaMs: undefined, waitingUntil: undefined };
    this.changed();
    return plan.pending;
  }

  /** Sends these rows (the pending ones, or the failed ones again). */
  start(pending: readonly number[]): void {
    this.runner = this.createRunner(pending);
    this.runner.start();
  }

  private createRunner(pending: readonly number[]): BulkRunner<RowAnswer> {
    const done = this.jobs.filter((job) => job.state === 'ok' || job.state === 'empty').length;
    const failed = this.jobs.filter((job) => job.state === 'failed' && !pending.includes(job.index)).length;
    return new BulkRunner<RowAnswer>({
      pending,
      alreadyDone: done,
      alreadyFailed: failed,
      concurrency: this.run.concurrency,
      hooks: {
        beforeSend: (index) => this.setState(index, 'in-flight'),
        attempt: (index, signal) => sendRow(this.lookup, this.operation, this.jobs[index]!.params, this.run.mask, signal),
        requeue: (index) => this.setState(index, 'pending'),
        settle: (index, outcome) => this.settle(index, outcome),
      },
      onProgress: (progress) => {
        this.progress = progress;
        if (progress.state === 'finished' || progress.state === 'cancelled' || progress.state === 'paused' || progress.state === 'running') {
          const state = progress.state;
          if (state !== this.run.state) {
            this.run = { ...this.run, state };
            void updateRun(this.db, this.run.id, { state });
          }
        }
        this.changed();
      },
    });
  }

  pause(): void {
    this.runner?.pause();
  }

  /** Resumes a paused runner, or starts sending what a reopened run had left. */
  resume(): void {
    if (this.runner) this.runner.resume();
    else if (this.pendingAtOpen.length > 0) this.start(this.pendingAtOpen);
  }

  /** Cancels the run; a reopened run that never resumed fails its unsent rows the same way. */
  cancel(): Promise<void> {
    this.runner ??= this.createRunner(this.pendingAtOpen);
    return this.runner.cancel();
  }

  setConcurrency(value: number): void {
    this.run = { ...this.run, concurrency: value };
    void updateRun(this.db, this.run.id, { concurrency: value });
    this.runner?.setConcurrency(value);
    this.changed();
  }

  /** Sends the failed rows again, alone: each is reset to pending first. */
  async rerunFailed(): Promise<void> {
    const failed = this.jobs.filter((job) => job.state === 'failed').map((job) => job.index);
    for (const index of failed) {
      await this.setState(index, 'pending');
      this.rowCount -= this.rowsByJob.get(index)?.length ?? 0;
      this.rowsByJob.delete(index);
    }
    this.rowsStale = true;
    this.start(failed);
  }

  close(): void {
    this.runner?.pause();
    this.stopMerger();
  }

  private async setState(index: number, state: JobRecord['state'], reason?: string): Promise<void> {
    await setJobState(this.db, this.run.id, index, state, reason);
    const { reason: _old, recordCount: _count, ...rest } = this.jobs[index]!;
    this.jobs[index] = { ...rest, state, ...(reason !== undefined && { reason }) };
  }

  private async settle(index: number, outcome: Final<RowAnswer>): Promise<void> {
    const job = this.jobs[index]!;
    if (outcome.kind === 'keep') {
      const { state, recordCount, text, maskedHeader } = outcome.value;
      await settleJob(this.db, { runId: this.run.id, index, state, recordCount }, { runId: this.run.id, index, text, maskedHeader });
      this.jobs[index] = { ...job, state, recordCount };
      this.merger.send({ type: 'settled', job: { index, input: job.input, state }, params: job.params, answer: { text, maskedHeader } });
    } else {
      await settleJob(this.db, { runId: this.run.id, index, state: 'failed', reason: outcome.reason });
      this.jobs[index] = { ...job, state: 'failed', reason: outcome.reason };
      this.merger.send({ type: 'settled', job: { index, input: job.input, state: 'failed', reason: outcome.reason }, params: job.params });
    }
  }
}
