// Server-side jobs on the team's Redis (issue 27, ADR 021): the queue (BullMQ), this instance's
// worker, and the API's routes. Every instance runs a worker; a job's chunks go to whichever
// instance is free, and a dead instance's chunks to another once their lock expires.
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { IncomingMessage } from 'node:http';
import type { Registry } from 'prom-client';
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import type { ChainHandler } from '../http/handler-types.ts';
import type { AuditLog } from '../team/audit-log.ts';
import { createChunkProcessor, type ChunkData } from './chunk-worker.ts';
import { createJobIdentity } from './job-identity.ts';
import { createJobMetrics } from './job-metrics.ts';
import { createJobRoutes } from './job-routes.ts';
import { sendRow } from './send-row.ts';
import { JobStore, type JobFacts, type NewJob } from './job-store.ts';
import type { JobsSettings } from './jobs-settings.ts';
import { createWatchService } from './watch-service.ts';

export const ROWS_QUEUE = 'lookup-rows';
export const BULL_PREFIX = 'lookup-explorer:bull';
/** Chunks queued in one round trip: a big job's 9,000 chunks go in small steps, so other requests get in between (issue 36). */
const CHUNKS_PER_ADD = 100;

export interface JobServiceOptions {
  settings: JobsSettings;
  lookups: readonly AnyLookup[];
  /** The upstream timeout: a row's request gives up a little after it. */
  timeoutMs: number;
  /** This instance's own address, once it listens (http://127.0.0.1:port). */
  origin: () => string;
  audit?: AuditLog;
  registry?: Registry;
  /** Where the instance says what went wrong with the queue (default: stderr). */
  log?: (line: string) => void;
}

export interface JobService {
  routes: ChainHandler;
  /** The owner a row's request acts for (the access gate asks). */
  identify(req: IncomingMessage): string | undefined;
  /** Queues a job's chunks; returns its facts. */
  submit(job: NewJob): Promise<JobFacts>;
  store: JobStore;
  /** Starts this instance's worker (once the server listens). */
  start(): void;
  close(): Promise<void>;
}

export function createJobService(options: JobServiceOptions): JobService {
  const { settings } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  const store = new JobStore(settings.redisUrl, { retentionMs: settings.retentionMs });
  // BullMQ's workers block on Redis: their connection must retry forever (maxRetriesPerRequest null).
  const connection = new Redis(settings.redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined);
  const queue = new Queue<ChunkData>(ROWS_QUEUE, { connection, prefix: BULL_PREFIX });
  queue.on('error', (error) => log(`Jobs queue: ${error.message}`));
  const identity = createJobIdentity();
  const metrics = createJobMetrics(options.registry, () => queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized'));
  let worker: Worker<ChunkData> | undefined;

  async function submit(job: NewJob): Promise<JobFacts> {
    const facts = await store.create(job);
    for (let first = 0; first < facts.chunks; first += CHUNKS_PER_ADD) {
      const batch = Array.from({ length: Math.min(CHUNKS_PER_ADD, facts.chunks - first) }, (_, offset) => ({
        name: 'chunk',
        data: { jobId: facts.id, chunk: first + offset },
        opts: { jobId: `${facts.id}-${first + offset}`, attempts: 5, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: true, removeOnFail: 1_000 },
      }));
      await queue.addBulk(batch);
    }
    return facts;
  }

  const runAs = (owner: string, lookup: AnyLookup, operation: AnyOperation, params: Params, mask: boolean) =>
    sendRow({ origin: options.origin(), lookup, operation, params, mask, headers: identity.headers(owner), timeoutMs: options.timeoutMs + 5_000 });
  const jobRoutes = createJobRoutes({ store, lookups: options.lookups, settings, submit, runAs, ...(options.audit && { audit: options.audit }) });
  const watches = createWatchService({ connection, prefix: BULL_PREFIX, store, settings, lookups: options.lookups, submit, log, ...(options.audit && { audit: options.audit }) });
  const routes: ChainHandler = (req, res) => {
    const answered = jobRoutes(req, res);
    return answered === false ? watches.routes(req, res) : answered;
  };

  return {
    routes,
    store,
    submit,
    identify: identity.userOf,
    start() {
      if (worker) return;
      worker = new Worker<ChunkData>(
        ROWS_QUEUE,
        createChunkProcessor({
          store,
          lookups: options.lookups,
          metrics,
          origin: options.origin,
          headersFor: identity.headers,
          timeoutMs: options.timeoutMs + 5_000,
          onCompleted: (jobId) => watches.jobCompleted(jobId).catch((error: Error) => log(`Watch: ${error.message}`)),
        }),
        {
          connection,
          prefix: BULL_PREFIX,
          concurrency: settings.concurrency,
          lockDuration: settings.lockMs,
          stalledInterval: settings.stalledCheckMs,
          // A chunk may outlive more than one instance.
          maxStalledCount: 10,
        },
      );
      worker.on('error', (error) => log(`Jobs worker: ${error.message}`));
      watches.start();
      // Jobs that finished before this retention (an older setting, or none) get it now.
      store
        .applyRetention()
        .then((shortened) => shortened > 0 && log(`Jobs: ${shortened} finished job(s) given the retention of LOOKUP_JOBS_RETENTION`))
        .catch((error: Error) => log(`Jobs retention: ${error.message}`));
    },
    async close() {
      await Promise.all([worker?.close().catch(() => undefined), watches.close()]);
      await queue.close().catch(() => undefined);
      await store.close();
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
