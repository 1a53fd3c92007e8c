// The watchlists' queue (BullMQ) and this instance's worker of it: a job scheduler per watch
// (hourly, daily or weekly) queues a `run`, which submits the watch's rows as a job of its
// owner's, so budgets, masking and the audit log apply as to any job. When a run completes, a
// `compare` job (durable: any instance may do it) compares it with the previous run and keeps the
// change; when something was added, removed or changed it queues a `deliver` job, which posts a
// signed summary to LOOKUP_WEBHOOK_URL (webhook.ts) and is tried again with a growing wait until
// the receiver takes it, on whichever instance is alive (docs/decisions/027-webhooks-as-jobs.md).
import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { WATCHES_PATH } from '../../lookups/jobs-wire.ts';
import type { LookupIndex } from '../../lookups/lookup-index.ts';
import type { JobFacts, JobStore, NewJob } from './job-store.ts';
import type { JobsSettings } from './jobs-settings.ts';
import { compareRuns } from './watch-compare.ts';
import type { Watch, WatchStore } from './watch-store.ts';
import { postWebhook, type WebhookMessage } from './webhook.ts';

export const WATCH_QUEUE = 'lookup-watch';

type WatchTask = { kind: 'run'; watchId: string } | { kind: 'compare'; jobId: string } | { kind: 'deliver'; message: WebhookMessage };

/** A webhook is tried this many times, waiting 1 s, 2 s, 4 s… between tries: about two hours and a quarter in all. */
export const WEBHOOK_TRIES = 14;
const WEBHOOK_FIRST_WAIT_MS = 1_000;
/** How long one comparison may hold its watch before another instance may take over. */
const COMPARE_LEASE_MS = 120_000;

export interface WatchQueueOptions {
  connection: Redis;
  prefix: string;
  store: JobStore;
  watches: WatchStore;
  settings: JobsSettings;
  index: LookupIndex;
  /** Keeps a run's job and queues its chunks (job-queue.ts). */
  enqueue(job: NewJob): Promise<JobFacts>;
  log: (line: string) => void;
}

export interface WatchQueue {
  /** Runs the watch now (the baseline), then every period of its schedule. */
  schedule(watch: Watch): Promise<void>;
  /** No more runs of the watch. */
  unschedule(watchId: string): Promise<void>;
  /** A job finished: when it is a watch's run, queue its comparison. */
  jobCompleted(jobId: string): Promise<void>;
  start(): void;
  close(): Promise<void>;
}

