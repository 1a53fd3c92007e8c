// @vitest-environment node
// The /jobs routes over stand-in actions and store (no Redis): what the route core answers for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryIndex } from '../../lookups/registry.ts';
import { quotaRefusalSchema } from '../../lookups/team-wire.ts';
import { rawRequest, serveHandler, type RunningServer } from '../testing/http-fixtures.ts';
import { createJobActions } from './job-actions.ts';
import { createJobRoutes } from './job-routes.ts';
import type { JobFacts, JobStore } from './job-store.ts';
import { parseJobsSettings } from './jobs-settings.ts';

const ID = '0b6f7c9e-5d1a-4c55-9a3e-0f1e2d3c4b5a';
const running: JobFacts = {
  id: ID,
  owner: 'local',
  lookup: 'H',
  operation: 'records',
  columns: ['zipcode'],
  total: 1,
  chunks: 1,
  chunkSize: 1,
  shared: false,
  mask: true,
  createdAt: 0,
  state: 'running',
  done: 0,
  failed: 0,
  concurrency: 1,
};
const kept = new Map<string, JobFacts>([[ID, running]]);
const store = {
  get: async (id: string) => kept.get(id),
  listFor: async () => [...kept.values()],
  cancel: async () => false,
  // A job of 7 rows or more passes the stand-in's quota of rows a day.
  admit: async (_owner: string, rows: number) =>
    rows >= 7 ? { ok: false, quota: 'job-rows', limit: 6, used: 2 } : { ok: true, id: 'f'.repeat(8) + ID.slice(8) },
  release: async () => undefined,
} as unknown as JobStore;
const settings = parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://127.0.0.1:1' })!;
let server: RunningServer;

beforeAll(async () => {
  const jobs = createJobActions({
    store,
    index: registryIndex,
    settings,
    enqueue: async (job) => ({ ...running, id: 'f'.repeat(8) + ID.slice(8), owner: job.owner, state: 'queued' }),
  });
  server = await serveHandler(createJobRoutes({ jobs, store, index: registryIndex, settings }));
});

afterAll(() => server.close());

const errorOf = (text: string) => (JSON.parse(text) as { error: Record<string, unknown> }).error;
const json = { accept: 'application/json' };

describe('the /jobs routes', () => {
  it('answers a page’s fetch of /jobs, and leaves a browser opening /jobs to the app', async () => {
    const list = await rawRequest(server.port, 'GET', '/jobs', { headers: json });
    expect(JSON.parse(list.text)).toMatchObject({ jobs: [{ id: ID, slug: registryIndex.lookup('H')!.slug }] });
    expect((await rawRequest(server.port, 'GET', '/jobs', { headers: { 'sec-fetch-mode': 'navigate' } })).text).toBe('not handled');
    expect((await rawRequest(server.port, 'GET', `/jobs/${ID}`, { headers: { accept: 'text/html' } })).text).toBe('not handled');
    expect(JSON.parse((await rawRequest(server.port, 'GET', '/jobs/config', { headers: json })).text)).toMatchObject({ enabled: true });
  });

  it('reads POST /jobs with the job’s words: not JSON, a field refused, or queued', async () => {
    const post = (body: string) => rawRequest(server.port, 'POST', '/jobs', { headers: { 'content-type': 'application/json' }, body });
    expect(errorOf((await post('rows')).text)).toEqual({
      code: 'invalid_job',
      message: 'The job is sent as JSON: {lookup, operation, rows, concurrency}',
      origin: 'proxy',
    });
    const refused = await post(JSON.stringify({ lookup: 'H', operation: 'records', rows: [{ zipcode: '62701' }], concurrency: 0 }));
    expect(refused.status).toBe(400);
    expect(errorOf(refused.text)).toMatchObject({
      code: 'invalid_job',
      message: expect.stringMatching(/^The job is not valid: concurrency: /),
      fields: { concurrency: expect.any(String) },
    });
    const queued = await post(JSON.stringify({ lookup: 'H', operation: 'records', rows: [{ zipcode: '62701' }] }));
    expect(queued.status).toBe(202);
    expect(queued.headers.location).toMatch(/^\/jobs\/ffffffff-/);
  });

  it('refuses a job over a per-user quota with 429 in the workspace’s words', async () => {
    const rows = Array.from({ length: 7 }, () => ({ zipcode: '62701' }));
    const refused = await rawRequest(server.port, 'POST', '/jobs', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lookup: 'H', operation: 'records', rows }),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(quotaRefusalSchema.parse(JSON.parse(refused.text)).error).toEqual({
      code: 'quota',
      quota: 'job-rows',
      limit: 6,
      used: 2,
      message: 'This job’s 7 rows would pass your 6 rows a day (2 used today): send fewer rows, or wait until midnight UTC',
    });
  });

  it('answers HEAD on a running job’s events at once, with the stream’s head', async () => {
    const head = await rawRequest(server.port, 'HEAD', `/jobs/${ID}/events`);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  });

  it('refuses a method an address does not take with 405 and Allow, and any other path under /jobs with the job’s 404', async () => {
    const cancel = await rawRequest(server.port, 'GET', `/jobs/${ID}/cancel`, { headers: json });
    expect(cancel.status).toBe(405);
    expect(cancel.headers.allow).toBe('POST');
    const result = await rawRequest(server.port, 'POST', `/jobs/${ID}/result.csv`);
    expect(result.headers.allow).toBe('GET, HEAD');
    for (const path of ['/jobs/not-a-job', `/jobs/${ID}/result.xlsx`, `/jobs/${ID.replace('0', '1')}`]) {
      const missing = await rawRequest(server.port, 'GET', path, { headers: json });
      expect(missing.status, path).toBe(404);
      expect(errorOf(missing.text), path).toMatchObject({ code: 'not_found', message: 'There is no such job, or it is not yours' });
    }
  });
});
