// The run_job tool and its results resource, on a team server with jobs (the page's /jobs): a job
// over a list of rows for one lookup operation, submitted through the jobs' own actions
// (jobs/job-actions.ts: every row checked, queued) with the MCP caller as its owner, so its rows run
// as that user's requests through the proxy (budgets, masking, audit) exactly as a job from the page.
// The call returns the job at once; a call that asks for progress waits for the job to end instead,
// a progress notification as rows finish, and cancelling it cancels the job. The merged results are
// the resource `lookup-explorer://jobs/<id>/results`, seen by whom GET /jobs/<id>/result.json shows
// them to (the owner; everyone for a shared job), cut to what a resource should carry.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { LookupIndex } from '../../lookups/lookup-index.ts';
import type { JobActions } from '../jobs/job-actions.ts';
import { JOB_NOT_FOUND } from '../jobs/job-actions.ts';
import { auditJobAction } from '../jobs/job-audit.ts';
import { jobDocument } from '../jobs/job-documents.ts';
import { mergedChunks } from '../jobs/job-results.ts';
import { jobSubmission } from '../jobs/job-submission.ts';
import { FINAL_STATES, type JobFacts, type JobStore } from '../jobs/job-store.ts';
import type { AuditLog } from '../team/audit-log.ts';
import type { ExtraTool, McpExtensions, ToolCallContext } from './extensions.ts';
import { RESOURCE_SCHEME } from './resources.ts';
import { toolDocs, TOOL_DOCS_SCHEME } from './tool-docs.ts';
import { toolError, type ToolResult } from './tool-result.ts';

export const RUN_JOB_TOOL = 'run_job';
export const jobResultsUri = (id: string) => `${RESOURCE_SCHEME}://jobs/${id}/results`;
const RESULTS_URI = new RegExp(`^${RESOURCE_SCHEME}://jobs/([0-9a-f-]{36})/results$`);
/** The most JSON of merged rows the results resource carries; the rest is in the job's result.json. */
export const MAX_RESULTS_BYTES = 256 * 1024;
/** How often a waiting call looks at its job (the events stream's pace). */
const WATCH_EVERY_MS = 500;

export interface JobToolOptions {
  /** The jobs' actions (submit, find, cancel). */
  jobs: Pick<JobActions, 'submit' | 'find' | 'cancel'>;
  /** Where a job's state and results are read. */
  store: JobStore;
  index: LookupIndex;
  /** The MCP caller's user name: the job's owner. */
  owner: string;
  audit?: AuditLog | undefined;
}

// Terse: tools/list repeats it in every assistant's context; the tool's resource says the rest.
const INPUT_SCHEMA = {
  type: 'object',
  properties: {
    lookup: { type: 'string' },
    operation: { type: 'string' },
    rows: { type: 'array', minItems: 1, items: { type: 'object' } },
    concurrency: { type: 'integer', minimum: 1 },
  },
  required: ['lookup', 'operation', 'rows'],
  additionalProperties: false,
} as const;

