// @vitest-environment node
// The tools beyond single lookups on a team server with jobs: the production server (in process)
// with access tokens for alice and bob, jobs on a real redis-server, L live (the demo upstream
// standing in for its provider) under LOOKUP_L_BUDGET=1/day, H live at a recording stand-in, and an audit log. The place dossier's
// L section is refused once the budget is spent while its other sections answer, every call audited
// as alice's with client mcp; run_job queues a job owned by the caller, waits for it with progress
// when asked (and cancels it with the call), refuses invalid rows before anything is queued, and its
// results resource is alice's alone: bob reading it is refused.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crimeIncidents } from '../../lookups/l-crime-incidents.ts';
import { sexOffenders } from '../../lookups/h-sex-offenders.ts';
import { parseJobsSettings } from '../jobs/jobs-settings.ts';
import type { AuditEntry } from '../team/audit-log.ts';
import { startRecordingUpstream, type RecordingUpstream } from '../jobs/jobs-testing.ts';
import { startRedis, type TestRedis } from '../team/redis-for-tests.ts';
import { PLACE_DOSSIER_TOOL } from './dossier-tool.ts';
import { jobResultsUri, RUN_JOB_TOOL } from './job-tool.ts';
import {
  connectHttpClient,
  exampleArguments,
  startDemoUpstream,
  startTeamAppServer,
  tokensFile,
  type Running,
} from './testing/mcp-fixtures.ts';
import { toolName } from './tool-catalog.ts';

const ALICE = 'alice-token-0123456789';
const BOB = 'bob-token-9876543210ab';
const PLACE = { lat: 37.7749, lon: -122.4194 };

let redis: TestRedis;
let upstream: Running;
let provider: RecordingUpstream;
let app: Running;
let alice: Client;
let bob: Client;
const audit: AuditEntry[] = [];

beforeAll(async () => {
  redis = await startRedis();
  upstream = await startDemoUpstream();
  // H's provider, live: each row answered after a moment, so a job runs long enough to be cancelled.
  provider = await startRecordingUpstream({ delayMs: 150 });
  const env = {
    LOOKUP_ACCESS_TOKENS_FILE: tokensFile({ alice: ALICE, bob: BOB }),
    LOOKUP_REDIS_URL: redis.url,
    [`LOOKUP_${crimeIncidents.id}_BASE_URL`]: `${upstream.base}/${crimeIncidents.slug}`,
    [`LOOKUP_${crimeIncidents.id}_KEY`]: 'l-secret-KEY-5e6f7a',
    [`LOOKUP_${crimeIncidents.id}_BUDGET`]: '1/day',
    [`LOOKUP_${sexOffenders.id}_BASE_URL`]: provider.url,
    [`LOOKUP_${sexOffenders.id}_KEY`]: 'h-secret-KEY-1a2b',
  };
  app = await startTeamAppServer(env, audit, { jobs: parseJobsSettings(env)! });
  alice = await connectHttpClient(app.base, { authorization: `Bearer ${ALICE}` });
  bob = await connectHttpClient(app.base, { authorization: `Bearer ${BOB}` });
}, 120_000);

afterAll(async () => {
  await alice?.close();
  await bob?.close();
  await app?.close();
  await upstream?.close();
  await provider?.close();
  await redis?.stop();
});

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { text: string }[])[0]!.text;
const H_ROWS = [{ zipcode: '62701' }, { zipcode: '62702' }, { zipcode: '62703' }];

interface JobAnswer {
  job: { id: string; url: string; state: string; owner: string; rows: number; done: number };
  results: string;
}

describe('the tool list of a team server with jobs', () => {
  it('lists place_dossier and run_job beside the lookups, and the job results template, within 40 kB', async () => {
    const { tools } = await alice.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining([PLACE_DOSSIER_TOOL, RUN_JOB_TOOL]));
    const size = Buffer.byteLength(JSON.stringify({ tools }));
    expect(size, String(size)).toBeLessThan(40_000);
    const { resourceTemplates } = await alice.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toContain('lookup-explorer://jobs/{job}/results');
  });
});

