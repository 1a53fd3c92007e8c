// Server-side jobs on the team's Redis (issue 27, ADR 021), put together: the store, the queue of
// chunks (job-queue.ts) and this instance's worker of it, the jobs' actions (job-actions.ts), the
// watchlists (watch-service.ts, watch-queue.ts) and the routes over both. Every instance runs a
// worker; a job's chunks go to whichever instance is free, and a dead instance's chunks to another
// once their lock expires.
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { IncomingMessage } from 'node:http';
import type { Registry } from 'prom-client';
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import { indexLookups } from '../../lookups/lookup-index.ts';
import type { ChainHandler } from '../http/handler-types.ts';
import { partLog } from '../server-log.ts';
import type { AuditLog } from '../team/audit-log.ts';
import { createChunkProcessor, type ChunkData } from './chunk-worker.ts';
import { createJobActions, type JobActions } from './job-actions.ts';
import { createJobIdentity } from './job-identity.ts';
import { createJobMetrics } from './job-metrics.ts';
import { createJobQueue, ROWS_QUEUE } from './job-queue.ts';
import { createJobRoutes } from './job-routes.ts';
import { sendRow } from './send-row.ts';
import { JobStore } from './job-store.ts';
import type { JobsSettings } from './jobs-settings.ts';
import { createWatchQueue } from './watch-queue.ts';
import { createWatchRoutes } from './watch-routes.ts';
import { createWatchService, type WatchService } from './watch-service.ts';
import { WatchStore } from './watch-store.ts';

export const BULL_PREFIX = 'lookup-explorer:bull';

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

/** The jobs' actions (submit, list, find, cancel: job-actions.ts), the watchlists', and their routes. */
export interface JobService extends JobActions {
  /** /jobs* and /watches*. */
  routes: ChainHandler;
  watches: WatchService;
  /** The owner a row's request acts for (the access gate asks). */
  identify(req: IncomingMessage): string | undefined;
  store: JobStore;
  /** Starts this instance's workers (once the server listens). */
  start(): void;
  close(): Promise<void>;
}

export function createJobService(options: JobServiceOptions): JobService {
  const { settings } = options;
  const log = options.log ?? ((line: string) => partLog('jobs').warn(line));
  const index = indexLookups(options.lookups);
  const store = new JobStore(settings.redisUrl, { retentionMs: settings.retentionMs });
  // BullMQ's workers block on Redis: their connection must retry forever (maxRetriesPerRequest null).
  const connection = new Redis(settings.redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined);
  const queue = createJobQueue({ connection, prefix: BULL_PREFIX, store, log });
  const identity = createJobIdentity();
  const metrics = createJobMetrics(options.registry, () => queue.counts());
  let worker: Worker<ChunkData> | undefined;

  const runAs = (owner: string, lookup: AnyLookup, operation: AnyOperation, params: Params, mask: boolean) =>
    sendRow({
      origin: options.origin(),
      lookup,
      operation,
      params,
      mask,
      headers: identity.headers(owner),
      timeoutMs: options.timeoutMs + 5_000,
    });
  const jobs = createJobActions({ store, index, settings, enqueue: queue.enqueue, runAs });
  const watchStore = new WatchStore(store.redis);
  const watchQueue = createWatchQueue({
    connection,
    prefix: BULL_PREFIX,
    store,
    watches: watchStore,
    settings,
    index,
    enqueue: queue.enqueue,
    log: options.log ?? ((line: string) => partLog('watches').warn(line)),
  });
  const watches = createWatchService({ watches: watchStore, store, index, queue: watchQueue });
  const audit = options.audit && { audit: options.audit };
  const jobRoutes = createJobRoutes({ jobs, store, index, settings, ...audit });
  const watchRoutes = createWatchRoutes({ service: watches, watches: watchStore, index, ...audit });
  const routes: ChainHandler = (req, res) => {
    const answered = jobRoutes(req, res);
    return answered === false ? watchRoutes(req, res) : answered;
  };

  return {
    ...jobs,
    routes,
    watches,
    store,
    identify: identity.userOf,
    start() {
      if (worker) return;
      worker = new Worker<ChunkData>(
        ROWS_QUEUE,
        createChunkProcessor({
          store,
          index,
          metrics,
          origin: options.origin,
          headersFor: identity.headers,
          timeoutMs: options.timeoutMs + 5_000,
          onCompleted: (jobId) => watchQueue.jobCompleted(jobId).catch((error: Error) => log(`Watch: ${error.message}`)),
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
      watchQueue.start();
      // Jobs that finished before this retention (an older setting, or none) get it now.
      store
        .applyRetention()
        .then((shortened) => shortened > 0 && log(`Jobs: ${shortened} finished job(s) given the retention of LOOKUP_JOBS_RETENTION`))
        .catch((error: Error) => log(`Jobs retention: ${error.message}`));
      // Jobs created before the per-owner lists (issue 35) join them, so their owners still see them.
      store.indexOwners().catch((error: Error) => log(`Jobs index: ${error.message}`));
    },
    async close() {
      await Promise.all([worker?.close().catch(() => undefined), watchQueue.close()]);
      await queue.close();
      await store.close();
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
