// @vitest-environment node
// Issue 27's watchlists and budgets, on a real redis-server and the production server as a child
// process: a watch on a shortened schedule runs, the next run finds what the provider changed, and
// the webhook (a job of the watch queue, issue 37) reaches a receiver that refuses it twice, once,
// signed the Standard Webhooks way, and survives the instance that was trying it; a job whose
// budget runs out pauses as `paused-budget` having sent no more than the budget allowed.
import { readFileSync, rmSync } from 'node:fs';
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

const TOKEN = 'carol-token-0123456789abcdef';
const SECRET = 'webhook-secret-for-the-test';
const BUDGET = 30;

describe('watchlists and budgets of server-side jobs', () => {
  let redis: TestRedis;
  let upstream: RecordingUpstream;
  let server: ServerProcess;
  let receiver: WebhookReceiver;
  let version = 0;
  const received = () => receiver.received;
  const verifier = new Webhook(SECRET, { format: 'raw' });
  const folder = teamFolder({ carol: TOKEN });
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

  beforeAll(async () => {
    redis = await startRedis();
    upstream = await startRecordingUpstream({ version: () => version });
    receiver = await startWebhookReceiver();
    receiver.refuse(2);
    server = await startServerProcess(env());
  }, 120_000);

  const env = () => ({
    DIST_DIR: folder.dist,
    LOOKUP_REDIS_URL: redis.url,
    LOOKUP_ACCESS_TOKENS_FILE: folder.tokensFile,
    LOOKUP_AUDIT_FILE: `${folder.dist}/audit.jsonl`,
    LOOKUP_H_BASE_URL: upstream.url,
    LOOKUP_H_KEY: 'test-key-h',
    LOOKUP_H_BUDGET: `${BUDGET}/day`,
    LOOKUP_WATCH_EVERY_MS: '1500',
    LOOKUP_WEBHOOK_URL: receiver.url,
    LOOKUP_WEBHOOK_SECRET: SECRET,
    LOOKUP_MASK_SECRET: 'a-masking-secret-that-outlives-the-instance',
    LOOKUP_JOBS_LOCK_MS: '2000',
    LOOKUP_JOBS_STALLED_CHECK_MS: '1000',
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await upstream?.close();
    receiver?.close();
    await redis?.stop();
    rmSync(folder.dist, { recursive: true, force: true });
  });

  it('re-runs a watch on its schedule and delivers a signed summary of what changed once, through two refusals', async () => {
    const created = await fetch(`${server.url}/watches`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Springfield', lookup: 'H', operation: 'records', rows: [{ zipcode: '62701' }], schedule: 'daily' }),
    });
    expect(created.status).toBe(201);
    const watch = (await created.json()) as { id: string; url: string };
    type Detail = { changes: { baseline: boolean; counts: { changed: number; added: number; removed: number } }[] };
    const detail = async () => (await (await fetch(`${server.url}${watch.url}`, { headers })).json()) as Detail;
    // The first run is the baseline; nothing is posted for it.
    await expect.poll(async () => (await detail()).changes.length, { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(1);
    expect((await detail()).changes.at(-1)!.baseline).toBe(true);
    expect(received()).toHaveLength(0);

    version = 1;
    // Refused twice, tried again after a wait, taken the third time.
    await expect.poll(() => received().filter((hook) => hook.accepted).length, { timeout: 30_000, interval: 200 }).toBe(1);
    const [hook] = received().filter((hook) => hook.accepted);
    const tries = received().filter((each) => each.headers['webhook-id'] === hook!.headers['webhook-id']);
    expect(tries.map((each) => each.accepted)).toEqual([false, false, true]);
    expect(hook!.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(hook!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    for (const each of tries) expect(verifier.verify(each.body, each.headers)).toEqual(JSON.parse(hook!.body));
    expect(() => new Webhook('another-secret', { format: 'raw' }).verify(hook!.body, hook!.headers)).toThrow();
    const summary = JSON.parse(hook!.body) as {
      event: string;
      watch: { id: string; name: string };
      baseline: boolean;
      counts: { added: number; removed: number; changed: number };
    };
    expect(summary).toMatchObject({ event: 'watch.changed', watch: { id: watch.id, name: 'Springfield' }, baseline: false });
    expect(summary.counts.added + summary.counts.removed + summary.counts.changed).toBeGreaterThan(0);
    // The Watch page's source: the change is kept with the run.
    expect((await detail()).changes.some((change) => !change.baseline && change.counts.changed + change.counts.added > 0)).toBe(true);

    const stopped = await fetch(`${server.url}${watch.url}/stop`, { method: 'POST', headers });
    expect(stopped.status).toBe(200);
    // Only what changed is posted: the runs after it found nothing new.
    expect(received().filter((each) => each.accepted)).toHaveLength(1);
  }, 90_000);

  it('delivers a webhook whose instance died while trying it, through the next instance', async () => {
    receiver.refuse(Number.POSITIVE_INFINITY);
    const created = await fetch(`${server.url}/watches`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Decatur', lookup: 'H', operation: 'records', rows: [{ zipcode: '62521' }], schedule: 'daily' }),
    });
    const watch = (await created.json()) as { id: string; url: string };
    const changes = async () =>
      ((await (await fetch(`${server.url}${watch.url}`, { headers })).json()) as { changes: unknown[] }).changes.length;
    await expect.poll(changes, { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(1);
    const before = received().length;
    version = 2;
    await expect.poll(() => received().length, { timeout: 30_000, interval: 100 }).toBeGreaterThan(before);
    const id = received().at(-1)!.headers['webhook-id'];
    await server.stop('SIGKILL');

    receiver.refuse(0);
    server = await startServerProcess(env());
    await expect
      .poll(() => received().some((each) => each.accepted && each.headers['webhook-id'] === id), { timeout: 60_000, interval: 200 })
      .toBe(true);
    const hook = received().find((each) => each.accepted && each.headers['webhook-id'] === id)!;
    expect(verifier.verify(hook.body, hook.headers)).toMatchObject({ watch: { id: watch.id, name: 'Decatur' } });
    expect((await fetch(`${server.url}${watch.url}/stop`, { method: 'POST', headers })).status).toBe(200);
  }, 120_000);

  it('pauses a job whose budget runs out, having sent no more than the budget allowed', async () => {
    const rows = Array.from({ length: BUDGET + 10 }, (_, index) => ({ zipcode: String(20_000 + index) }));
    const submitted = await fetch(`${server.url}/jobs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ lookup: 'H', operation: 'records', rows }),
    });
    const job = (await submitted.json()) as { url: string };
    let last: { state: string; done: number; resumesAt: string | null } | undefined;
    await expect
      .poll(
        async () => {
          last = (await (await fetch(`${server.url}${job.url}`, { headers })).json()) as typeof last;
          return last!.state;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe('paused-budget');
    expect(last!.done).toBeLessThan(rows.length);
    expect(Date.parse(last!.resumesAt!)).toBeGreaterThan(Date.now());
    expect(upstream.total()).toBeLessThanOrEqual(BUDGET);

    // Its owner cancels it: it stays cancelled, and a second cancel says it is finished.
    const cancelled = await fetch(`${server.url}${job.url}/cancel`, { method: 'POST', headers });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { state: string }).state).toBe('cancelled');
    const again = await fetch(`${server.url}${job.url}/cancel`, { method: 'POST', headers });
    expect(again.status).toBe(409);
    await expect.poll(() => readFileSync(`${folder.dist}/audit.jsonl`, 'utf8'), { timeout: 10_000 }).toContain('"action":"job-cancel"');
  }, 60_000);
});
