// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { parseJobsSettings } from './jobs-settings.ts';

describe('jobs settings', () => {
  it('are off without Redis or with LOOKUP_JOBS=off, and on with defaults otherwise', () => {
    expect(parseJobsSettings({})).toBeUndefined();
    expect(parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://127.0.0.1:6379', LOOKUP_JOBS: 'off' })).toBeUndefined();
    const settings = parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://127.0.0.1:6379' })!;
    expect(settings).toMatchObject({ concurrency: 16, chunkSize: 100, lockMs: 30_000, eventsPerUser: 20, eventsPerJob: 100 });
    expect(settings.watchPeriods.daily).toBe(86_400_000);
    expect(settings.webhook).toBeUndefined();
  });

  it('take the watch period, the webhook and its secret, and refuse a malformed value by name', () => {
    const settings = parseJobsSettings({
      LOOKUP_REDIS_URL: 'redis://x',
      LOOKUP_WATCH_EVERY_MS: '1000',
      LOOKUP_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
      LOOKUP_WEBHOOK_SECRET: 's3cret',
    })!;
    expect(settings.watchPeriods).toEqual({ hourly: 1000, daily: 1000, weekly: 1000 });
    expect(settings.webhook).toEqual({ url: 'http://127.0.0.1:9/hook', secret: 's3cret' });
    expect(() => parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://x', LOOKUP_JOBS_CONCURRENCY: '0' })).toThrow(ConfigError);
    expect(() => parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://x', LOOKUP_JOBS_LOCK_MS: 'soon' })).toThrow(
      /LOOKUP_JOBS_LOCK_MS must be a whole number/,
    );
    expect(() => parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://x', LOOKUP_WEBHOOK_URL: 'ftp://x' })).toThrow(/LOOKUP_WEBHOOK_URL/);
    expect(() => parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://x', LOOKUP_JOBS: 'maybe' })).toThrow(/LOOKUP_JOBS must be on or off/);
  });

  it('cap the events streams per user and per job with LOOKUP_JOBS_EVENTS_PER_USER and LOOKUP_JOBS_EVENTS_PER_JOB', () => {
    expect(
      parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://x', LOOKUP_JOBS_EVENTS_PER_USER: '2', LOOKUP_JOBS_EVENTS_PER_JOB: '3' }),
    ).toMatchObject({ eventsPerUser: 2, eventsPerJob: 3 });
    expect(() => parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://x', LOOKUP_JOBS_EVENTS_PER_USER: '0' })).toThrow(
      /LOOKUP_JOBS_EVENTS_PER_USER must be a whole number/,
    );
    expect(() => parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://x', LOOKUP_JOBS_EVENTS_PER_JOB: 'many' })).toThrow(
      /LOOKUP_JOBS_EVENTS_PER_JOB/,
    );
  });

  it('keep finished jobs 7 days unless LOOKUP_JOBS_RETENTION says how long', () => {
    expect(parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://x' })!.retentionMs).toBe(7 * 86_400_000);
    expect(parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://x', LOOKUP_JOBS_RETENTION: '12h' })!.retentionMs).toBe(12 * 3_600_000);
    expect(parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://x', LOOKUP_JOBS_RETENTION: '45s' })!.retentionMs).toBe(45_000);
    expect(() => parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://x', LOOKUP_JOBS_RETENTION: '7' })).toThrow(
      /LOOKUP_JOBS_RETENTION must be a duration/,
    );
    expect(() => parseJobsSettings({ LOOKUP_REDIS_URL: 'redis://x', LOOKUP_JOBS_RETENTION: '0s' })).toThrow(/LOOKUP_JOBS_RETENTION/);
  });
});
