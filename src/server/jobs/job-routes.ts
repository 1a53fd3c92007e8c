// The jobs API, after the access gate (so every route has a user): POST /jobs, GET /jobs,
// GET /jobs/config, GET /jobs/<id>, GET /jobs/<id>/events (Server-Sent Events), POST
// /jobs/<id>/cancel and GET /jobs/<id>/result.csv|.json|.geojson. A job is seen by its owner, and by
// everyone when it was shared. A browser opening /jobs as a page gets the app (the Jobs page).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import type { ChainHandler } from '../http/handler-types.ts';
import { createRoutes } from '../http/routes.ts';
import { refusal, sendRefusal } from '../http/refusal.ts';
import { targetPath } from '../http/request-target.ts';
import { sendJson } from '../http/send-json.ts';
import type { AuditLog } from '../team/audit-log.ts';
import { userOfRequest } from '../team/team-proxy.ts';
import { createEventStreamCaps } from './event-stream-caps.ts';
import { jobDocument, JOBS_PATH } from './job-documents.ts';
import { streamResult, RESULT_FORMATS, type ResultFormat } from './job-results.ts';
import { FINAL_STATES, type JobFacts, type JobStore, type NewJob } from './job-store.ts';
import type { JobsSettings } from './jobs-settings.ts';
import { readJobSubmission } from './job-submission-stream.ts';
import { planLink, rowsFromAnswer } from './link-rows.ts';
import type { RowOutcome } from './send-row.ts';

export const JOBS_CONFIG_PATH = `${JOBS_PATH}/config`;
/** How often an events stream looks at the job (every instance writes its counts to Redis). */
const EVENTS_EVERY_MS = 500;

export { rowValue } from './job-submission.ts';

export interface JobRoutesOptions {
  store: JobStore;
  lookups: readonly AnyLookup[];
  settings: JobsSettings;
  submit(job: NewJob): Promise<JobFacts>;
  /** Runs one query as `owner` through the server's own front door (a link's source). */
  runAs?(owner: string, lookup: AnyLookup, operation: AnyOperation, params: Params, mask: boolean): Promise<RowOutcome>;
  audit?: AuditLog;
}

function isPage(req: IncomingMessage): boolean {
  const mode = req.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return String(req.headers.accept ?? '').includes('text/html');
}

const badRequest = (message: string, details?: Record<string, unknown>) => refusal(400, 'invalid_job', message, details && { details });
const notFound = refusal(404, 'not_found', 'There is no such job, or it is not yours');

