// Watchlists: a saved query re-run on a schedule (a BullMQ job scheduler per watch: hourly, daily
// or weekly) as a job of its owner's, so budgets, masking and the audit log apply as to any job.
// When a run completes, a `compare` job (durable: any instance may do it) compares it with the
// previous run and keeps the change; when something was added, removed or changed it queues a
// `deliver` job, which posts a signed summary to LOOKUP_WEBHOOK_URL (webhook.ts) and is tried again
// with a growing wait until the receiver takes it, on whichever instance is alive
// (docs/decisions/027-webhooks-as-jobs.md).
import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { AnyLookup } from '../../lookups/define-lookup.ts';
import { WATCH_QUERY_ROWS_SHOWN, type WatchQuery } from '../../lookups/jobs-wire.ts';
import type { ChainHandler } from '../http/handler-types.ts';
import { readBody } from '../http/read-body.ts';
import { refusal, sendRefusal } from '../http/refusal.ts';
import { targetPath } from '../http/request-target.ts';
import { sendJson } from '../http/send-json.ts';
import type { AuditLog } from '../team/audit-log.ts';
import { userOfRequest } from '../team/team-proxy.ts';
import type { JobFacts, JobStore, NewJob } from './job-store.ts';
import { WATCH_SCHEDULES, type JobsSettings } from './jobs-settings.ts';
import { rowValue } from './job-routes.ts';
import { compareRuns } from './watch-compare.ts';
import { WatchStore, type Watch } from './watch-store.ts';
import { postWebhook, type WebhookMessage } from './webhook.ts';

export const WATCH_QUEUE = 'lookup-watch';
export const WATCHES_PATH = '/watches';

type WatchTask = { kind: 'run'; watchId: string } | { kind: 'compare'; jobId: string } | { kind: 'deliver'; message: WebhookMessage };

/** A webhook is tried this many times, waiting 1 s, 2 s, 4 s… between tries: about two hours and a quarter in all. */
export const WEBHOOK_TRIES = 14;
const WEBHOOK_FIRST_WAIT_MS = 1_000;
/** How long one comparison may hold its watch before another instance may take over. */
const COMPARE_LEASE_MS = 120_000;

const creation = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  lookup: z.string().min(1).max(8),
  operation: z.string().min(1).max(64),
  rows: z.array(z.record(z.string(), rowValue)).min(1).max(1_000),
  schedule: z.enum(WATCH_SCHEDULES),
});

export interface WatchServiceOptions {
  connection: Redis;
  prefix: string;
  store: JobStore;
  settings: JobsSettings;
  lookups: readonly AnyLookup[];
  submit(job: NewJob): Promise<JobFacts>;
  audit?: AuditLog;
  log: (line: string) => void;
}

export interface WatchService {
  routes: ChainHandler;
  /** A job finished: when it is a watch's run, queue its comparison. */
  jobCompleted(jobId: string): Promise<void>;
  start(): void;
  close(): Promise<void>;
}

function isPage(req: IncomingMessage): boolean {
  const mode = req.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return String(req.headers.accept ?? '').includes('text/html');
}

