// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { allLookups } from '../../lookups/registry.ts';
import { ConfigError, parseServerConfig } from '../config.ts';
import { checkLimitsStartup, DEFAULT_QUEUE, parseTeamLimits } from './limits-config.ts';

const first = allLookups[0]!.id;
const second = allLookups[1]!.id;

function problem(env: Record<string, string>): ConfigError {
  try {
    parseTeamLimits(env, allLookups);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('no ConfigError');
}

describe('parseTeamLimits', () => {
  it('reads budgets, rates, concurrency, queue and cache TTL per lookup', () => {
    const limits = parseTeamLimits(
      {
        [`LOOKUP_${first}_BUDGET`]: '500/day',
        [`LOOKUP_${first}_USER_BUDGET`]: ' 20 / day ',
        [`LOOKUP_${first}_RATE`]: '5/s',
        [`LOOKUP_${first}_CONCURRENCY`]: '4',
        [`LOOKUP_${first}_QUEUE`]: '10',
        [`LOOKUP_${first}_CACHE_TTL`]: '10m',
        [`LOOKUP_${second}_BUDGET`]: '10000/month',
        [`LOOKUP_${second}_RATE`]: '100/min',
        LOOKUP_AUDIT_FILE: '/tmp/audit.jsonl',
        LOOKUP_METRICS_PUBLIC: '1',
      },
      allLookups,
    );
    expect(limits.lookups[first]).toEqual({
      budget: { limit: 500, period: 'day' },
      userBudget: { limit: 20, period: 'day' },
      rate: { limit: 5, windowMs: 1_000 },
      concurrency: 4,
      queue: 10,
      cacheTtlMs: 600_000,
    });
    expect(limits.lookups[second]).toEqual({
      budget: { limit: 10_000, period: 'month' },
      rate: { limit: 100, windowMs: 60_000 },
      queue: DEFAULT_QUEUE,
    });
    expect(limits.auditFile).toBe('/tmp/audit.jsonl');
    expect(limits.metricsPublic).toBe(true);
  });

  it('leaves everything off by default, and an empty value is unset', () => {
    const limits = parseTeamLimits({ [`LOOKUP_${first}_BUDGET`]: '  ', [`LOOKUP_${first}_CACHE_TTL`]: 'off' }, allLookups);
    expect(limits.lookups[first]).toEqual({ queue: DEFAULT_QUEUE });
    expect(parseTeamLimits({}, allLookups)).toEqual({ lookups: {}, audit: false, metricsPublic: false, warnings: [] });
  });

  it('turns the audit log on for a team server: an access mode, any limit, or an audit file', () => {
    expect(parseTeamLimits({ LOOKUP_TRUSTED_USER_HEADER: 'X-Forwarded-User' }, allLookups).audit).toBe(true);
    expect(parseTeamLimits({ LOOKUP_ACCESS_TOKENS_FILE: '/etc/tokens' }, allLookups).audit).toBe(true);
    expect(parseTeamLimits({ [`LOOKUP_${first}_CACHE_TTL`]: '1h' }, allLookups).audit).toBe(true);
    expect(parseTeamLimits({ LOOKUP_AUDIT_FILE: '/tmp/a.jsonl' }, allLookups).audit).toBe(true);
  });

  it.each([
    [`LOOKUP_${first}_BUDGET`, '500', /500\/day or 10000\/month/],
    [`LOOKUP_${first}_BUDGET`, '500/week', /per day or month/],
    [`LOOKUP_${first}_BUDGET`, '0/day', /per day or month/],
    [`LOOKUP_${first}_USER_BUDGET`, 'lots', /per day or month/],
    [`LOOKUP_${first}_RATE`, '5/fortnight', /5\/s, 100\/min/],
    [`LOOKUP_${first}_CONCURRENCY`, '0', /whole number from 1/],
    [`LOOKUP_${first}_CONCURRENCY`, 'four', /whole number/],
    [`LOOKUP_${first}_CACHE_TTL`, '10 minutes', /10m, 1h or 1d/],
    ['LOOKUP_METRICS_PUBLIC', 'maybe', /must be 1/],
  ])('refuses %s=%s with a message naming the variable', (variable, value, message) => {
    const error = problem({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(new RegExp(`^${variable} `));
    expect(error.message).toMatch(message);
  });

  it('refuses a queue without a rate or concurrency to queue for', () => {
    expect(problem({ [`LOOKUP_${first}_QUEUE`]: '5' }).variable).toBe(`LOOKUP_${first}_QUEUE`);
  });

  it('warns about limits on a lookup that runs on demo data', () => {
    const limits = parseTeamLimits({ [`LOOKUP_${first}_BUDGET`]: '5/day' }, allLookups, parseServerConfig({}, allLookups));
    expect(limits.warnings).toEqual([expect.stringContaining(`lookup ${first} runs on demo data`)]);
  });
});

describe('checkLimitsStartup', () => {
  const limits = parseTeamLimits({ [`LOOKUP_${first}_BUDGET`]: '5/day', [`LOOKUP_${second}_CONCURRENCY`]: '2' }, allLookups);

  it('refuses budgets counted by several processes each on its own in-process store', () => {
    expect(() => checkLimitsStartup(limits, 4, 'memory')).toThrow(/LOOKUP_WORKERS .*LOOKUP_REDIS_URL/);
  });

  it('accepts one process, or Redis, or limits that are per process anyway', () => {
    expect(() => checkLimitsStartup(limits, 1, 'memory')).not.toThrow();
    expect(() => checkLimitsStartup(limits, 4, 'redis')).not.toThrow();
    expect(() => checkLimitsStartup(parseTeamLimits({ [`LOOKUP_${second}_CONCURRENCY`]: '2' }, allLookups), 4, 'memory')).not.toThrow();
  });
});
