// @vitest-environment node
// Issue 37 item 6: with two instances sharing Redis, a changed watch delivers its webhook. One
// instance is two server processes on one port (LOOKUP_WORKERS=2), the other a lone process. A
// job's row comes back in on the shared port to whichever worker takes the connection: before the
// workers shared the secret naming the row's owner (jobs/job-identity.ts), a sibling answered 401,
// the row failed, the runs found no records and so no change, and nothing was delivered.
import { rmSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../team/redis-for-tests.ts';
import {
  startRecordingUpstream,
  startServerProcess,
  startWebhookReceiver,
  teamFolder,
  type RecordingUpstream,
  type ServerProcess,
  type WebhookReceiver,
} from './jobs-testing.ts';

const TOKEN = 'dave-token-0123456789abcdef01';
const SECRET = 'a-webhook-secret-shared-by-both-instances';
const ROWS = Array.from({ length: 6 }, (_, index) => ({ zipcode: String(62_701 + index) }));

type Change = { job: string; baseline: boolean; records: number; counts: { added: number; removed: number; changed: number } };

describe('a watch on two instances sharing Redis', () => {
  let redis: TestRedis;
  let upstream: RecordingUpstream;
  let cluster: ServerProcess;
  let lone: ServerProcess;
  let receiver: WebhookReceiver;
  let version = 0;
  const folder = teamFolder({ dave: TOKEN });
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

  beforeAll(async () => {
    redis = await startRedis();
    upstream = await startRecordingUpstream({ version: () => version });
    receiver = await startWebhookReceiver();
    const env = {
      DIST_DIR: folder.dist,
      LOOKUP_REDIS_URL: redis.url,
      LOOKUP_ACCESS_TOKENS_FILE: folder.tokensFile,
      LOOKUP_MASK_SECRET: 'a-shared-masking-secret-for-both-instances',
      LOOKUP_H_BASE_URL: upstream.url,
      LOOKUP_H_KEY: 'test-key-h',
      // One row per chunk: a run's rows are sent at once, on several connections to the shared port.
      LOOKUP_JOBS_CHUNK_ROWS: '1',
      LOOKUP_WATCH_EVERY_MS: '1500',
      LOOKUP_WEBHOOK_URL: receiver.url,
      LOOKUP_WEBHOOK_SECRET: SECRET,
    };
    [cluster, lone] = await Promise.all([startServerProcess({ ...env, LOOKUP_WORKERS: '2' }), startServerProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([cluster?.stop('SIGTERM'), lone?.stop('SIGKILL')]);
    await upstream?.close();
    receiver?.close();
    await redis?.stop();
    rmSync(folder.dist, { recursive: true, force: true });
  });

  it('answers every row of every run and delivers the change, signed', async () => {
    const created = await fetch(`${cluster.url}/watches`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Six zips', lookup: 'H', operation: 'records', rows: ROWS, schedule: 'hourly' }),
    });
    expect(created.status).toBe(201);
    const watch = (await created.json()) as { id: string; url: string };
    const changes = async () => ((await (await fetch(`${lone.url}${watch.url}`, { headers })).json()) as { changes: Change[] }).changes;

    // The baseline and a run after it: every row answered (one record each), nothing changed.
    await expect.poll(async () => (await changes()).length, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(2);
    const [again, baseline] = (await changes()).slice(-2);
    expect(baseline).toMatchObject({ baseline: true, records: ROWS.length });
    expect(again).toMatchObject({ baseline: false, records: ROWS.length, counts: { added: 0, removed: 0, changed: 0 } });
    expect(receiver.received).toHaveLength(0);

    version = 1;
    await expect.poll(() => receiver.received.length, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(1);
    const [hook] = receiver.received;
    const summary = new Webhook(SECRET, { format: 'raw' }).verify(hook!.body, hook!.headers) as {
      event: string;
      watch: { id: string };
      counts: { changed: number };
    };
    expect(summary).toMatchObject({ event: 'watch.changed', watch: { id: watch.id } });
    expect(summary.counts.changed).toBeGreaterThan(0);

    expect((await fetch(`${lone.url}${watch.url}/stop`, { method: 'POST', headers })).status).toBe(200);
  }, 150_000);
});
