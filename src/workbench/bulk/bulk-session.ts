// One bulk run being worked on: its stored record and rows, the runner sending them, and the merged
// output rows the worker sends back. Framework-free; use-bulk-run.ts binds it to React.
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import type { MergeClient } from './merge-client.ts';
import type { MergedRow } from './merge.ts';
import { assembleDataset } from './merged-dataset.ts';
import type { MergedPart } from './merged-part.ts';
import { planResume, INTERRUPTED_REASON } from './resume.ts';
import { BulkRunner, type Final, type Progress } from './runner.ts';
import { shareStrings, StringPool } from './shared-strings.ts';
import { type BulkDb, getJobs, type JobRecord, type RunRecord, updateRun } from './run-store.ts';
import { RunWriter } from './run-writer.ts';
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

const isFinal = (state: JobRecord['state']) => state === 'ok' || state === 'empty' || state === 'failed';

/** The next animation frame (a timer where there is none): the page is told of changes at most once a frame. */
const nextFrame = (callback: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => callback()) : setTimeout(callback, 16);

export class BulkSession {
  private runner: BulkRunner<RowAnswer> | undefined;
  private jobs: JobRecord[] = [];
  /** Rows whose state is final (ok, empty, failed): kept as a count, not re-counted per change. */
  private finishedJobs = 0;
  private readonly rowsByJob = new Map<number, MergedPart>();
  /** The arriving rows' strings, one instance per value (shared-strings.ts). */
  private readonly strings = new StringPool();
  private rows: MergedRow[] = [];
  private rowsStale = false;
  private readonly writer: RunWriter;
  private dirty = false;
  private notifying = false;
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
    this.writer = new RunWriter(db);
    this.snapshot = this.makeSnapshot();
    this.stopMerger = merger.subscribe((message) => {
      if (message.type !== 'rows') return;
      for (const part of message.batch) {
        shareStrings(part, this.strings);
        this.rowCount += part.rows.length - (this.rowsByJob.get(part.index)?.rows.length ?? 0);
        this.rowsByJob.set(part.index, part);
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

  /** The state now (made when asked after a change, so a burst of answers makes one snapshot). */
  getSnapshot = (): SessionSnapshot => {
    if (this.dirty) {
      this.dirty = false;
      this.snapshot = this.makeSnapshot();
    }
    return this.snapshot;
  };

  private makeSnapshot(): SessionSnapshot {
    const merged = this.rowsByJob.size >= this.finishedJobs;
    // The dataset is assembled only once every finished row is merged and nothing is being sent
    // (the table shows then); the worker has flattened and counted it, so this is a concatenation.
    if (this.rowsStale && merged && this.progress?.state !== 'running') {
      this.rows = assembleDataset(this.rowsByJob.values()).rows;
      this.rowsStale = false;
    }
    return { run: this.run, jobs: this.jobs, progress: this.progress, rows: this.rows, rowCount: this.rowCount, merged };
  }

  /** Listeners hear of changes at most once an animation frame, however many answers arrive. */
  private changed(): void {
    this.dirty = true;
    if (this.notifying) return;
    this.notifying = true;
    nextFrame(() => {
      this.notifying = false;
      this.listeners.forEach((listener) => listener());
    });
  }

  /** Replaces a row's record, keeping the count of finished rows. */
  private setJob(index: number, job: JobRecord): void {
    const before = this.jobs[index];
    if (before && isFinal(before.state)) this.finishedJobs -= 1;
    if (isFinal(job.state)) this.finishedJobs += 1;
    this.jobs[index] = job;
  }

  /** Reads the stored rows, fails those a reload interrupted, merges the finished ones, and returns what is left to send. */
  async open(): Promise<number[]> {
    this.jobs = await getJobs(this.db, this.run.id);
    this.finishedJobs = this.jobs.filter((job) => isFinal(job.state)).length;
    const plan = planResume(this.jobs);
    await Promise.all(plan.interrupted.map((index) => this.setState(index, 'failed', INTERRUPTED_REASON)));
    this.merger.send({ type: 'load', runId: this.run.id });
    this.pendingAtOpen = plan.pending;
    this.progress = {
      state: 'idle',
      done: plan.done,
      failed: plan.failed,
      remaining: plan.pending.length,
      inFlight: 0,
      rowsPerSecond: 0,
      etaMs: undefined,
      waitingUntil: undefined,
    };
    this.changed();
    return plan.pending;
  }

  /** Sends these rows (the pending ones, or the failed ones again). */
  start(pending: readonly number[]): void {
    this.runner = this.createRunner(pending);
    this.runner.start();
  }

  private createRunner(pending: readonly number[]): BulkRunner<RowAnswer> {
    const sending = new Set(pending);
    const done = this.jobs.filter((job) => job.state === 'ok' || job.state === 'empty').length;
    const failed = this.jobs.filter((job) => job.state === 'failed' && !sending.has(job.index)).length;
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
        // The run stopped sending: the worker posts the rows it holds now, so the table is not a tick late.
        if (progress.state !== 'running' && this.progress?.state === 'running') this.merger.send({ type: 'flush' });
        this.progress = progress;
        if (
          progress.state === 'finished' ||
          progress.state === 'cancelled' ||
          progress.state === 'paused' ||
          progress.state === 'running'
        ) {
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
    await Promise.all(failed.map((index) => this.setState(index, 'pending')));
    for (const index of failed) {
      this.rowCount -= this.rowsByJob.get(index)?.rows.length ?? 0;
      this.rowsByJob.delete(index);
    }
    this.rowsStale = true;
    this.start(failed);
  }

  close(): void {
    this.runner?.pause();
    this.stopMerger();
  }

  /** Sets a row's state (clearing its old outcome) in store and memory; the row keeps its answer. */
  private async setState(index: number, state: JobRecord['state'], reason?: string): Promise<void> {
    const { reason: _old, recordCount: _count, ...rest } = this.jobs[index]!;
    const job: JobRecord = { ...rest, state, ...(reason !== undefined && { reason }) };
    await this.writer.write(job);
    this.setJob(index, job);
  }

  /** The answer and the row's outcome are committed together before the row counts as finished. */
  private async settle(index: number, outcome: Final<RowAnswer>): Promise<void> {
    const { reason: _old, recordCount: _count, ...rest } = this.jobs[index]!;
    if (outcome.kind === 'keep') {
      const { state, recordCount, text, maskedHeader } = outcome.value;
      const job: JobRecord = { ...rest, state, recordCount };
      await this.writer.write(job, { runId: this.run.id, index, text, maskedHeader });
      this.setJob(index, job);
      this.merger.send({ type: 'settled', job: { index, input: job.input, state }, params: job.params, answer: { text, maskedHeader } });
    } else {
      const job: JobRecord = { ...rest, state: 'failed', reason: outcome.reason };
      await this.writer.write(job);
      this.setJob(index, job);
      this.merger.send({ type: 'settled', job: { index, input: job.input, state: 'failed', reason: outcome.reason }, params: job.params });
    }
  }
}
