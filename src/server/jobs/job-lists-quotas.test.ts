// @vitest-environment node
// Whose jobs a user sees, and how many they may run, on a real redis-server shared by two
// instances' stores (issue 35): lists are read from each owner's index and the shared one, never a
// window of everyone's newest jobs; per-user quotas (jobs at once, rows a day) are taken atomically
// across instances and refused in team-wire.ts's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryIndex } from '../../lookups/registry.ts';
import { startRedis, type TestRedis } from '../team/redis-for-tests.ts';
import { createJobActions } from './job-actions.ts';
import { JobStore, type JobFacts, type NewJob } from './job-store.ts';

const job = (owner: string, extra: Partial<NewJob> = {}): NewJob => ({
  owner,
  lookup: 'H',
  operation: 'records',
  columns: ['zipcode'],
  rows: [{ zipcode: '62701' }],
  chunkSize: 10,
  shared: false,
  mask: true,
  concurrency: 1,
  ...extra,
});

/** The ids of `owner`'s own jobs in a list (every list also holds the shared jobs). */
const ownedBy = (owner: string, list: readonly JobFacts[]) => list.filter((facts) => facts.owner === owner).map((facts) => facts.id);

const rows = (count: number) => Array.from({ length: count }, (_, at) => ({ zipcode: String(60_000 + at) }));

describe('jobs by user on one Redis, two instances', () => {
  let redis: TestRedis;
  let one: JobStore;
  let two: JobStore;

  beforeAll(async () => {
    redis = await startRedis();
    one = new JobStore(redis.url);
    two = new JobStore(redis.url);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await redis?.stop();
  });

  it('lists alice’s jobs after bob created 205 of his own, and bob’s shared ones to her', async () => {
    const alices = [await two.create(job('alice')), await two.create(job('alice'))];
    const sharedByBob = await one.create(job('bob', { shared: true }));
    for (let made = 0; made < 205; made++) await one.create(job('bob'));
    const listed = await two.listFor('alice');
    // Newest first; jobs made in the same millisecond may come in either order.
    expect(listed.map((facts) => facts.id).sort()).toEqual([sharedByBob.id, alices[1]!.id, alices[0]!.id].sort());
    expect(listed.every((facts, at) => at === 0 || listed[at - 1]!.createdAt >= facts.createdAt)).toBe(true);
    // The old global window (newest 200 of everyone's) holds none of hers: what the lists used to filter.
    expect((await one.list()).filter((facts) => facts.owner === 'alice')).toEqual([]);
    const seenByBob = await one.listFor('bob');
    expect(seenByBob).toHaveLength(200);
    expect(seenByBob.every((facts) => facts.owner === 'bob')).toBe(true);
  }, 60_000);

  it('forgets a job past its retention in the owner’s list', async () => {
    const gone = await one.create(job('carol'));
    const kept = await one.create(job('carol'));
    await one.redis.del(`lookup-explorer:job:${gone.id}`);
    expect(ownedBy('carol', await two.listFor('carol'))).toEqual([kept.id]);
    expect(await one.redis.zrange('lookup-explorer:jobs:owner:carol', '0', '-1')).toEqual([kept.id]);
    expect(await one.redis.zscore('lookup-explorer:jobs', gone.id)).toBeNull();
  });

  it('puts jobs made before the per-owner lists into them', async () => {
    const old = await one.create(job('dave', { shared: true }));
    await one.redis.del('lookup-explorer:jobs:owner:dave', 'lookup-explorer:jobs:shared');
    expect(await two.listFor('dave')).toEqual([]);
    expect(await two.indexOwners()).toBeGreaterThanOrEqual(1);
    expect(ownedBy('dave', await one.listFor('dave'))).toEqual([old.id]);
    expect((await one.listFor('erin')).map((facts) => facts.id)).toContain(old.id);
  });

  it('refuses a user’s job over the jobs at once, on either instance, until one of theirs finishes', async () => {
    const quotas = { chunkSize: 10, concurrency: 1, jobsPerUser: 2, rowsPerUserDay: 0 };
    const actionsOn = (store: JobStore) =>
      createJobActions({ store, index: registryIndex, settings: quotas, enqueue: (facts) => store.create(facts) });
    const submission = { lookup: 'H', operation: 'records', rows: [{ zipcode: '62701' }] };
    const first = await actionsOn(one).submit('frank', submission);
    const second = await actionsOn(two).submit('frank', submission);
    expect(first.ok && second.ok).toBe(true);
    const third = await actionsOn(two).submit('frank', submission);
    expect(third).toMatchObject({
      status: 429,
      code: 'quota',
      details: { quota: 'jobs', limit: 2, used: 2 },
      message:
        'You have 2 jobs waiting or running, the most one user may have at once (2): wait for one to finish, or cancel one, then send this again',
    });
    // Another user is not held back by frank's jobs.
    expect((await actionsOn(one).submit('grace', submission)).ok).toBe(true);
    if (!first.ok) throw new Error('not queued');
    await actionsOn(one).cancel('frank', first.job.id);
    expect((await actionsOn(one).submit('frank', submission)).ok).toBe(true);
  });

  it('lets only one of two jobs sent at once through when one slot is left', async () => {
    const quotas = { jobsPerUser: 1, rowsPerUserDay: 0 };
    const both = await Promise.all([one.admit('heidi', 1, quotas), two.admit('heidi', 1, quotas)]);
    expect(both.filter((admission) => admission.ok)).toHaveLength(1);
  });

  it('refuses rows past the day’s quota, counting the rows of both instances’ jobs, and gives back a job not created', async () => {
    const quotas = { jobsPerUser: 0, rowsPerUserDay: 100 };
    expect((await one.admit('ivan', 60, quotas)).ok).toBe(true);
    const over = await two.admit('ivan', 41, quotas);
    expect(over).toEqual({ ok: false, quota: 'job-rows', limit: 100, used: 60 });
    const fits = await two.admit('ivan', 40, quotas);
    if (!fits.ok) throw new Error('refused');
    await two.release('ivan', fits.id, 40);
    expect((await one.admit('ivan', 40, quotas)).ok).toBe(true);
    // The next UTC day starts afresh.
    expect((await one.admit('ivan', 100, quotas, Date.now() + 24 * 3_600_000)).ok).toBe(true);
  });

  it('says in words which quota a job would pass, with when to try again', async () => {
    const actions = createJobActions({
      store: one,
      index: registryIndex,
      settings: { chunkSize: 10, concurrency: 1, jobsPerUser: 0, rowsPerUserDay: 5 },
      enqueue: (facts) => one.create(facts),
    });
    const refused = await actions.submit('judy', { lookup: 'H', operation: 'records', rows: rows(6) });
    expect(refused).toMatchObject({
      status: 429,
      code: 'quota',
      details: { quota: 'job-rows', limit: 5, used: 0 },
      message: 'This job’s 6 rows would pass your 5 rows a day (0 used today): send fewer rows, or wait until midnight UTC',
    });
    expect(Number((refused as { headers: Record<string, string> }).headers['retry-after'])).toBeGreaterThan(0);
    expect(ownedBy('judy', await one.listFor('judy'))).toEqual([]);
  });
});