export function createJobRoutes({ store, lookups, settings, submit, runAs, audit }: JobRoutesOptions): ChainHandler {
  const record = (req: IncomingMessage, job: JobFacts, action: 'job-start' | 'job-cancel' | 'job-download', status: number) =>
    audit?.({ user: userOfRequest(req), lookup: job.lookup, operation: job.operation, method: req.method ?? '', status, bytes: 0, durationMs: 0, source: 'job', paramsHash: undefined, job: job.id, action });

  const streams = createEventStreamCaps({ perUser: settings.eventsPerUser, perJob: settings.eventsPerJob });

  const documentOf = (job: JobFacts) => jobDocument(job, Date.now(), lookups.find((lookup) => lookup.id === job.lookup)?.slug ?? null);

  async function visible(req: IncomingMessage, id: string): Promise<JobFacts | undefined> {
    const job = await store.get(id);
    return job && (job.shared || job.owner === userOfRequest(req)) ? job : undefined;
  }

  async function create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Parsed and checked as it arrives, each row against the operation (job-submission-stream.ts).
    const read = await readJobSubmission(req, { limit: settings.maxBodyBytes, lookups });
    if (!read.ok) return sendRefusal(res, read);
    const { data, lookup, operation, rowKeys } = read;
    let rows = data.rows ?? [];
    if (data.from) {
      const plan = planLink(lookups, { lookup, operation }, data.from);
      if (!plan.ok) return sendRefusal(res, badRequest(plan.message));
      if (!runAs) return sendRefusal(res, badRequest('This server cannot run a link’s source query'));
      const outcome = await runAs(userOfRequest(req), plan.source.lookup, plan.source.operation, plan.source.params, data.mask ?? true).catch(
        (error: Error): RowOutcome => ({ kind: 'result', result: { s: 'failed', r: error.message } }),
      );
      if (outcome.kind === 'wait') return sendRefusal(res, refusal(429, 'budget_spent', 'The source query is over its budget or rate now: try again later', { headers: { 'retry-after': String(Math.max(1, Math.ceil((outcome.until - Date.now()) / 1000))) } }));
      if (outcome.result.s === 'failed') return sendRefusal(res, refusal(502, 'source_failed', `The source query failed: ${outcome.result.r ?? 'no reason given'}`));
      rows = rowsFromAnswer(plan.link, plan.source.operation, operation, JSON.parse(outcome.result.t ?? 'null'));
      if (rows.length === 0) return sendRefusal(res, badRequest(`The source answer has no records that “${plan.link.label}” can follow: nothing was queued`));
    }
    const columns = data.columns ?? rowKeys ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
    const job = await submit({
      owner: userOfRequest(req),
      lookup: lookup.id,
      operation: operation.id,
      columns,
      rows,
      chunkSize: settings.chunkSize,
      shared: data.shared ?? false,
      mask: data.mask ?? true,
      ...(data.group && { group: data.group }),
      // What the job asked for, never more than the server allows one job.
      concurrency: Math.min(data.concurrency ?? settings.concurrency, settings.concurrency),
    });
    record(req, job, 'job-start', 202);
    sendJson(res, 202, documentOf(job), { location: `${JOBS_PATH}/${job.id}` });
  }

  async function list(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const user = userOfRequest(req);
    const jobs = (await store.list()).filter((job) => job.shared || job.owner === user);
    sendJson(res, 200, { jobs: jobs.map((job) => documentOf(job)) });
  }

  async function events(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    let job = await visible(req, id);
    if (!job) return sendRefusal(res, notFound);
    const head = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
    // HEAD asks only what a GET would answer: it gets that head now, not when the job ends.
    if (req.method === 'HEAD') return void res.writeHead(200, head).end();
    const admitted = streams.admit(userOfRequest(req), id);
    if (!admitted.ok) return sendRefusal(res, admitted);
    res.once('close', admitted.release);
    res.writeHead(200, { ...head, connection: 'keep-alive' });
    let last = '';
    while (job && !res.destroyed) {
      const text = JSON.stringify(documentOf(job));
      if (text !== last) res.write(`event: progress\ndata: ${text}\n\n`);
      else res.write(': still\n\n');
      last = text;
      if (FINAL_STATES.has(job.state)) {
        res.write(`event: end\ndata: ${JSON.stringify({ state: job.state })}\n\n`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, EVENTS_EVERY_MS));
      job = await store.get(id);
    }
    admitted.release();
    res.end();
  }

  async function cancel(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const job = await visible(req, id);
    if (!job) return sendRefusal(res, notFound);
    if (job.owner !== userOfRequest(req)) return sendRefusal(res, refusal(403, 'not_owner', `Only ${job.owner}, who started this job, can cancel it`));
    const cancelled = await store.cancel(id);
    if (!cancelled) return sendRefusal(res, refusal(409, 'job_finished', `The job is already ${job.state}`));
    record(req, job, 'job-cancel', 200);
    sendJson(res, 200, documentOf((await store.get(id))!));
  }

  async function result(req: IncomingMessage, res: ServerResponse, id: string, format: ResultFormat): Promise<void> {
    const job = await visible(req, id);
    if (!job) return sendRefusal(res, notFound);
    const lookup = lookups.find((candidate) => candidate.id === job.lookup)!;
    const operation = lookup.operations.find((candidate) => candidate.id === job.operation)!;
    record(req, job, 'job-download', 200);
    await streamResult(res, format, store, job, lookup, operation, req.method === 'HEAD');
  }

  const notAllowed = (res: ServerResponse, allow: string) =>
    sendRefusal(res, refusal(405, 'method_not_allowed', `This address accepts ${allow} only`, { headers: { allow } }));

  return (req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(JOBS_PATH) || (url.length > JOBS_PATH.length && !'/?'.includes(url[JOBS_PATH.length]!))) return false;
    const path = targetPath(url).replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const reading = method === 'GET' || method === 'HEAD';
    if (reading && isPage(req)) return false;
    if (path === JOBS_PATH) {
      if (method === 'POST') return create(req, res).then(() => true);
      if (reading) return list(req, res).then(() => true);
      notAllowed(res, 'GET, POST');
      return true;
    }
    if (path === JOBS_CONFIG_PATH) {
      if (!reading) return (notAllowed(res, 'GET'), true);
      sendJson(res, 200, { enabled: true, concurrency: settings.concurrency, chunkRows: settings.chunkSize, watchSchedules: ['hourly', 'daily', 'weekly'] });
      return true;
    }
    const match = /^\/jobs\/([0-9a-f-]{36})(?:\/(events|cancel|result\.(csv|json|geojson)))?$/.exec(path);
    if (!match) {
      sendRefusal(res, notFound);
      return true;
    }
    const [, id, action, format] = match as unknown as [string, string, string | undefined, ResultFormat | undefined];
    if (action === 'cancel') {
      if (method !== 'POST') return (notAllowed(res, 'POST'), true);
      return cancel(req, res, id).then(() => true);
    }
    if (!reading) return (notAllowed(res, 'GET'), true);
    if (action === 'events') return events(req, res, id).then(() => true);
    if (format && RESULT_FORMATS.includes(format)) return result(req, res, id, format).then(() => true);
    return visible(req, id).then((job) => {
      if (job) sendJson(res, 200, documentOf(job));
      else sendRefusal(res, notFound);
      return true;
    });
  };
}

/** A server without jobs (no Redis, a laptop, Vite dev) says so at /jobs/config: the page then offers no "Run on the server". */
export function createJobsOffRoutes(): ChainHandler {
  return createRoutes({ [JOBS_CONFIG_PATH]: { GET: (_req, res) => sendJson(res, 200, { enabled: false }) } });
}