export function createWatchService(options: WatchServiceOptions): WatchService {
  const { connection, prefix, store, settings, lookups, log } = options;
  const watches = new WatchStore(store.redis);
  const queue = new Queue<WatchTask>(WATCH_QUEUE, { connection, prefix });
  queue.on('error', (error) => log(`Watch queue: ${error.message}`));
  let worker: Worker<WatchTask> | undefined;
  const operationOf = (lookupId: string, operationId: string) => {
    const lookup = lookups.find((candidate) => candidate.id === lookupId);
    const operation = lookup?.operations.find((candidate) => candidate.id === operationId);
    return lookup && operation ? { lookup, operation } : undefined;
  };

  async function run(watchId: string): Promise<void> {
    const watch = await watches.get(watchId);
    if (!watch || watch.stopped) return;
    await options.submit({ owner: watch.owner, lookup: watch.lookup, operation: watch.operation, columns: [...new Set(watch.rows.flatMap((row) => Object.keys(row)))], rows: watch.rows, chunkSize: settings.chunkSize, shared: false, mask: true, watch: watch.id, concurrency: settings.concurrency });
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
    const found = watch && operationOf(watch.lookup, watch.operation);
    // This run was compared already (the instance doing it died after keeping the change).
    if (!watch || !found || watch.lastJob === job.id) return;
    const previous = watch.lastJob ? await store.get(watch.lastJob) : undefined;
    // A run that started before the one last compared finished after it: the newer one stands.
    if (previous && previous.createdAt > job.createdAt) return void (await store.retire(job.id));
    const change = await compareRuns(store, job, previous, found.lookup, found.operation);
    const { added, removed, changed } = change.counts;
    // Queued before the change is kept: a compare tried again queues it again under the same id, which the queue drops.
    if (settings.webhook && !change.baseline && added + removed + changed > 0) {
      const summary = { event: 'watch.changed', watch: { id: watch.id, name: watch.name, lookup: watch.lookup, operation: watch.operation, schedule: watch.schedule, owner: watch.owner }, ...change, url: `${WATCHES_PATH}/${watch.id}` };
      const message = { id: `msg_${job.id}`, body: JSON.stringify(summary) };
      await queue.add('deliver', { kind: 'deliver', message }, { jobId: `deliver-${job.id}`, attempts: WEBHOOK_TRIES, backoff: { type: 'exponential', delay: WEBHOOK_FIRST_WAIT_MS }, removeOnComplete: { age: 24 * 3_600 }, removeOnFail: { age: 7 * 24 * 3_600 } });
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

  async function create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const read = await readBody(req, 1024 * 1024);
    if (!read.ok) return sendRefusal(res, read, { connection: 'close' });
    let json: unknown;
    try {
      json = JSON.parse(read.body.toString('utf8'));
    } catch {
      return sendRefusal(res, refusal(400, 'invalid_watch', 'A watch is sent as JSON: {name, lookup, operation, rows, schedule}'));
    }
    const parsed = creation.safeParse(json);
    if (!parsed.success) return sendRefusal(res, refusal(400, 'invalid_watch', `The watch is not valid: ${parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')}`));
    const { data } = parsed;
    const found = operationOf(data.lookup, data.operation);
    if (!found) return sendRefusal(res, refusal(400, 'invalid_watch', `There is no operation ${data.operation} of lookup ${data.lookup}`));
    for (const [index, row] of data.rows.entries()) {
      const checked = found.operation.params.safeParse(row);
      if (!checked.success) return sendRefusal(res, refusal(400, 'invalid_watch', `Row ${index + 1} is not valid: ${checked.error.issues.map((issue) => `${issue.path.join('.') || 'row'} ${issue.message}`).join('; ')}`));
    }
    const owner = userOfRequest(req);
    const watch = await watches.create({ owner, name: data.name ?? `${data.lookup} ${data.operation}`, lookup: data.lookup, operation: data.operation, rows: data.rows, schedule: data.schedule });
    // The first run now (the baseline), then every period.
    await queue.upsertJobScheduler(`watch-${watch.id}`, { every: settings.watchPeriods[watch.schedule] }, { name: 'run', data: { kind: 'run', watchId: watch.id } });
    options.audit?.({ user: owner, lookup: watch.lookup, operation: watch.operation, method: 'POST', status: 201, bytes: 0, durationMs: 0, source: 'job', paramsHash: undefined, job: watch.id, action: 'watch-start' });
    sendJson(res, 201, watchDocument(watch), { location: `${WATCHES_PATH}/${watch.id}` });
  }

  const watchDocument = (watch: Watch) => ({ id: watch.id, url: `${WATCHES_PATH}/${watch.id}`, name: watch.name, owner: watch.owner, lookup: watch.lookup, operation: watch.operation, rows: watch.rows.length, schedule: watch.schedule, stopped: watch.stopped, createdAt: new Date(watch.createdAt).toISOString(), lastJob: watch.lastJob ?? null });

  /** The Watch page's words for what the watch runs. */
  const queryInWords = (watch: Watch): WatchQuery => {
    const found = operationOf(watch.lookup, watch.operation);
    return {
      lookupTitle: found ? `${found.lookup.id}. ${found.lookup.title}` : watch.lookup,
      operationLabel: found?.operation.label ?? watch.operation,
      rows: watch.rows.slice(0, WATCH_QUERY_ROWS_SHOWN),
      totalRows: watch.rows.length,
    };
  };

  const routes: ChainHandler = (req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(WATCHES_PATH) || (url.length > WATCHES_PATH.length && !'/?'.includes(url[WATCHES_PATH.length]!))) return false;
    const method = req.method ?? 'GET';
    const reading = method === 'GET' || method === 'HEAD';
    if (reading && isPage(req)) return false;
    const path = targetPath(url).replace(/\/+$/, '');
    const user = userOfRequest(req);
    return (async () => {
      if (path === WATCHES_PATH) {
        if (method === 'POST') return void (await create(req, res));
        if (!reading) return sendRefusal(res, refusal(405, 'method_not_allowed', 'This address accepts GET and POST only', { headers: { allow: 'GET, HEAD, POST' } }));
        const mine = (await watches.list()).filter((watch) => watch.owner === user);
        return sendJson(res, 200, { watches: mine.map(watchDocument) });
      }
      const match = /^\/watches\/([0-9a-f-]{36})(\/stop)?$/.exec(path);
      const watch = match ? await watches.get(match[1]!) : undefined;
      if (!match || !watch || watch.owner !== user) return sendRefusal(res, refusal(404, 'not_found', 'There is no such watch, or it is not yours'));
      if (match[2]) {
        if (method !== 'POST') return sendRefusal(res, refusal(405, 'method_not_allowed', 'This address accepts POST only', { headers: { allow: 'POST' } }));
        await queue.removeJobScheduler(`watch-${watch.id}`);
        await watches.update(watch.id, { stopped: true });
        if (watch.lastJob) await store.retire(watch.lastJob);
        options.audit?.({ user, lookup: watch.lookup, operation: watch.operation, method, status: 200, bytes: 0, durationMs: 0, source: 'job', paramsHash: undefined, job: watch.id, action: 'watch-stop' });
        return sendJson(res, 200, watchDocument({ ...watch, stopped: true }));
      }
      if (!reading) return sendRefusal(res, refusal(405, 'method_not_allowed', 'This address accepts GET only', { headers: { allow: 'GET, HEAD' } }));
      sendJson(res, 200, { ...watchDocument(watch), query: queryInWords(watch), changes: await watches.changes(watch.id) });
    })().then(() => true);
  };

  return {
    routes,
    async jobCompleted(jobId) {
      const job = await store.get(jobId);
      if (job?.watch) await queue.add('compare', { kind: 'compare', jobId }, { jobId: `compare-${jobId}`, attempts: 5, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: true, removeOnFail: 100 });
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
        log(`Watch webhook ${job.data.message.id}: try ${job.attemptsMade} of ${WEBHOOK_TRIES} failed (${error.message})${last ? '; given up' : ''}`);
      });
    },
    async close() {
      await worker?.close().catch(() => undefined);
      await queue.close().catch(() => undefined);
    },
  };
}
