// Server-side jobs (issue 27) are on when the team server shares a Redis (LOOKUP_REDIS_URL) and
// LOOKUP_JOBS is not `off`. The rest tunes the queue: how many chunks each instance works at once,
// how long a chunk's lock lives before another instance takes over a dead one's work, and the
// watchlists' schedules and webhook, and the per-user quotas (jobs at once, rows a day; 0: none).
import { ConfigError } from '../config.ts';
import type { JobQuotas } from './job-store.ts';

export interface JobsSettings extends JobQuotas {
  redisUrl: string;
  /** Chunks each instance works at once (each sends one row at a time): the rows in flight per instance. */
  concurrency: number;
  /** Rows per chunk (one BullMQ job, one Redis value of rows, one hash of results). */
  chunkSize: number;
  /** A chunk's lock: a dead instance's chunks go back to the queue this long after it stopped renewing. */
  lockMs: number;
  /** How often an instance looks for chunks whose lock expired. */
  stalledCheckMs: number;
  /** How long a finished job's facts, rows and results stay in Redis (LOOKUP_JOBS_RETENTION). */
  retentionMs: number;
  /** Largest POST /jobs body. */
  maxBodyBytes: number;
  /** Events streams (GET /jobs/<id>/events) one instance holds open at once for one user, and for one job. */
  eventsPerUser: number;
  eventsPerJob: number;
  /** Watchlists: the period a schedule name stands for (LOOKUP_WATCH_EVERY_MS replaces all three: tests). */
  watchPeriods: Readonly<Record<WatchSchedule, number>>;
  webhook?: { url: string; secret?: string };
}

export const WATCH_SCHEDULES = ['hourly', 'daily', 'weekly'] as const;
export type WatchSchedule = (typeof WATCH_SCHEDULES)[number];

const HOUR = 3_600_000;

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(name, `must be a whole number from ${min} to ${max}`);
  return value;
}

const UNITS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: HOUR, d: 24 * HOUR };

/** A duration such as `7d`, `12h`, `30m` or `45s` (at least a second, at most a year). */
function duration(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim().toLowerCase();
  if (!text) return fallback;
  const match = /^(\d+)\s*([smhd])$/.exec(text);
  const value = match ? Number(match[1]) * UNITS[match[2]!]! : NaN;
  if (!(value >= 1_000 && value <= 365 * 24 * HOUR))
    throw new ConfigError(name, 'must be a duration such as 7d, 12h, 30m or 45s (1s to 365d)');
  return value;
}

/** Undefined when jobs are off (no Redis, or LOOKUP_JOBS=off): the browser runs bulk as before. */
export function parseJobsSettings(env: NodeJS.ProcessEnv): JobsSettings | undefined {
  const redisUrl = env.LOOKUP_REDIS_URL?.trim();
  const switched = env.LOOKUP_JOBS?.trim().toLowerCase();
  if (switched && switched !== 'on' && switched !== 'off') throw new ConfigError('LOOKUP_JOBS', 'must be on or off');
  if (!redisUrl || switched === 'off') return undefined;
  const every = env.LOOKUP_WATCH_EVERY_MS?.trim() ? whole(env, 'LOOKUP_WATCH_EVERY_MS', 0, 200, 7 * 24 * HOUR) : undefined;
  const webhookUrl = env.LOOKUP_WEBHOOK_URL?.trim();
  if (webhookUrl && !/^https?:\/\//i.test(webhookUrl)) throw new ConfigError('LOOKUP_WEBHOOK_URL', 'must be an http(s) URL');
  const secret = env.LOOKUP_WEBHOOK_SECRET?.trim();
  return {
    redisUrl,
    concurrency: whole(env, 'LOOKUP_JOBS_CONCURRENCY', 16, 1, 256),
    chunkSize: whole(env, 'LOOKUP_JOBS_CHUNK_ROWS', 100, 1, 10_000),
    lockMs: whole(env, 'LOOKUP_JOBS_LOCK_MS', 30_000, 500, 600_000),
    stalledCheckMs: whole(env, 'LOOKUP_JOBS_STALLED_CHECK_MS', 15_000, 200, 600_000),
    retentionMs: duration(env, 'LOOKUP_JOBS_RETENTION', 7 * 24 * HOUR),
    maxBodyBytes: whole(env, 'LOOKUP_JOBS_MAX_BODY_BYTES', 64 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    eventsPerUser: whole(env, 'LOOKUP_JOBS_EVENTS_PER_USER', 20, 1, 10_000),
    eventsPerJob: whole(env, 'LOOKUP_JOBS_EVENTS_PER_JOB', 100, 1, 100_000),
    jobsPerUser: whole(env, 'LOOKUP_JOBS_PER_USER', 10, 0, 10_000),
    rowsPerUserDay: whole(env, 'LOOKUP_JOBS_ROWS_PER_USER_DAY', 2_000_000, 0, 1_000_000_000),
    watchPeriods: every ? { hourly: every, daily: every, weekly: every } : { hourly: HOUR, daily: 24 * HOUR, weekly: 7 * 24 * HOUR },
    ...(webhookUrl && { webhook: { url: webhookUrl, ...(secret && { secret }) } }),
  };
}