export function createWatchQueue(options: WatchQueueOptions): WatchQueue {
  const { connection, prefix, store, watches, settings, index, log } = options;
  const queue = new Queue<WatchTask>(WATCH_QUEUE, { connection, prefix });
  queue.on('error', (error) => log(`Watch queue: ${error.message}`));
  let worker: Worker<WatchTask> | undefined;

  async function run(watchId: string): Promise<void> {
    const watch = await watches.get(watchId);
    if (!watch || watch.stopped) return;
    await options.enqueue({
      owner: watch.owner,
      lookup: watch.lookup,
      operation: watch.operation,
      columns: [...new Set(watch.rows.flatMap((row) => Object.keys(row)))],
      rows: watch.rows,
      chunkSize: settings.chunkSize,
      shared: false,
      mask: true,
      watch: watch.id,
      concurrency: settings.concurrency,
    });
  }

  async function compare(task: Job<WatchTask>, jobId: string, token: string | undefined): Promise<void> {
    const job = await store.get(jobId);
    if (!job?.watch || job.state !== 'completed') return;
    if (!(await watches.lockComparing(job.watch, jobId, COMPARE_LEASE_MS))) {
      // Another run of this watch is being compared: back to the queue for a moment.
      await task.moveToDelayed(Date.now() + 250 + Math.floor(Math.random() * 250), token);
      throw new DelayedError();
    }
    try {
      await compareWithPrevious(job, job.watch);
    } finally {
      await watches.unlockComparing(job.watch, jobId);
    }
  }

  async function compareWithPrevious(job: JobFacts, watchId: string): Promise<void> {
    const watch = await watches.get(watchId);
    const found = watch && index.operation(watch.lookup, watch.operation);
    // This run was compared already (the instance doing it died after keeping the change).
    if (!watch || !found || watch.lastJob === job.id) return;
    const previous = watch.lastJob ? await store.get(watch.lastJob) : undefined;
    // A run that started before the one last compared finished after it: the newer one stands.
    if (previous && previous.createdAt > job.createdAt) return void (await store.retire(job.id));
    const change = await compareRuns(store, job, previous, found.lookup, found.operation);
    const { added, removed, changed } = change.counts;
    // Queued before the change is kept: a compare tried again queues it again under the same id, which the queue drops.
    if (settings.webhook && !change.baseline && added + removed + changed > 0) {
      const summary = {
        event: 'watch.changed',
        watch: {
          id: watch.id,
          name: watch.name,
          lookup: watch.lookup,
          operation: watch.operation,
          schedule: watch.schedule,
          owner: watch.owner,
        },
        ...change,
        url: `${WATCHES_PATH}/${watch.id}`,
      };
      const message = { id: `msg_${job.id}`, body: JSON.stringify(summary) };
      await queue.add(
        'deliver',
        { kind: 'deliver', message },
        {
          jobId: `deliver-${job.id}`,
          attempts: WEBHOOK_TRIES,
          backoff: { type: 'exponential', delay: WEBHOOK_FIRST_WAIT_MS },
          removeOnComplete: { age: 24 * 3_600 },
          removeOnFail: { age: 7 * 24 * 3_600 },
        },
      );
    }
    await watches.addChange(watch.id, change);
    await watches.update(watch.id, { lastJob: job.id });
    // The previous run is no longer compared with: it expires as any finished job does.
    if (previous) await store.retire(previous.id);
  }

  async function deliver(message: WebhookMessage): Promise<void> {
    if (!settings.webhook) throw new Error('this instance has no LOOKUP_WEBHOOK_URL (every instance needs the same webhook settings)');
    await postWebhook(settings.webhook, message);
  }

  const work = (job: Job<WatchTask>, token?: string): Promise<void> => {
    const task = job.data;
    if (task.kind === 'run') return run(task.watchId);
    if (task.kind === 'compare') return compare(job, task.jobId, token);
    return deliver(task.message);
  };

  return {
    async schedule(watch) {
      await queue.upsertJobScheduler(
        `watch-${watch.id}`,
        { every: settings.watchPeriods[watch.schedule] },
        { name: 'run', data: { kind: 'run', watchId: watch.id } },
      );
    },
    async unschedule(watchId) {
      await queue.removeJobScheduler(`watch-${watchId}`);
    },
    async jobCompleted(jobId) {
      const job = await store.get(jobId);
      if (job?.watch)
        await queue.add(
          'compare',
          { kind: 'compare', jobId },
          {
            jobId: `compare-${jobId}`,
            attempts: 5,
            backoff: { type: 'exponential', delay: 1_000 },
            removeOnComplete: true,
            removeOnFail: 100,
          },
        );
    },
    start() {
      worker ??= new Worker<WatchTask>(WATCH_QUEUE, work, {
        connection,
        prefix,
        concurrency: 2,
        lockDuration: settings.lockMs,
        stalledInterval: settings.stalledCheckMs,
        maxStalledCount: 10,
      });
      worker.on('error', (error) => log(`Watch worker: ${error.message}`));
      worker.on('failed', (job, error) => {
        if (job?.data.kind !== 'deliver') return;
        const last = job.attemptsMade >= WEBHOOK_TRIES;
        log(
          `Watch webhook ${job.data.message.id}: try ${job.attemptsMade} of ${WEBHOOK_TRIES} failed (${error.message})${last ? '; given up' : ''}`,
        );
      });
    },
    async close() {
      await worker?.close().catch(() => undefined);
      await queue.close().catch(() => undefined);
    },
  };
}
