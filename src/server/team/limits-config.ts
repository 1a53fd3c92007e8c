// The team server's limits, read from the environment at start-up and checked with zod, so a
// malformed value stops start-up with a message naming the variable (never a running server that
// ignores it):
//   LOOKUP_<L>_BUDGET        500/day, 10000/month   live calls for everyone (UTC calendar periods)
//   LOOKUP_<L>_USER_BUDGET   50/day                 live calls per user
//   LOOKUP_<L>_RATE          5/s, 100/min, 1000/h   live calls per window, across all instances
//   LOOKUP_<L>_CONCURRENCY   4                      live calls in flight, per server process
//   LOOKUP_<L>_QUEUE         100                    requests that may wait for the two above
//   LOOKUP_<L>_CACHE_TTL     10m, 1h, off           how long a live GET answer is reused
//   LOOKUP_AUDIT_FILE        /var/log/lookup.jsonl  the audit log (stdout when unset)
//   LOOKUP_METRICS_PUBLIC    1                      /metrics without signing in
import { z } from 'zod';
import type { AnyLookup, LookupId } from '../../lookups/define-lookup.ts';
import { ConfigError, type ServerConfig } from '../config.ts';
import { parseDuration } from './durations.ts';
import { BUDGET_PERIODS, type BudgetPeriod } from './periods.ts';

export interface BudgetLimit {
  limit: number;
  period: BudgetPeriod;
}

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface LookupLimits {
  budget?: BudgetLimit;
  userBudget?: BudgetLimit;
  rate?: RateLimit;
  concurrency?: number;
  /** How many requests may wait for a rate or concurrency slot, per process. */
  queue: number;
  /** Live GET answers are reused this long; undefined: not cached. */
  cacheTtlMs?: number;
}

export interface TeamLimits {
  lookups: Partial<Record<LookupId, LookupLimits>>;
  auditFile?: string;
  /**
   * Whether each proxied request is written to the audit log (instead of the plain request log):
   * on a team server (an access mode, any limit, or LOOKUP_AUDIT_FILE); off on a laptop's
   * `npm start`, which keeps its one plain line per request.
   */
  audit: boolean;
  metricsPublic: boolean;
  /** Settings that have no effect (a budget on a lookup that runs on demo data). */
  warnings: string[];
}

export const DEFAULT_QUEUE = 100;
const MAX_COUNT = 1_000_000_000;
const RATE_WINDOWS: Record<string, number> = {
  s: 1_000,
  sec: 1_000,
  second: 1_000,
  m: 60_000,
  min: 60_000,
  minute: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
};

const budget = z.string().transform((text, ctx): BudgetLimit => {
  const match = /^(\d{1,10})\s*\/\s*([a-z]+)$/.exec(text.trim().toLowerCase());
  const limit = Number(match?.[1]);
  const period = match?.[2] as BudgetPeriod | undefined;
  if (!match || !BUDGET_PERIODS.includes(period!) || limit < 1 || limit > MAX_COUNT) {
    ctx.issues.push({
      code: 'custom',
      message: `must be a number of calls per day or month, such as 500/day or 10000/month, not ${JSON.stringify(text.slice(0, 40))}`,
      input: text,
    });
    return z.NEVER;
  }
  return { limit, period: period! };
});

const rate = z.string().transform((text, ctx): RateLimit => {
  const match = /^(\d{1,9})\s*\/\s*([a-z]+)$/.exec(text.trim().toLowerCase());
  const limit = Number(match?.[1]);
  const windowMs = RATE_WINDOWS[match?.[2] ?? ''];
  if (!match || windowMs === undefined || limit < 1) {
    ctx.issues.push({
      code: 'custom',
      message: `must be a number of calls per second, minute or hour, such as 5/s, 100/min or 1000/h, not ${JSON.stringify(text.slice(0, 40))}`,
      input: text,
    });
    return z.NEVER;
  }
  return { limit, windowMs };
});

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error: `must be a whole number from ${min} to ${max}` });

const cacheTtl = z.string().transform((text, ctx): number | undefined => {
  const value = text.trim().toLowerCase();
  if (value === 'off' || value === '0') return undefined;
  const ms = parseDuration(value);
  if (ms === undefined) {
    ctx.issues.push({
      code: 'custom',
      message: `must be a duration such as 10m, 1h or 1d (or off), not ${JSON.stringify(text.slice(0, 40))}`,
      input: text,
    });
    return z.NEVER;
  }
  return ms;
});

