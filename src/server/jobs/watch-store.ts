// A watchlist in Redis: a saved query (one or more rows of one operation) run on a schedule by its
// owner, the last run it was compared with, and the changes each run found (newest first, the last
// hundred kept).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { WatchChange } from '../../lookups/jobs-wire.ts';
import type { RowInput } from './job-store.ts';
import type { WatchSchedule } from './jobs-settings.ts';

const PREFIX = 'lookup-explorer:watch:';
const INDEX = 'lookup-explorer:watches';
const KEPT_CHANGES = 100;

export interface Watch {
  id: string;
  owner: string;
  name: string;
  lookup: string;
  operation: string;
  rows: RowInput[];
  schedule: WatchSchedule;
  createdAt: number;
  /** The last completed run the next one is compared with. */
  lastJob?: string;
  stopped: boolean;
}

export type { WatchChange };

export class WatchStore {
  constructor(private readonly redis: Redis) {}

  async create(watch: Omit<Watch, 'id' | 'createdAt' | 'stopped'>): Promise<Watch> {
    const full: Watch = { ...watch, id: randomUUID(), createdAt: Date.now(), stopped: false };
    await this.redis
      .multi()
      .set(PREFIX + full.id, JSON.stringify(full))
      .zadd(INDEX, full.createdAt, full.id)
      .exec();
    return full;
  }

  async get(id: string): Promise<Watch | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const text = await this.redis.get(PREFIX + id);
    return text ? (JSON.parse(text) as Watch) : undefined;
  }

  async list(): Promise<Watch[]> {
    const ids = await this.redis.zrevrange(INDEX, 0, 499);
    return (await Promise.all(ids.map((id) => this.get(id)))).filter((watch): watch is Watch => watch !== undefined);
  }

  async update(id: string, change: Partial<Pick<Watch, 'lastJob' | 'stopped'>>): Promise<void> {
    const watch = await this.get(id);
    if (watch) await this.redis.set(PREFIX + id, JSON.stringify({ ...watch, ...change }));
  }

  /**
   * Takes the watch's comparing lease (one run compared at a time, on any instance: two compares
   * at once would both read the same previous run); false while another holds it. The lease ends
   * by itself should its instance die.
   */
  async lockComparing(id: string, holder: string, leaseMs: number): Promise<boolean> {
    return (await this.redis.set(`${PREFIX}${id}:comparing`, holder, 'PX', leaseMs, 'NX')) === 'OK';
  }

  async unlockComparing(id: string, holder: string): Promise<void> {
    await this.redis.eval(
      `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end`,
      1,
      `${PREFIX}${id}:comparing`,
      holder,
    );
  }

  async addChange(id: string, change: WatchChange): Promise<void> {
    await this.redis
      .multi()
      .lpush(`${PREFIX}${id}:changes`, JSON.stringify(change))
      .ltrim(`${PREFIX}${id}:changes`, 0, KEPT_CHANGES - 1)
      .exec();
  }

  async changes(id: string): Promise<WatchChange[]> {
    return (await this.redis.lrange(`${PREFIX}${id}:changes`, 0, KEPT_CHANGES - 1)).map((text) => JSON.parse(text) as WatchChange);
  }
}