const count = (value: number) => value.toLocaleString('en-US');

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export function jobExtensions(options: JobToolOptions): McpExtensions {
  const { jobs, store, index, owner, audit } = options;
  const documentOf = (job: JobFacts) => jobDocument(job, Date.now(), index.lookup(job.lookup)?.slug ?? null);
  const record = (job: JobFacts, action: 'job-start' | 'job-cancel' | 'job-download', method: string, status: number) =>
    auditJobAction(audit, { user: owner, lookup: job.lookup, operation: job.operation, method, status, id: job.id, action, client: 'mcp' });

  function jobResult(job: JobFacts, note?: string): ToolResult {
    const document = documentOf(job);
    const results = jobResultsUri(job.id);
    const text = `Job ${job.id} (${job.lookup} ${job.operation}, ${count(job.total)} rows): ${job.state}, ${count(job.done)} done, ${count(job.failed)} failed.${note ? ` ${note}` : ''} Results: read ${results}.`;
    const structured = { job: document, results };
    return {
      content: [
        { type: 'text', text },
        { type: 'text', text: JSON.stringify(structured) },
      ],
      structuredContent: structured,
      ...(job.state === 'failed' && { isError: true }),
    };
  }

  /** Waits for the job to end, a progress notification as its rows finish; cancels it when the call is cancelled. */
  async function watch(first: JobFacts, { signal, notices }: ToolCallContext): Promise<ToolResult> {
    let job = first;
    while (!FINAL_STATES.has(job.state)) {
      await pause(WATCH_EVERY_MS, signal);
      if (signal?.aborted) {
        const cancelled = await jobs.cancel(owner, job.id);
        if (cancelled.ok) record(cancelled.job, 'job-cancel', 'POST', 200);
        notices.log('notice', `Job ${job.id}: the call was cancelled, and so was the job.`);
        return toolError(`Job ${job.id}: cancelled with the call, after ${count(job.done)} of ${count(job.total)} rows.`);
      }
      job = (await store.get(job.id)) ?? job;
      notices.count(
        job.done,
        job.total,
        `${count(job.done)} of ${count(job.total)} rows done${job.failed > 0 ? `, ${count(job.failed)} failed` : ''} (${job.state})`,
      );
    }
    return jobResult(job);
  }

  const tool: ExtraTool = {
    definition: {
      name: RUN_JOB_TOOL,
      title: 'Server job',
      description: `A lookup operation over rows of its parameters, as a server job; returns the job. See ${TOOL_DOCS_SCHEME}${RUN_JOB_TOOL}.`,
      inputSchema: INPUT_SCHEMA,
      annotations: { destructiveHint: false, openWorldHint: true },
    },
    async call(args, context) {
      const given = { ...args, lookup: typeof args?.lookup === 'string' ? args.lookup.toUpperCase() : args?.lookup };
      const parsed = jobSubmission.safeParse(given);
      const unknown = Object.keys(args ?? {}).filter((name) => !(name in INPUT_SCHEMA.properties));
      if (unknown.length > 0 || !parsed.success) {
        const problems = [
          ...unknown.map((name) => `${name} is not an argument of this tool`),
          ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`)),
        ];
        return toolError(`Job: invalid arguments, nothing was queued. ${problems.slice(0, 5).join('; ')}`);
      }
      const submitted = await jobs.submit(owner, parsed.data);
      if (!submitted.ok) return toolError(`Job: ${submitted.status} ${submitted.code}. ${submitted.message}`);
      record(submitted.job, 'job-start', 'POST', 202);
      context.notices.log(
        'info',
        `Job ${submitted.job.id}: ${count(submitted.job.total)} rows of ${submitted.job.lookup} queued, as ${owner}.`,
      );
      return context.wantsProgress
        ? watch(submitted.job, context)
        : jobResult(submitted.job, 'It runs on the server: call again with progress to wait for it, or read the results resource.');
    },
  };

  async function readResults(uri: string) {
    const id = RESULTS_URI.exec(uri)?.[1];
    if (id === undefined) return undefined;
    const job = await jobs.find(owner, id);
    if (!job) throw new McpError(ErrorCode.InvalidParams, JOB_NOT_FOUND.message);
    const found = index.operation(job.lookup, job.operation)!;
    record(job, 'job-download', 'GET', 200);
    const rows: unknown[] = [];
    let bytes = 0;
    let cut = false;
    for await (const chunk of mergedChunks(store, job, found.lookup, found.operation)) {
      for (const row of chunk) {
        const size = Buffer.byteLength(JSON.stringify(row)) + 1;
        if (bytes + size > MAX_RESULTS_BYTES) {
          cut = true;
          break;
        }
        rows.push(row);
        bytes += size;
      }
      if (cut) break;
    }
    const document = documentOf(job);
    const text = JSON.stringify({
      job: document,
      rows,
      returned: rows.length,
      ...(cut && {
        cut: `Only the first ${count(rows.length)} merged rows fit a resource: the whole result is ${document.results.json} on this server.`,
      }),
    });
    return { uri, mimeType: 'application/json', text };
  }

  const docs = toolDocs([RUN_JOB_TOOL]);
  return {
    tools: [tool],
    resources: docs.resources,
    resourceTemplates: [
      {
        uriTemplate: `${RESOURCE_SCHEME}://jobs/{job}/results`,
        name: 'job-results',
        title: 'A job’s merged results',
        description:
          'The rows of a job you started with run_job, each with row_status, row_reason and its answer’s records. {job}: its id.',
        mimeType: 'application/json',
      },
    ],
    readResource: async (uri) => (await readResults(uri)) ?? (await docs.readResource(uri)),
  };
}
