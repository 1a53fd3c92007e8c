// Where a job lives in Redis, shared by every instance: a hash of its facts and counts, its rows in
// chunks (one string of JSON rows per chunk) and its results in one hash per chunk, keyed by row
// index, so a 100,000-row job is a thousand small values, never one big one. A row's result is
// written once (HSETNX) and counted in the same atomic step, so a chunk worked again after its
// instance died neither counts nor keeps a row twice.
// Lists read indexes, never a window of everyone's jobs (issue 35): each owner's jobs and the shared
// ones, newest first. Per-user quotas (jobs at once, rows a day) are checked and taken in one
// atomic step (admit), so two instances cannot both let a user's eleventh job in.
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { ParamValue } from '../../lookups/define-lookup.ts';
import { FINAL_JOB_STATES, JOB_STATES, type JobGroup, type JobState } from '../../lookups/jobs-wire.ts';
import { RowTexts } from './row-texts.ts';

const PREFIX = 'lookup-explorer:job:';
const INDEX = 'lookup-explorer:jobs';
/** Each owner's jobs, and the shared ones, scored by when they were created. */
const OWNER_INDEX = 'lookup-explorer:jobs:owner:';
const SHARED_INDEX = 'lookup-explorer:jobs:shared';
/** A user's jobs that have not finished (admit's count), and the rows their jobs took on a UTC day. */
const ACTIVE = 'lookup-explorer:jobs:active:';
const ROWS_TODAY = 'lookup-explorer:jobs:rows:';
/** How long an admitted job may take to be written before it no longer counts as running (a 900,000-row job takes seconds). */
const ADMITTED_GRACE_MS = 10 * 60_000;
const DAY_MS = 24 * 3_600_000;
/** About how many rows are written to Redis in one round trip when a job is created. */
const ROWS_PER_WRITE = 5_000;

export { JOB_STATES, type JobState };
export const FINAL_STATES = FINAL_JOB_STATES;

/** A row as sent: the operation's parameters by name (text, numbers, booleans, lists), as the page's bulk run sends them. */
export type RowInput = Record<string, ParamValue>;

/** A row's values as the merged dataset's input columns show them (lists joined by commas). */
export function rowText(row: RowInput): Record<string, string> {
  return Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : String(value)]));
}

export interface RowResult {
  /** ok | empty | failed */
  s: 'ok' | 'empty' | 'failed';
  /** Why it failed. */
  r?: string;
  /** The answer's body as JSON text (ok and empty). */
  t?: string;
  /** x-lookup-masked of the answer. */
  m?: string;
}

export interface JobFacts {
  id: string;
  owner: string;
  lookup: string;
  operation: string;
  columns: string[];
  total: number;
  chunks: number;
  chunkSize: number;
  shared: boolean;
  mask: boolean;
  createdAt: number;
  startedAt?: number;
  /** When its first row finished: the pace (rate, time left) is timed from here (lookups/run-pace.ts). */
  firstDoneAt?: number;
  finishedAt?: number;
  state: JobState;
  done: number;
  failed: number;
  /** paused-budget: when the budget resets (epoch ms). */
  resumesAt?: number;
  /** Set on a watchlist's scheduled run. */
  watch?: string;
  /** Set on jobs sent together (a place dossier's). */
  group?: JobGroup;
  /** Rows of this job in flight at once, across every instance. */
  concurrency: number;
}

// KEYS: results hash, job hash. ARGV: row index, result JSON, 1 when failed, now.
const RECORD_SCRIPT = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
local done = redis.call('HINCRBY', KEYS[2], 'done', 1)
if done == 1 then redis.call('HSET', KEYS[2], 'firstDoneAt', ARGV[4]) end
if ARGV[3] == '1' then redis.call('HINCRBY', KEYS[2], 'failed', 1) end
local state = redis.call('HGET', KEYS[2], 'state')
if state == 'paused-budget' or state == 'queued' then redis.call('HSET', KEYS[2], 'state', 'running') redis.call('HDEL', KEYS[2], 'resumesAt') end
if done >= tonumber(redis.call('HGET', KEYS[2], 'total')) and state ~= 'cancelled' then
  redis.call('HSET', KEYS[2], 'state', 'completed', 'finishedAt', ARGV[4])
  return 2
