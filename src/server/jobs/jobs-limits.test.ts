// @vitest-environment node
// A job's own concurrency and its retention, on a real redis-server and two production server
// processes (LOOKUP_JOBS_CONCURRENCY=3 each): a job asking for 1 never has two rows at the
// recording provider at once, a job asking for 64 never more than the server's 3 across both
// instances, and a finished job's keys leave Redis after LOOKUP_JOBS_RETENTION.
import { Redis } from 'ioredis';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../team/redis-for-tests.ts';
import { startRecordingUpstream, startServerProcess, teamFolder, type RecordingUpstream, type ServerProcess } from './jobs-testing.ts';

const ALICE = 'alice-token-0123456789abcdef';
const SERVER_CONCURRENCY = 3;

describe('a job’s concurrency and retention', () => {
  let redis: TestRedis;
  let client: Redis;
  let upstream: RecordingUpstream;
  let instances: ServerProcess[] = [];
  const folder = teamFolder({ alice: ALICE });
  const headers = { authorization: `Bearer ${ALICE}`, 'content-type': 'application/json' };

  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.url);
    upstream = await startRecordingUpstream({ delayMs: 40 });
    const env = {
      DIST_DIR: folder.dist,
      LOOKUP_REDIS_URL: redis.url,
      LOOKUP_ACCESS_TOKENS_FILE: folder.tokensFile,
      LOOKUP_MASK_SECRET: 'a-shared-masking-secret-for-both-instances',
      LOOKUP_H_BASE_URL: upstream.url,
      LOOKUP_H_KEY: 'test-key-h',
      LOOKUP_JOBS_CONCURRENCY: String(SERVER_CONCURRENCY),
      LOOKUP_JOBS_CHUNK_ROWS: '4',
      LOOKUP_JOBS_RETENTION: '3s',
    };
    instances = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
    client?.disconnect();
    await upstream?.close();
    await redis?.stop();
    rmSync(folder.dist, { recursive: true, force: true });
  });

  async function run(first: number, count: number, concurrency: number): Promise<{ id: string; url: string; concurrency: number }> {
    const rows = Array.from({ length: count }, (_, index) => ({ zipcode: String(first + index) }));
    const answer = await fetch(`${instances[0]!.url}/jobs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ lookup: 'H', operation: 'records', rows, concurrency }),
    });
    expect(answer.status).toBe(202);
    const job = (await answer.json()) as { id: string; url: string; concurrency: number };
    await expect
      .poll(async () => ((await (await fetch(`${instances[1]!.url}${job.url}`, { headers })).json()) as { state: string }).state, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe('completed');
    return job;
  }

  it('sends one row at a time for a job that asks for 1, whichever instances work it', async () => {
    upstream.resetPeak();
    const job = await run(20_000, 24, 1);
    expect(job.concurrency).toBe(1);
    expect(upstream.peak()).toBe(1);
  }, 90_000);

  it('caps a job asking for more at LOOKUP_JOBS_CONCURRENCY across every instance', async () => {
    upstream.resetPeak();
    const job = await run(30_000, 48, 64);
    expect(job.concurrency).toBe(SERVER_CONCURRENCY);
    expect(upstream.peak()).toBeLessThanOrEqual(SERVER_CONCURRENCY);
    // It did use more than one slot: the limit is not a single queue.
    expect(upstream.peak()).toBeGreaterThanOrEqual(2);
  }, 90_000);

  it('expires a finished job’s facts, rows and results after the retention', async () => {
    const job = await run(40_000, 6, 2);
    expect(await client.keys(`lookup-explorer:job:${job.id}*`)).not.toHaveLength(0);
    await expect.poll(() => client.keys(`lookup-explorer:job:${job.id}*`), { timeout: 15_000, interval: 250 }).toHaveLength(0);
    expect((await fetch(`${instances[0]!.url}${job.url}`, { headers })).status).toBe(404);
    const listed = (await (await fetch(`${instances[0]!.url}/jobs`, { headers })).json()) as { jobs: { id: string }[] };
    expect(listed.jobs.map((entry) => entry.id)).not.toContain(job.id);
    expect(await client.zscore('lookup-explorer:jobs', job.id)).toBeNull();
  }, 60_000);
});
