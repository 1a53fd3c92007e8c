// @vitest-environment node
// What the jobs API streams, on a real redis-server and a production server process (issue 37,
// items 3 and 5): result.csv's header row is formula-escaped like its cells (column names come from
// whoever sends the job and from the provider), HEAD on a job's events answers its head at once,
// and event streams are capped per user and per job with a 429 that names the limit.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMULA_START } from '../../lookups/csv-lines.ts';
import { startRedis, type TestRedis } from '../team/redis-for-tests.ts';
import { startRecordingUpstream, startServerProcess, teamFolder, type RecordingUpstream, type ServerProcess } from './jobs-testing.ts';

const ALICE = 'alice-token-0123456789abcdef';
const BOB = 'bob-token-0123456789abcdef01';
const PER_USER = 2;
const PER_JOB = 3;
const HOSTILE = ['=HYPERLINK("http://127.0.0.1:9/x","c")', '+cmd', '@SUM(A1)'];

interface JobDocument {
  id: string;
  url: string;
  state: string;
  events: string;
}

describe('what the jobs API streams', () => {
  let redis: TestRedis;
  let upstream: RecordingUpstream;
  let server: ServerProcess;
  const folder = teamFolder({ alice: ALICE, bob: BOB });
  const as = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

  beforeAll(async () => {
    redis = await startRedis();
    // Slow enough that a 400-row job sent one row at a time runs for the whole file.
    upstream = await startRecordingUpstream({ delayMs: 300 });
    server = await startServerProcess({
      DIST_DIR: folder.dist,
      LOOKUP_REDIS_URL: redis.url,
      LOOKUP_ACCESS_TOKENS_FILE: folder.tokensFile,
      LOOKUP_MASK_SECRET: 'a-masking-secret-for-the-streams-test',
      LOOKUP_H_BASE_URL: upstream.url,
      LOOKUP_H_KEY: 'test-key-h',
      LOOKUP_JOBS_EVENTS_PER_USER: String(PER_USER),
      LOOKUP_JOBS_EVENTS_PER_JOB: String(PER_JOB),
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await upstream?.close();
    await redis?.stop();
    rmSync(folder.dist, { recursive: true, force: true });
  });

  async function submit(body: Record<string, unknown>): Promise<JobDocument> {
    const answer = await fetch(`${server.url}/jobs`, {
      method: 'POST',
      headers: as(ALICE),
      body: JSON.stringify({ lookup: 'H', operation: 'records', ...body }),
    });
    expect(answer.status, await answer.clone().text()).toBe(202);
    return (await answer.json()) as JobDocument;
  }

  const stateOf = async (job: JobDocument) =>
    ((await (await fetch(`${server.url}${job.url}`, { headers: as(ALICE) })).json()) as JobDocument).state;

  async function firstLine(job: JobDocument): Promise<string> {
    await expect.poll(() => stateOf(job), { timeout: 60_000, interval: 200 }).toBe('completed');
    const csv = await (await fetch(`${server.url}${job.url}/result.csv`, { headers: as(ALICE) })).text();
    return csv.split('\r\n')[0]!;
  }

  it('escapes formula-like column names in result.csv’s header row, from columns and from row keys', async () => {
    const fromColumns = await submit({
      rows: [{ zipcode: '62701' }, { zipcode: '62702' }],
      columns: ['zipcode', ...HOSTILE],
      concurrency: 2,
    });
    const fromKeys = await submit({ rows: [Object.fromEntries([['zipcode', '62703'], ...HOSTILE.map((key) => [key, 'x'])])] });
    for (const job of [fromColumns, fromKeys]) {
      const header = await firstLine(job);
      expect(header.startsWith(`zipcode,"'=HYPERLINK(""http://127.0.0.1:9/x"",""c"")","'+cmd","'@SUM(A1)",row_status`), header).toBe(true);
      // Nothing in the header starts a formula: every cell is a plain name or a quoted, neutralised one.
      expect(header.split(',').filter((cell) => FORMULA_START.test(cell))).toEqual([]);
    }
  }, 120_000);

  describe('a running job’s events', () => {
    let job: JobDocument;
    const opened: AbortController[] = [];

    beforeAll(async () => {
      job = await submit({
        rows: Array.from({ length: 400 }, (_, index) => ({ zipcode: String(50_000 + index) })),
        concurrency: 1,
        shared: true,
      });
    });

    afterAll(async () => {
      for (const controller of opened) controller.abort();
      await fetch(`${server.url}${job.url}/cancel`, { method: 'POST', headers: as(ALICE) });
    });

    /** Opens the job's event stream as this user; `close` ends it from the client's side. */
    async function open(token: string): Promise<{ status: number; message: string; close(): void }> {
      const controller = new AbortController();
      opened.push(controller);
      const response = await fetch(`${server.url}${job.events}`, { headers: as(token), signal: controller.signal });
      const message = response.status === 200 ? '' : ((await response.json()) as { error: { message: string } }).error.message;
      return { status: response.status, message, close: () => controller.abort() };
    }

    it('answers HEAD with the stream’s head at once, while the job still runs', async () => {
      const head = await fetch(`${server.url}${job.events}`, { method: 'HEAD', headers: as(ALICE) });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(['queued', 'running']).toContain(await stateOf(job));
    }, 60_000);

    it('caps the streams per user and per job with a 429 that names the limit, and frees a place when one closes', async () => {
      const alice = [await open(ALICE), await open(ALICE)];
      expect(alice.map((stream) => stream.status)).toEqual([200, 200]);
      const third = await open(ALICE);
      expect(third.status).toBe(429);
      expect(third.message).toMatch(/You have 2 event streams open .*one user .*LOOKUP_JOBS_EVENTS_PER_USER/);

      expect((await open(BOB)).status).toBe(200);
      const overJob = await open(BOB);
      expect(overJob.status).toBe(429);
      expect(overJob.message).toMatch(/This job has 3 event streams open .*LOOKUP_JOBS_EVENTS_PER_JOB/);

      // A stream the client closes gives its place back.
      alice[0]!.close();
      await expect
        .poll(
          async () => {
            const stream = await open(BOB);
            stream.close();
            return stream.status;
          },
          { timeout: 20_000, interval: 200 },
        )
        .toBe(200);
      expect(['queued', 'running']).toContain(await stateOf(job));
    }, 60_000);
  });
});
