// Watchlists apart from HTTP: create a watch (checked against its operation, then scheduled), stop
// one, list and see a user's own. The /watches routes (watch-routes.ts) are a thin layer over
// these; the runs, comparisons and webhooks are the watch queue's (watch-queue.ts).
import { z } from 'zod';
import type { LookupIndex } from '../../lookups/lookup-index.ts';
import { refusal, type Refusal } from '../http/refusal.ts';
import { rowValue } from './job-submission.ts';
import type { JobStore } from './job-store.ts';
import { WATCH_SCHEDULES } from './jobs-settings.ts';
import { rowProblem } from './row-problem.ts';
import type { WatchQueue } from './watch-queue.ts';
import type { Watch, WatchStore } from './watch-store.ts';

export const watchCreation = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  lookup: z.string().min(1).max(8),
  operation: z.string().min(1).max(64),
  rows: z.array(z.record(z.string(), rowValue)).min(1).max(1_000),
  schedule: z.enum(WATCH_SCHEDULES),
});

export type WatchCreation = z.output<typeof watchCreation>;

/** A watch, or why not. */
export type WatchOutcome = { ok: true; watch: Watch } | Refusal;

export const WATCH_NOT_FOUND = refusal(404, 'not_found', 'There is no such watch, or it is not yours');

export interface WatchService {
  /** Checks the watch's rows against its operation, keeps it as `owner`'s and runs it now and on its schedule. */
  create(owner: string, creation: WatchCreation): Promise<WatchOutcome>;
  /** Stops `owner`'s watch: no more runs, its last run left to expire. */
  stop(owner: string, id: string): Promise<WatchOutcome>;
  /** `owner`'s watches. */
  list(owner: string): Promise<Watch[]>;
  /** `owner`'s watch of this id. */
  find(owner: string, id: string): Promise<Watch | undefined>;
}

export interface WatchServiceOptions {
  watches: Pick<WatchStore, 'get' | 'list' | 'create' | 'update'>;
  store: Pick<JobStore, 'retire'>;
  index: LookupIndex;
  queue: Pick<WatchQueue, 'schedule' | 'unschedule'>;
}

export function createWatchService({ watches, store, index, queue }: WatchServiceOptions): WatchService {
  const invalid = (message: string) => refusal(400, 'invalid_watch', message);

  async function find(owner: string, id: string): Promise<Watch | undefined> {
    const watch = await watches.get(id);
    return watch?.owner === owner ? watch : undefined;
  }

  return {
    find,
    async list(owner) {
      return (await watches.list()).filter((watch) => watch.owner === owner);
    },

    async create(owner, creation) {
      const found = index.operation(creation.lookup, creation.operation);
      if (!found) return invalid(`There is no operation ${creation.operation} of lookup ${creation.lookup}`);
      for (const [at, row] of creation.rows.entries()) {
        const problem = rowProblem(found.operation, row);
        if (problem) return invalid(`Row ${at + 1} is not valid: ${problem}`);
      }
      const { lookup, operation, rows, schedule } = creation;
      const watch = await watches.create({ owner, name: creation.name ?? `${lookup} ${operation}`, lookup, operation, rows, schedule });
      await queue.schedule(watch);
      return { ok: true, watch };
    },

    async stop(owner, id) {
      const watch = await find(owner, id);
      if (!watch) return WATCH_NOT_FOUND;
      await queue.unschedule(watch.id);
      await watches.update(watch.id, { stopped: true });
      if (watch.lastJob) await store.retire(watch.lastJob);
      return { ok: true, watch: { ...watch, stopped: true } };
    },
  };
}