end
return 1`;

// A job's semaphore: a sorted set of the chunks working now, scored by when their lease ends (an
// instance that dies stops renewing, so its slot frees itself). A chunk already holding a slot
// renews it; another takes one only while fewer than the job's concurrency are held.
// KEYS: slots. ARGV: chunk's name, limit, now, lease end, key's lifetime.
const ACQUIRE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return 1
end
return 0`;

// Counts the owner's unfinished jobs (forgetting finished and vanished ones), then the rows taken
// today; within both limits (0: none), takes one job and the rows. Returns {0|1|2, used}: 1 over
// the jobs at once, 2 over the rows a day.
// KEYS: active set, today's rows. ARGV: new id, rows, jobs limit, rows limit, now, job key prefix, grace, day's lifetime.
const ADMIT_SCRIPT = `
local final = {${[...FINAL_JOB_STATES].map((state) => `['${state}'] = true`).join(', ')}}
local held = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
local active = 0
for i = 1, #held, 2 do
  local state = redis.call('HGET', ARGV[6] .. held[i], 'state')
  if (state and final[state]) or (not state and tonumber(held[i + 1]) < tonumber(ARGV[5]) - tonumber(ARGV[7])) then
    redis.call('ZREM', KEYS[1], held[i])
  else
    active = active + 1
  end
end
if tonumber(ARGV[3]) > 0 and active >= tonumber(ARGV[3]) then return {1, active} end
local used = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[4]) > 0 and used + tonumber(ARGV[2]) > tonumber(ARGV[4]) then return {2, used} end
redis.call('ZADD', KEYS[1], ARGV[5], ARGV[1])
redis.call('INCRBY', KEYS[2], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[8])
return {0, active}`;

/** What admit answers: the new job's id, or which quota it would pass, its limit and what is used. */
export type Admission = { ok: true; id: string } | { ok: false; quota: 'jobs' | 'job-rows'; limit: number; used: number };

/** Per-user quotas on jobs (0: no limit). */
export interface JobQuotas {
  /** Unfinished jobs one user may have at once (LOOKUP_JOBS_PER_USER). */
  jobsPerUser: number;
  /** Rows one user's jobs may take in a UTC day (LOOKUP_JOBS_ROWS_PER_USER_DAY). */
  rowsPerUserDay: number;
}

type ScriptedRedis = Redis & {
  admit(
    active: string,
    rowsToday: string,
    id: string,
    rows: string,
    jobsLimit: string,
    rowsLimit: string,
    now: string,
    prefix: string,
    grace: string,
    lifetime: string,
  ): Promise<[number, number]>;
  recordRow(results: string, job: string, index: string, value: string, failed: string, now: string): Promise<number>;
  acquireSlot(slots: string, holder: string, limit: string, now: string, leaseEnd: string, lifetime: string): Promise<number>;
};

function facts(hash: Record<string, string>): JobFacts | undefined {
  if (!hash.id) return undefined;
  const number = (name: string) => (hash[name] === undefined ? undefined : Number(hash[name]));
  return {
    id: hash.id,
    owner: hash.owner ?? '',
    lookup: hash.lookup ?? '',
    operation: hash.operation ?? '',
    columns: JSON.parse(hash.columns ?? '[]') as string[],
    total: Number(hash.total),
    chunks: Number(hash.chunks),
    chunkSize: Number(hash.chunkSize),
    shared: hash.shared === '1',
    mask: hash.mask !== '0',
    createdAt: Number(hash.createdAt),
    state: (hash.state ?? 'queued') as JobState,
    done: Number(hash.done ?? 0),
    failed: Number(hash.failed ?? 0),
    ...(hash.startedAt && { startedAt: number('startedAt')! }),
    ...(hash.firstDoneAt && { firstDoneAt: number('firstDoneAt')! }),
    ...(hash.finishedAt && { finishedAt: number('finishedAt')! }),
    ...(hash.resumesAt && { resumesAt: number('resumesAt')! }),
    ...(hash.watch && { watch: hash.watch }),
    ...(hash.group && { group: JSON.parse(hash.group) as JobGroup }),
    concurrency: Number(hash.concurrency ?? 1),
  };
}