describe('the place dossier under a budget', () => {
  it('refuses L’s section once the budget is spent, answers the others, and audits every call as alice’s from mcp', async () => {
    const spend = await alice.callTool({
      name: toolName(crimeIncidents, crimeIncidents.operations[0]),
      arguments: exampleArguments(crimeIncidents.operations[0]),
    });
    expect(spend.isError).toBeFalsy();
    const before = audit.length;
    const result = await alice.callTool({ name: PLACE_DOSSIER_TOOL, arguments: PLACE });
    expect(result.isError).toBeFalsy();
    const sections = (result.structuredContent as { sections: { lookup: string; ok: boolean; message?: string; records?: number }[] })
      .sections;
    const l = sections.find((section) => section.lookup === crimeIncidents.id)!;
    expect(l.ok).toBe(false);
    expect(l.message).toContain('budget_exhausted');
    expect(sections.filter((section) => section.lookup !== crimeIncidents.id).every((section) => section.ok)).toBe(true);
    expect(textOf(result)).toMatch(/L\. Crime incidents: failed \(429 budget_exhausted/);

    await expect.poll(() => audit.length - before).toBe(sections.length);
    const lines = audit.slice(before);
    expect(lines.every((line) => line.user === 'alice' && line.client === 'mcp')).toBe(true);
    expect(lines.find((line) => line.lookup === crimeIncidents.id)).toMatchObject({ status: 429, code: 'budget_exhausted' });
  }, 90_000);
});

describe('run_job', () => {
  it('queues a job owned by the caller, returns it at once, and its results resource is the owner’s alone', async () => {
    const result = await alice.callTool({ name: RUN_JOB_TOOL, arguments: { lookup: 'h', operation: 'records', rows: H_ROWS } });
    expect(result.isError, textOf(result)).toBeFalsy();
    const { job, results } = result.structuredContent as unknown as JobAnswer;
    expect(job).toMatchObject({ owner: 'alice', rows: 3, url: `/jobs/${job.id}` });
    expect(['queued', 'running', 'completed']).toContain(job.state);
    expect(results).toBe(jobResultsUri(job.id));
    expect(audit.find((line) => line.job === job.id && line.action === 'job-start')).toMatchObject({
      user: 'alice',
      client: 'mcp',
      lookup: sexOffenders.id,
    });

    // The job runs on the server: GET /jobs/<id> (alice's) sees it finish.
    const state = async () =>
      (
        (await (
          await fetch(`${app.base}${job.url}`, { headers: { authorization: `Bearer ${ALICE}`, accept: 'application/json' } })
        ).json()) as { state: string }
      ).state;
    await expect.poll(state, { timeout: 30_000, interval: 200 }).toBe('completed');

    const contents = (await alice.readResource({ uri: results })).contents[0]!;
    const read = JSON.parse('text' in contents ? contents.text : '{}') as { job: { state: string }; rows: Record<string, unknown>[] };
    expect(read.job.state).toBe('completed');
    expect(read.rows.map((row) => row.zipcode)).toEqual(expect.arrayContaining(H_ROWS.map((row) => row.zipcode)));
    expect(read.rows.every((row) => row.row_status === 'ok')).toBe(true);
    // Personal data masked, as in the job's own result.json.
    expect(read.rows.every((row) => String(row.sex_offender_address_line1).startsWith('••• masked'))).toBe(true);

    await expect(bob.readResource({ uri: results })).rejects.toThrow(/no such job, or it is not yours/);
    // And GET /jobs/<id>/result.json answers bob the same way.
    expect((await fetch(`${app.base}${job.url}/result.json`, { headers: { authorization: `Bearer ${BOB}` } })).status).toBe(404);
  }, 60_000);

  it('waits for the job with progress notifications when the call asks for progress', async () => {
    const progress: Progress[] = [];
    const result = await alice.callTool({ name: RUN_JOB_TOOL, arguments: { lookup: 'H', operation: 'records', rows: H_ROWS } }, undefined, {
      onprogress: (step) => void progress.push(step),
      timeout: 60_000,
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect((result.structuredContent as unknown as JobAnswer).job).toMatchObject({ state: 'completed', done: 3 });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ progress: 3, total: 3 });
  }, 60_000);

  it('cancels the job when a call waiting for it is cancelled', async () => {
    const rows = Array.from({ length: 40 }, (_, index) => ({ zipcode: String(60_000 + index) }));
    const controller = new AbortController();
    const call = alice.callTool({ name: RUN_JOB_TOOL, arguments: { lookup: 'H', operation: 'records', rows, concurrency: 1 } }, undefined, {
      signal: controller.signal,
      // The first row done: the job runs; the call is given up.
      onprogress: () => controller.abort('the user moved on'),
      timeout: 60_000,
    });
    await expect(call).rejects.toThrow();
    const mine = async () =>
      (
        (await (await fetch(`${app.base}/jobs`, { headers: { authorization: `Bearer ${ALICE}`, accept: 'application/json' } })).json()) as {
          jobs: { rows: number; state: string; done: number }[];
        }
      ).jobs.find((job) => job.rows === rows.length);
    await expect.poll(async () => (await mine())?.state, { timeout: 30_000, interval: 200 }).toBe('cancelled');
    expect((await mine())!.done).toBeLessThan(rows.length);
    expect(audit.some((line) => line.action === 'job-cancel' && line.user === 'alice' && line.client === 'mcp')).toBe(true);
  }, 90_000);

  it('refuses a row that is not valid, naming it, and queues nothing', async () => {
    const before = audit.filter((line) => line.action === 'job-start').length;
    const result = await alice.callTool({
      name: RUN_JOB_TOOL,
      arguments: { lookup: 'H', operation: 'records', rows: [{ zipcode: '62701' }, {}] },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Row 2 is not valid/);
    expect(audit.filter((line) => line.action === 'job-start').length).toBe(before);
  });
});
