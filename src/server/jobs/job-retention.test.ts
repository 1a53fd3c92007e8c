// @vitest-environment node
// The retention reaches jobs that finished before it was set (or under a longer one): at start the
// service gives each finished job the expiry due from when it finished. On a real redis-server.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../team/redis-for-tests.ts';
import { JobStore } from './job-store.ts';

const DAY = 86_400_000;
const newJob = {
  owner: 'alice',
  lookup: 'H',
  operation: 'search',
  columns: ['zipcode'],
  rows: [{ zipcode: '62701' }, { zipcode: '62702' }],
  chunkSize: 1,
  shared: false,
  mask: true,
  concurrency: 1,
};

describe('applying the retention to jobs finished before it', () => {
  let redis: TestRedis;
  let client: Redis;
  let store: JobStore;

  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.url);
    store = new JobStore(redis.url, { retentionMs: 7 * DAY });
  }, 60_000);
  afterAll(async () => {
    await store.close();
    client.disconnect();
    await redis.stop();
  });

  const keysOf = (id: string) => client.keys(`lookup-explorer:job:${id}*`);
  const finish = (id: string, finishedAt: number, extra: Record<string, string> = {}) =>
    client.hset(`lookup-explorer:job:${id}`, { state: 'completed', finishedAt, ...extra });

  it('expires a job finished longer ago than the retention, and gives a recent one what is left of it', async () => {
    const now = Date.now();
    const old = await store.create(newJob);
    const recent = await store.create(newJob);
    const running = await store.create(newJob);
    const watched = await store.create(newJob);
    await finish(old.id, now - 10 * DAY);
    await finish(recent.id, now - 2 * DAY);
    await finish(watched.id, now - 10 * DAY, { watch: 'w1' });
    // As a server without a retention left them: no expiry at all.
    for (const job of [old, recent, running, watched]) expect(await client.pttl(`lookup-explorer:job:${job.id}`)).toBe(-1);

    expect(await store.applyRetention(now)).toBe(2);

    await expect.poll(() => keysOf(old.id)).toHaveLength(0);
    const left = await client.pttl(`lookup-explorer:job:${recent.id}`);
    expect(left).toBeGreaterThan(5 * DAY - 60_000);
    expect(left).toBeLessThanOrEqual(5 * DAY);
    for (const key of await keysOf(recent.id)) expect(await client.pttl(key), key).toBeGreaterThan(0);
    // A job still running, and a watch's last job (kept for its next comparison), keep no expiry.
    expect(await client.pttl(`lookup-explorer:job:${running.id}`)).toBe(-1);
    expect(await client.pttl(`lookup-explorer:job:${watched.id}`)).toBe(-1);
    // Applied again, nothing is shortened twice; the expired job leaves the list when it is listed.
    expect(await store.applyRetention(now)).toBe(0);
    expect((await store.list()).map((job) => job.id)).not.toContain(old.id);
  }, 30_000);
});