const lookupSchema = z.object({
  BUDGET: budget.optional(),
  USER_BUDGET: budget.optional(),
  RATE: rate.optional(),
  CONCURRENCY: wholeNumber(1, 10_000).optional(),
  QUEUE: wholeNumber(0, 100_000).optional(),
  CACHE_TTL: cacheTtl.optional(),
});

const globalSchema = z.object({
  LOOKUP_AUDIT_FILE: z.string().trim().min(1).optional(),
  LOOKUP_METRICS_PUBLIC: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1 (anyone may read /metrics) or 0 (only signed-in users)' })
    .transform((value) => value === '1' || value === 'true' || value === 'yes')
    .optional(),
});

type Env = Record<string, string | undefined>;

function parseOrThrow<T extends z.ZodType>(schema: T, input: Env, variableOf: (field: string) => string): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new ConfigError(variableOf(String(issue.path[0] ?? '')), issue.message);
}

function setValues(env: Env, names: readonly string[], prefix = ''): Env {
  const values: Env = {};
  for (const name of names) {
    const value = env[prefix + name];
    if (value !== undefined && value.trim() !== '') values[name] = value;
  }
  return values;
}

/** Reads every lookup's limits and the audit and metrics settings; throws ConfigError naming a bad variable. */
export function parseTeamLimits(env: Env, lookups: readonly AnyLookup[], config?: Pick<ServerConfig, 'lookups'>): TeamLimits {
  const global = parseOrThrow(globalSchema, setValues(env, Object.keys(globalSchema.shape)), (field) => field);
  const warnings: string[] = [];
  const perLookup: TeamLimits['lookups'] = {};
  for (const lookup of lookups) {
    const prefix = `LOOKUP_${lookup.id}_`;
    const settings = parseOrThrow(lookupSchema, setValues(env, Object.keys(lookupSchema.shape), prefix), (field) => prefix + field);
    if (Object.keys(settings).length === 0) continue;
    if (settings.QUEUE !== undefined && !settings.RATE && !settings.CONCURRENCY)
      throw new ConfigError(`${prefix}QUEUE`, `only applies with ${prefix}RATE or ${prefix}CONCURRENCY: set one of them, or remove it`);
    if (
      settings.BUDGET &&
      settings.USER_BUDGET &&
      settings.USER_BUDGET.limit > settings.BUDGET.limit &&
      settings.USER_BUDGET.period === settings.BUDGET.period
    )
      warnings.push(`${prefix}USER_BUDGET is larger than ${prefix}BUDGET: the lookup's budget runs out first`);
    if (config && config.lookups[lookup.id]?.mode !== 'live')
      warnings.push(`${prefix} limits are set but lookup ${lookup.id} runs on demo data, which is free and never limited`);
    perLookup[lookup.id] = {
      ...(settings.BUDGET && { budget: settings.BUDGET }),
      ...(settings.USER_BUDGET && { userBudget: settings.USER_BUDGET }),
      ...(settings.RATE && { rate: settings.RATE }),
      ...(settings.CONCURRENCY !== undefined && { concurrency: settings.CONCURRENCY }),
      queue: settings.QUEUE ?? DEFAULT_QUEUE,
      ...(settings.CACHE_TTL !== undefined && { cacheTtlMs: settings.CACHE_TTL }),
    };
  }
  const accessMode = Boolean(env.LOOKUP_ACCESS_TOKENS_FILE?.trim() || env.LOOKUP_TRUSTED_USER_HEADER?.trim());
  return {
    lookups: perLookup,
    ...(global.LOOKUP_AUDIT_FILE && { auditFile: global.LOOKUP_AUDIT_FILE }),
    audit: global.LOOKUP_AUDIT_FILE !== undefined || accessMode || Object.keys(perLookup).length > 0,
    metricsPublic: global.LOOKUP_METRICS_PUBLIC ?? false,
    warnings,
  };
}

/** Refuses limits that several processes cannot keep on an in-process store (each would count alone). */
export function checkLimitsStartup(limits: TeamLimits, processes: number, storeKind: 'memory' | 'redis'): void {
  if (processes <= 1 || storeKind === 'redis') return;
  for (const [id, settings] of Object.entries(limits.lookups)) {
    const shared = settings.budget ? 'BUDGET' : settings.userBudget ? 'USER_BUDGET' : settings.rate ? 'RATE' : undefined;
    if (shared)
      throw new ConfigError(
        'LOOKUP_WORKERS',
        `runs ${processes} server processes, which must count LOOKUP_${id}_${shared} together: set LOOKUP_REDIS_URL (redis://host:6379) or run one process`,
      );
  }
}