/** Rows `from` to `to` as the JSON text a chunk is stored as (the same bytes for objects and text). */
function chunkText(rows: NewJob['rows'], from: number, to: number): string {
  return rows instanceof RowTexts ? rows.arrayText(from, to) : JSON.stringify(rows.slice(from, to));
}

export interface NewJob {
  owner: string;
  lookup: string;
  operation: string;
  columns: string[];
  /** As objects, or as compact JSON text (a POST /jobs body's: row-texts.ts). */
  rows: readonly RowInput[] | RowTexts;
  chunkSize: number;
  shared: boolean;
  mask: boolean;
  watch?: string;
  group?: JobGroup;
  /** Rows in flight at once across every instance (already capped by LOOKUP_JOBS_CONCURRENCY). */
  concurrency: number;
  /** The id admit gave it (a new one when it was not admitted: a watch's run). */
  id?: string;
}

export class JobStore {
  readonly redis: ScriptedRedis;

  /** How long a finished job stays (LOOKUP_JOBS_RETENTION). */
  readonly retentionMs: number;

  constructor(url: string, options: { retentionMs?: number } = {}) {
    this.retentionMs = options.retentionMs ?? 7 * 24 * 3_600_000;
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false }) as ScriptedRedis;
    this.redis.on('error', () => undefined);
    this.redis.defineCommand('recordRow', { numberOfKeys: 2, lua: RECORD_SCRIPT });
    this.redis.defineCommand('acquireSlot', { numberOfKeys: 1, lua: ACQUIRE_SCRIPT });
    this.redis.defineCommand('admit', { numberOfKeys: 2, lua: ADMIT_SCRIPT });
  }

  /** Takes one of `owner`'s jobs at once and `rows` of their rows today, or says which quota would be passed. */
  async admit(owner: string, rows: number, quotas: JobQuotas, now = Date.now()): Promise<Admission> {
    const id = randomUUID();
    const [outcome, used] = await this.redis.admit(
      ACTIVE + owner,
      this.rowsKey(owner, now),
      id,
      String(rows),
      String(quotas.jobsPerUser),
      String(quotas.rowsPerUserDay),
      String(now),
      PREFIX,
      String(ADMITTED_GRACE_MS),
      String(2 * DAY_MS),
    );
    if (outcome === 1) return { ok: false, quota: 'jobs', limit: quotas.jobsPerUser, used };
    if (outcome === 2) return { ok: false, quota: 'job-rows', limit: quotas.rowsPerUserDay, used };
    return { ok: true, id };
  }

  /** Gives back what admit took, for a job that was then not created. */
  async release(owner: string, id: string, rows: number, admittedAt = Date.now()): Promise<void> {
    await this.redis
      .pipeline()
      .zrem(ACTIVE + owner, id)
      .decrby(this.rowsKey(owner, admittedAt), rows)
      .exec();
  }

  private rowsKey(owner: string, at: number): string {
    return `${ROWS_TODAY}${new Date(at).toISOString().slice(0, 10)}:${owner}`;
  }

  /** Takes (or renews) one of the job's slots for a chunk until `leaseMs` from now; false when all are held. */
  async acquireSlot(id: string, holder: string, limit: number, leaseMs: number): Promise<boolean> {
    const now = Date.now();
    return (
      (await this.redis.acquireSlot(
        this.key(id, 'slots'),
        holder,
        String(limit),
        String(now),
        String(now + leaseMs),
        String(leaseMs * 2),
      )) === 1
    );
  }

  async releaseSlot(id: string, holder: string): Promise<void> {
    await this.redis.zrem(this.key(id, 'slots'), holder);
  }

  /** A finished job's facts, rows and results expire after the retention (its place in the list goes when it is next listed). */
  async retire(id: string, afterMs = this.retentionMs): Promise<void> {
    const chunks = Number(await this.redis.hget(this.key(id), 'chunks'));
    if (!Number.isFinite(chunks)) return;
    const pipeline = this.redis.pipeline();
    pipeline.pexpire(this.key(id), afterMs);
    pipeline.del(this.key(id, 'slots'));
    for (let chunk = 0; chunk < chunks; chunk++)
      pipeline.pexpire(this.key(id, `rows:${chunk}`), afterMs).pexpire(this.key(id, `out:${chunk}`), afterMs);
    await pipeline.exec();
  }

  /**
   * Gives every finished job the expiry its retention makes due, counted from when it finished:
   * jobs finished before there was a retention, or under a longer one, included. A watch's jobs
   * are kept for its next comparison (the watch retires them). Returns how many were shortened.
   */
  async applyRetention(now = Date.now()): Promise<number> {
    let shortened = 0;
    for (const id of await this.redis.zrevrange(INDEX, 0, -1)) {
      const job = await this.get(id);
      if (!job || !FINAL_STATES.has(job.state) || job.watch) continue;
      const due = (job.finishedAt ?? job.createdAt) + this.retentionMs - now;
      const expiresIn = await this.redis.pttl(this.key(id));
      if (expiresIn >= 0 && expiresIn <= due) continue;
      await this.retire(id, Math.max(1, due));
      shortened += 1;
    }
    return shortened;
  }

  private key(id: string, part?: string): string {
    return part ? `${PREFIX}${id}:${part}` : `${PREFIX}${id}`;
  }

  /** Stores the job's facts and rows (chunked); returns its facts. */
  async create(job: NewJob): Promise<JobFacts> {
    const id = job.id ?? randomUUID();
    const chunks = Math.ceil(job.rows.length / job.chunkSize);
    const createdAt = Date.now();
    // The rows go in slices, each written before the next is made: a 900,000-row job never holds
    // the event loop, nor every chunk's text at once (issue 36).
    const chunksPerWrite = Math.max(1, Math.floor(ROWS_PER_WRITE / job.chunkSize));
    for (let first = 0; first < chunks; first += chunksPerWrite) {
      const rows = this.redis.pipeline();
      for (let chunk = first; chunk < Math.min(chunks, first + chunksPerWrite); chunk++)
        rows.set(this.key(id, `rows:${chunk}`), chunkText(job.rows, chunk * job.chunkSize, (chunk + 1) * job.chunkSize));
      await rows.exec();
    }
    const pipeline = this.redis.pipeline();
    pipeline.hset(this.key(id), {
      id,
      owner: job.owner,
      lookup: job.lookup,
      operation: job.operation,
      columns: JSON.stringify(job.columns),
      total: job.rows.length,
      chunks,
      chunkSize: job.chunkSize,
      shared: job.shared ? '1' : '0',
      mask: job.mask ? '1' : '0',
      createdAt,
      state: job.rows.length === 0 ? 'completed' : 'queued',
      done: 0,
      failed: 0,
      concurrency: job.concurrency,
      ...(job.watch && { watch: job.watch }),
      ...(job.group && { group: JSON.stringify(job.group) }),
    });
    pipeline.zadd(INDEX, createdAt, id);
    pipeline.zadd(OWNER_INDEX + job.owner, createdAt, id);
    if (job.shared) pipeline.zadd(SHARED_INDEX, createdAt, id);
    await pipeline.exec();
    return (await this.get(id))!;
  }

  async get(id: string): Promise<JobFacts | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
    return facts(await this.redis.hgetall(this.key(id)));
  }

  /** The newest jobs first. */
  async list(limit = 200): Promise<JobFacts[]> {
    const ids = await this.redis.zrevrange(INDEX, 0, limit - 1);
    const all = await Promise.all(ids.map((id) => this.get(id)));
    // Jobs past their retention are gone: so is their place in the list.
    const expired = ids.filter((_, index) => all[index] === undefined);
    if (expired.length > 0) await this.redis.zrem(INDEX, ...expired);
    return all.filter((job): job is JobFacts => job !== undefined);
  }

  /** The jobs `viewer` may see, newest first: their own and the shared ones, read from those two indexes. */
  async listFor(viewer: string, limit = 200): Promise<JobFacts[]> {
    const read = async (index: string) => {
      const flat = await this.redis.zrevrange(index, 0, limit - 1, 'WITHSCORES');
      const entries: { id: string; at: number; index: string }[] = [];
      for (let at = 0; at < flat.length; at += 2) entries.push({ id: flat[at]!, at: Number(flat[at + 1]), index });
      return entries;
    };
    const [own, shared] = await Promise.all([read(OWNER_INDEX + viewer), read(SHARED_INDEX)]);
    const seen = new Set<string>();
    const newest = [...own, ...shared]
      .sort((a, b) => b.at - a.at)
      .filter(({ id }) => !seen.has(id) && seen.add(id))
      .slice(0, limit);
    const all = await Promise.all(newest.map(({ id }) => this.get(id)));
    // Jobs past their retention are gone: so is their place in every index.
    const found = new Map(newest.map(({ id }, at) => [id, all[at]]));
    const gone = [...own, ...shared].filter(({ id }) => found.has(id) && found.get(id) === undefined);
    if (gone.length > 0) {
      const pipeline = this.redis.pipeline();
      for (const { id, index } of gone) pipeline.zrem(index, id).zrem(INDEX, id);
      await pipeline.exec();
    }
    return all.filter((job): job is JobFacts => job !== undefined);
  }

  /**
   * Puts jobs created before the per-owner indexes (or by an older instance) in them: once at start,
   * like applyRetention. Returns how many it added.
   */
  async indexOwners(): Promise<number> {
    let added = 0;
    for (const id of await this.redis.zrevrange(INDEX, 0, -1)) {
      const [owner, shared, createdAt] = await this.redis.hmget(this.key(id), 'owner', 'shared', 'createdAt');
      if (!owner || !createdAt) continue;
      added += await this.redis.zadd(OWNER_INDEX + owner, 'NX', createdAt, id);
      if (shared === '1') await this.redis.zadd(SHARED_INDEX, 'NX', createdAt, id);
    }
    return added;
  }

  async rows(id: string, chunk: number): Promise<RowInput[]> {
    const text = await this.redis.get(this.key(id, `rows:${chunk}`));
    return text ? (JSON.parse(text) as RowInput[]) : [];
  }

  async state(id: string): Promise<JobState | undefined> {
    return ((await this.redis.hget(this.key(id), 'state')) ?? undefined) as JobState | undefined;
  }

  /** The row indexes of a chunk that already have a result. */
  async doneIn(id: string, chunk: number): Promise<Set<number>> {
    return new Set((await this.redis.hkeys(this.key(id, `out:${chunk}`))).map(Number));
  }

  /** Keeps a row's result unless it has one; 'completed' when it was the job's last row, false when it already had one. */
  async record(id: string, chunk: number, index: number, result: RowResult): Promise<false | 'kept' | 'completed'> {
    const outcome = await this.redis.recordRow(
      this.key(id, `out:${chunk}`),
      this.key(id),
      String(index),
      JSON.stringify(result),
      result.s === 'failed' ? '1' : '0',
      String(Date.now()),
    );
    return outcome === 0 ? false : outcome === 2 ? 'completed' : 'kept';
  }

  /** The results of a chunk, by row index. */
  async results(id: string, chunk: number): Promise<Map<number, RowResult>> {
    const hash = await this.redis.hgetall(this.key(id, `out:${chunk}`));
    return new Map(Object.entries(hash).map(([index, text]) => [Number(index), JSON.parse(text) as RowResult]));
  }

  async started(id: string): Promise<void> {
    await this.redis.hsetnx(this.key(id), 'startedAt', Date.now());
    // queued becomes running; paused-budget stays until a row gets through.
    await this.redis.eval(
      `if redis.call('HGET', KEYS[1], 'state') == 'queued' then redis.call('HSET', KEYS[1], 'state', 'running') end`,
      1,
      this.key(id),
    );
  }

  async pause(id: string, resumesAt: number): Promise<void> {
    await this.redis.eval(
      `local s = redis.call('HGET', KEYS[1], 'state') if s == 'running' or s == 'queued' or s == 'paused-budget' then redis.call('HSET', KEYS[1], 'state', 'paused-budget', 'resumesAt', ARGV[1]) end`,
      1,
      this.key(id),
      String(resumesAt),
    );
  }

  /** Cancels a job that has not finished; returns whether it did. */
  async cancel(id: string): Promise<boolean> {
    const changed = await this.redis.eval(
      `local s = redis.call('HGET', KEYS[1], 'state') if s == 'completed' or s == 'cancelled' or s == 'failed' or not s then return 0 end redis.call('HSET', KEYS[1], 'state', 'cancelled', 'finishedAt', ARGV[1]) return 1`,
      1,
      this.key(id),
      String(Date.now()),
    );
    if (changed === 1) await this.retire(id);
    return changed === 1;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
