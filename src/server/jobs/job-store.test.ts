// @vitest-environment node
// What the job store counts, on a real redis-server: when a job's first row finished (its pace is
// timed from there, lookups/run-pace.ts), kept once, whichever row comes next or twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../team/redis-for-tests.ts';
import { JobStore } from './job-store.ts';

const newJob = {
  owner: 'alice',
  lookup: 'H',
  operation: 'records',
  columns: ['zipcode'],
  rows: [{ zipcode: '62701' }, { zipcode: '62702' }, { zipcode: '62703' }],
  chunkSize: 2,
  shared: false,
  mask: true,
  concurrency: 1,
};

describe('the job store', () => {
  let redis: TestRedis;
  let store: JobStore;

  beforeAll(async () => {
    redis = await startRedis();
    store = new JobStore(redis.url);
  }, 60_000);
  afterAll(async () => {
    await store.close();
    await redis.stop();
  });

  it('keeps when the first row finished, and only the first', async () => {
    const job = await store.create(newJob);
    expect((await store.get(job.id))!.firstDoneAt).toBeUndefined();
    const before = Date.now();
    await store.record(job.id, 0, 1, { s: 'ok', t: '{}' });
    const first = (await store.get(job.id))!.firstDoneAt!;
    expect(first).toBeGreaterThanOrEqual(before);
    expect(first).toBeLessThanOrEqual(Date.now());
    // A second row, and the first row's result again (a chunk worked twice), leave it as it was.
    await expect.poll(() => Date.now()).toBeGreaterThan(first);
    await store.record(job.id, 0, 0, { s: 'failed', r: 'no' });
    await store.record(job.id, 0, 1, { s: 'ok', t: '{}' });
    expect(await store.get(job.id)).toMatchObject({ firstDoneAt: first, done: 2, failed: 1 });
  });

  it('stores a big job’s rows whole across the several writes it takes, each chunk in its place', async () => {
    const rows = Array.from({ length: 12_345 }, (_, index) => ({ zipcode: String(10_000 + index), name: `n${index}` }));
    const job = await store.create({ ...newJob, rows, chunkSize: 7 });
    expect(job).toMatchObject({ total: 12_345, chunks: Math.ceil(12_345 / 7), state: 'queued' });
    const stored = [];
    for (let chunk = 0; chunk < job.chunks; chunk++) stored.push(...(await store.rows(job.id, chunk)));
    expect(stored).toEqual(rows);
  }, 30_000);
});
