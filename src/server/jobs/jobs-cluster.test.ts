// @vitest-environment node
// Issue 27's "Done when": a real redis-server and two production server processes working one job
// of 500 rows of H against a recording stand-in of H's provider. The first process is killed
// (SIGKILL) mid-run; the job completes through the second with every row once, and the provider
// saw at most 500 + the killed process's concurrency requests. The events stream reports progress,
// the audit log names who started and downloaded the job, and someone without a token gets 401.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../team/redis-for-tests.ts';
import { startRecordingUpstream, startServerProcess, teamFolder, type RecordingUpstream, type ServerProcess } from './jobs-testing.ts';

const ROWS = 500;
const CONCURRENCY = 4;
const ALICE = 'alice-token-0123456789abcdef';
const BOB = 'bob-token-0123456789abcdef01';

describe('server-side jobs on two instances', () => {
  let redis: TestRedis;
  let upstream: RecordingUpstream;
  let first: ServerProcess;
  let second: ServerProcess;
  const folder = teamFolder({ alice: ALICE, bob: BOB });
  const auditFile = join(folder.dist, 'audit.jsonl');

  beforeAll(async () => {
    redis = await startRedis();
    upstream = await startRecordingUpstream({ delayMs: 15 });
    const env = {
      DIST_DIR: folder.dist,
      LOOKUP_REDIS_URL: redis.url,
      LOOKUP_ACCESS_TOKENS_FILE: folder.tokensFile,
      LOOKUP_AUDIT_FILE: auditFile,
      LOOKUP_MASK_SECRET: 'a-shared-masking-secret-for-both-instances',
      LOOKUP_H_BASE_URL: upstream.url,
      LOOKUP_H_KEY: 'test-key-h',
      LOOKUP_JOBS_CONCURRENCY: String(CONCURRENCY),
      LOOKUP_JOBS_CHUNK_ROWS: '10',
      LOOKUP_JOBS_LOCK_MS: '2000',
      LOOKUP_JOBS_STALLED_CHECK_MS: '1000',
    };
    [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([first?.stop('SIGKILL'), second?.stop('SIGKILL')]);
    await upstream?.close();
    await redis?.stop();
    rmSync(folder.dist, { recursive: true, force: true });
  });

  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  it('refuses /jobs without a token on the access list', async () => {
    expect((await fetch(`${first.url}/jobs`)).status).toBe(401);
    expect((await fetch(`${first.url}/jobs`, { headers: as('not-a-token-on-the-list-at-all') })).status).toBe(401);
    const post = await fetch(`${first.url}/jobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(401);
    // A row request naming a user without this process's secret is no one.
    expect((await fetch(`${first.url}/jobs`, { headers: { 'x-lookup-job-user': 'alice', 'x-lookup-job-secret': 'guess' } })).status).toBe(
      401,
    );
  });

  it('refuses a job with an invalid row, saying which, and queues nothing', async () => {
    const answer = await fetch(`${first.url}/jobs`, {
      method: 'POST',
      headers: { ...as(ALICE), 'content-type': 'application/json' },
      body: JSON.stringify({ lookup: 'H', operation: 'records', rows: [{ zipcode: '62701' }, { zipcode: 'abc' }] }),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(/^Row 2 is not valid \(zipcode .*5-digit/);
  });

  it('completes a 500-row job through the second instance after the first is killed, each row once', async () => {
    const rows = Array.from({ length: ROWS }, (_, index) => ({ zipcode: String(10_000 + index) }));
    const submitted = await fetch(`${first.url}/jobs`, {
      method: 'POST',
      headers: { ...as(ALICE), 'content-type': 'application/json' },
      body: JSON.stringify({ lookup: 'H', operation: 'records', rows, concurrency: CONCURRENCY }),
    });
    expect(submitted.status).toBe(202);
    const job = (await submitted.json()) as { id: string; url: string; state: string };
    expect(submitted.headers.get('location')).toBe(`/jobs/${job.id}`);
    expect(job.url).toBe(`/jobs/${job.id}`);

    // The events stream, from the instance that stays.
    const progress: { done: number; state: string }[] = [];
    const streamed = (async () => {
      const events = await fetch(`${second.url}${job.url}/events`, { headers: as(ALICE) });
      expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const decoder = new TextDecoder();
      let text = '';
      for await (const chunk of events.body!) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) !== -1) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const data = /^event: progress\ndata: (.*)$/m.exec(block)?.[1];
          if (data) progress.push(JSON.parse(data) as { done: number; state: string });
        }
      }
    })();

    // Kill the first instance once the provider has seen a fifth of the rows.
    await expect.poll(() => upstream.total(), { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(ROWS / 5);
    await first.stop('SIGKILL');
    const atKill = upstream.total();
    expect(atKill).toBeLessThan(ROWS);

    let last: { state: string; done: number; failed: number; rows: number; rate: number | null } | undefined;
    await expect
      .poll(
        async () => {
          last = (await (await fetch(`${second.url}${job.url}`, { headers: as(ALICE) })).json()) as typeof last;
          return last!.state;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe('completed');
    expect(last).toMatchObject({ done: ROWS, failed: 0, rows: ROWS });
    expect(last!.rate).toBeGreaterThan(0);
    await streamed;

    // Each row once in the result; at most the killed instance's rows in flight were sent again.
    const result = (await (await fetch(`${second.url}${job.url}/result.json`, { headers: as(ALICE) })).json()) as Record<string, unknown>[];
    expect(result).toHaveLength(ROWS);
    expect(new Set(result.map((row) => row.zipcode)).size).toBe(ROWS);
    expect(result.every((row) => row.row_status === 'ok')).toBe(true);
    // Masked as a page's answer is: H's names are personal.
    expect(String(result[0]!.sex_offender_name)).toMatch(/^Person [0-9a-z]{12}$/);
    expect(upstream.seen.size).toBe(ROWS);
    expect(upstream.total()).toBeLessThanOrEqual(ROWS + CONCURRENCY);

    // Progress went up over the stream, and it ended at completed.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toMatchObject({ state: 'completed', done: ROWS });
    expect(progress.some((event) => event.done > 0 && event.done < ROWS)).toBe(true);
    for (let index = 1; index < progress.length; index++) expect(progress[index]!.done).toBeGreaterThanOrEqual(progress[index - 1]!.done);

    const csv = await (await fetch(`${second.url}${job.url}/result.csv`, { headers: as(ALICE) })).text();
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(ROWS + 1);
    const geo = (await (await fetch(`${second.url}${job.url}/result.geojson`, { headers: as(ALICE) })).json()) as { features: unknown[] };
    expect(geo.features).toHaveLength(ROWS);

    // /metrics: rows settled per lookup and outcome, the queue's depth, rows per second.
    const metrics = await (await fetch(`${second.url}/metrics`, { headers: as(ALICE) })).text();
    expect(metrics).toMatch(/^lookup_job_rows_total\{lookup="H",state="ok"\} \d+/m);
    expect(metrics).toMatch(/^lookup_job_queue_depth\{state="waiting"\} 0$/m);
    expect(metrics).toMatch(/^lookup_job_rows_per_second \d/m);

    // Another user neither sees nor reaches it.
    expect((await fetch(`${second.url}${job.url}`, { headers: as(BOB) })).status).toBe(404);
    const bobs = (await (await fetch(`${second.url}/jobs`, { headers: as(BOB) })).json()) as { jobs: unknown[] };
    expect(bobs.jobs).toHaveLength(0);
    const alices = (await (await fetch(`${second.url}/jobs`, { headers: as(ALICE) })).json()) as { jobs: { id: string }[] };
    expect(alices.jobs.map((entry) => entry.id)).toContain(job.id);

    // The audit log: alice started it and downloaded it; each row went through the proxy as alice.
    await expect.poll(() => readFileSync(auditFile, 'utf8'), { timeout: 10_000 }).toContain('"action":"job-download"');
    const lines = readFileSync(auditFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line.action === 'job-start')).toMatchObject({ user: 'alice', job: job.id, lookup: 'H' });
    expect(lines.filter((line) => line.source === 'live' && line.lookup === 'H').every((line) => line.user === 'alice')).toBe(true);
    expect(lines.filter((line) => line.source === 'live' && line.lookup === 'H').length).toBeGreaterThanOrEqual(ROWS - CONCURRENCY * 2);
  }, 180_000);
});
