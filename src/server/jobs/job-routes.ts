// The jobs API, after the access gate (so every route has a user): POST /jobs, GET /jobs,
// GET /jobs/config, GET /jobs/<id>, GET /jobs/<id>/events (Server-Sent Events), POST
// /jobs/<id>/cancel and GET /jobs/<id>/result.csv|.json|.geojson: routes of the server core over
// the jobs' actions (job-actions.ts). A job is seen by its owner, and by everyone when it was
// shared. A browser opening /jobs as a page gets the app (the Jobs page).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LookupIndex } from '../../lookups/lookup-index.ts';
import type { ChainHandler } from '../http/handler-types.ts';
import { sendRefusal } from '../http/refusal.ts';
import { createRoutes, type RouteHandler, type RouteTable } from '../http/routes.ts';
import { sendJson } from '../http/send-json.ts';
import type { AuditLog } from '../team/audit-log.ts';
import { userOfRequest } from '../team/team-proxy.ts';
import { createEventStreamCaps } from './event-stream-caps.ts';
import { JOB_NOT_FOUND, type JobActions } from './job-actions.ts';
import { auditJobAction } from './job-audit.ts';
import { jobDocument, JOBS_PATH } from './job-documents.ts';
import { RESULT_FORMATS, streamResult } from './job-results.ts';
import { FINAL_STATES, type JobFacts, type JobStore } from './job-store.ts';
import { readJobSubmission } from './job-submission-stream.ts';
import { JOBS_CONFIG_PATH } from './jobs-off-routes.ts';
import type { JobsSettings } from './jobs-settings.ts';

/** A job's and a watch's id. */
export const ID_PATTERN = /[0-9a-f-]{36}/;
/** How often an events stream looks at the job (every instance writes its counts to Redis). */
const EVENTS_EVERY_MS = 500;
const EVENTS_HEAD = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export interface JobRoutesOptions {
  jobs: JobActions;
  /** Where a finished job's results are read from. */
  store: JobStore;
  index: LookupIndex;
  settings: JobsSettings;
  audit?: AuditLog;
}

export function createJobRoutes({ jobs, store, index, settings, audit }: JobRoutesOptions): ChainHandler {
  const streams = createEventStreamCaps({ perUser: settings.eventsPerUser, perJob: settings.eventsPerJob });
  const documentOf = (job: JobFacts) => jobDocument(job, Date.now(), index.lookup(job.lookup)?.slug ?? null);
  const record = (req: IncomingMessage, job: JobFacts, action: 'job-start' | 'job-cancel' | 'job-download', status: number) =>
    auditJobAction(audit, {
      user: userOfRequest(req),
      lookup: job.lookup,
      operation: job.operation,
      method: req.method ?? '',
      status,
      id: job.id,
      action,
    });

  /** A route for one visible job: the job's own 404 otherwise. */
  const withJob =
    (answer: (req: IncomingMessage, res: ServerResponse, job: JobFacts) => void | Promise<void>): RouteHandler =>
    async (req, res, { params }) => {
      const job = await jobs.find(userOfRequest(req), params.id!);
      if (!job) return sendRefusal(res, JOB_NOT_FOUND);
      await answer(req, res, job);
    };

  const create: RouteHandler = async (req, res) => {
    // Parsed and checked as it arrives, each row against the operation (job-submission-stream.ts).
    const read = await readJobSubmission(req, { limit: settings.maxBodyBytes, index });
    if (!read.ok) return sendRefusal(res, read);
    const submitted = await jobs.submit(userOfRequest(req), read.data, {
      rowsChecked: true,
      rowKeys: read.rowKeys,
      rowTexts: read.rowTexts,
    });
    if (!submitted.ok) return sendRefusal(res, submitted);
    record(req, submitted.job, 'job-start', 202);
    sendJson(res, 202, documentOf(submitted.job), { location: `${JOBS_PATH}/${submitted.job.id}` });
  };

  async function events(req: IncomingMessage, res: ServerResponse, first: JobFacts): Promise<void> {
    const admitted = streams.admit(userOfRequest(req), first.id);
    if (!admitted.ok) return sendRefusal(res, admitted);
    res.once('close', admitted.release);
    res.writeHead(200, { ...EVENTS_HEAD, connection: 'keep-alive' });
    let job: JobFacts | undefined = first;
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
      job = await store.get(first.id);
    }
    admitted.release();
    res.end();
  }

  const cancel: RouteHandler = async (req, res, { params }) => {
    const cancelled = await jobs.cancel(userOfRequest(req), params.id!);
    if (!cancelled.ok) return sendRefusal(res, cancelled);
    record(req, cancelled.job, 'job-cancel', 200);
    sendJson(res, 200, documentOf(cancelled.job));
  };

  const results: RouteTable = Object.fromEntries(
    RESULT_FORMATS.map((format) => [
      `${JOBS_PATH}/:id/result.${format}`,
      {
        GET: withJob(async (req, res, job) => {
          const found = index.operation(job.lookup, job.operation)!;
          record(req, job, 'job-download', 200);
          await streamResult(res, format, store, job, found.lookup, found.operation, req.method === 'HEAD');
        }),
      },
    ]),
  );

  return createRoutes(
    {
      [JOBS_PATH]: {
        POST: create,
        GET: async (req, res) => sendJson(res, 200, { jobs: (await jobs.list(userOfRequest(req))).map((job) => documentOf(job)) }),
      },
      [JOBS_CONFIG_PATH]: {
        GET: (_req, res) =>
          sendJson(res, 200, {
            enabled: true,
            concurrency: settings.concurrency,
            chunkRows: settings.chunkSize,
            watchSchedules: ['hourly', 'daily', 'weekly'],
          }),
      },
      [`${JOBS_PATH}/:id`]: { GET: withJob((_req, res, job) => sendJson(res, 200, documentOf(job))) },
      [`${JOBS_PATH}/:id/events`]: {
        GET: withJob(events),
        // HEAD asks only what a GET would answer: it gets that head now, not when the job ends.
        HEAD: withJob((_req, res) => void res.writeHead(200, EVENTS_HEAD).end()),
      },
      [`${JOBS_PATH}/:id/cancel`]: { POST: cancel },
      ...results,
    },
    { params: { id: ID_PATTERN }, owns: { prefix: JOBS_PATH, notFound: JOB_NOT_FOUND }, passPageNavigations: true },
  );
}
