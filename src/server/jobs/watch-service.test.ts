// @vitest-environment node
// The watch service called without HTTP: a stand-in store and schedule.
import { describe, expect, it } from 'vitest';
import { registryIndex } from '../../lookups/registry.ts';
import { createWatchService, watchCreation } from './watch-service.ts';
import type { Watch } from './watch-store.ts';

function standIn() {
  const kept = new Map<string, Watch>();
  const scheduled: string[] = [];
  const retired: string[] = [];
  const service = createWatchService({
    index: registryIndex,
    watches: {
      get: async (id) => kept.get(id),
      list: async () => [...kept.values()],
      async create(watch) {
        const full: Watch = { ...watch, id: `watch-${kept.size + 1}`, createdAt: 0, stopped: false };
        kept.set(full.id, full);
        return full;
      },
      async update(id, change) {
        kept.set(id, { ...kept.get(id)!, ...change });
      },
    },
    store: { retire: async (id) => void retired.push(id) },
    queue: {
      schedule: async (watch) => void scheduled.push(watch.id),
      unschedule: async (id) => void scheduled.splice(scheduled.indexOf(id), 1),
    },
  });
  return { service, kept, scheduled, retired };
}

const springfield = { lookup: 'H', operation: 'records', rows: [{ zipcode: '62701' }], schedule: 'daily' as const };

describe('WatchService', () => {
  it('creates a checked watch as its owner’s and schedules it; lists only the owner’s', async () => {
    const { service, scheduled } = standIn();
    const created = await service.create('alice', springfield);
    expect(created).toMatchObject({
      ok: true,
      watch: { id: 'watch-1', owner: 'alice', name: 'H records', schedule: 'daily', stopped: false },
    });
    await service.create('bob', { ...springfield, name: 'Bob’s' });
    expect(scheduled).toEqual(['watch-1', 'watch-2']);
    expect((await service.list('alice')).map((watch) => watch.id)).toEqual(['watch-1']);
    expect(await service.find('alice', 'watch-2')).toBeUndefined();
  });

  it('refuses an unknown operation and an invalid row, scheduling nothing', async () => {
    const { service, scheduled } = standIn();
    expect(await service.create('alice', { ...springfield, operation: 'nothing' })).toMatchObject({
      status: 400,
      code: 'invalid_watch',
      message: 'There is no operation nothing of lookup H',
    });
    expect(await service.create('alice', { ...springfield, rows: [{ zipcode: '62701' }, { zipcode: 'abc' }] })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Row 2 is not valid: zipcode /),
    });
    expect(scheduled).toEqual([]);
  });

  it('stops the owner’s watch: unscheduled, marked stopped, its last run left to expire; another user’s is not found', async () => {
    const { service, kept, scheduled, retired } = standIn();
    const created = await service.create('alice', springfield);
    if (!created.ok) throw new Error(created.message);
    kept.set(created.watch.id, { ...created.watch, lastJob: 'job-9' });
    expect(await service.stop('bob', created.watch.id)).toMatchObject({ status: 404, code: 'not_found' });
    expect(await service.stop('alice', created.watch.id)).toMatchObject({ ok: true, watch: { stopped: true } });
    expect(scheduled).toEqual([]);
    expect(retired).toEqual(['job-9']);
    expect(kept.get(created.watch.id)!.stopped).toBe(true);
  });

  it('has the schema a creation is read with', () => {
    expect(watchCreation.safeParse({ ...springfield, schedule: 'yearly' }).success).toBe(false);
    expect(watchCreation.safeParse(springfield).success).toBe(true);
  });
});
