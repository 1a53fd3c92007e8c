// Server-side jobs (issue 27): 10,000 rows of H against a local recording upstream worked by two
// production server processes (npm start's start.ts, jobs on, concurrency 16 each) on one
// redis-server: rows per second from POST /jobs to `completed`; the same with one instance killed
// (SIGKILL) a third of the way in: the job completes, each row once in the result, and the upstream
// saw at most rows + concurrency requests; and 100,000 rows (BENCH_JOBS_BIG=0 skips it), with each
// instance's largest RSS read from /proc while it runs. Everything it starts is stopped at the end.
// Run: `npx tsx bench/jobs.ts`.
import { readFileSync, rmSync } from 'node:fs';
import { startRedis } from '../src/server/team/redis-for-tests.ts';
import {
  startRecordingUpstream,
  startServerProcess,
  teamFolder,
  type RecordingUpstream,
  type ServerProcess,
} from '../src/server/jobs/jobs-testing.ts';

const CONCURRENCY = 16;

function rssMb(pid: number | undefined): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

interface Run {
  rows: number;
  seconds: number;
  upstream: number;
  distinct: number;
  resultRows: number;
  maxRssMb: number[];
}

async function runJob(
  rowCount: number,
  instances: ServerProcess[],
  upstream: RecordingUpstream,
  offset: number,
  kill?: ServerProcess,
): Promise<Run> {
  const before = upstream.total();
  const seenBefore = upstream.seen.size;
  const rows = Array.from({ length: rowCount }, (_, index) => ({
    zipcode: String(offset + index)
      .padStart(5, '0')
      .slice(-5),
    name: `n${offset + index}`,
  }));
  const started = performance.now();
  const submitted = await fetch(`${instances[1]!.url}/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lookup: 'H', operation: 'records', rows, concurrency: CONCURRENCY }),
  });
  if (submitted.status !== 202) throw new Error(`POST /jobs answered ${submitted.status}: ${await submitted.text()}`);
  const job = (await submitted.json()) as { url: string };
  const maxRss = instances.map(() => 0);
  let killed = false;
  for (;;) {
    instances.forEach((instance, index) => (maxRss[index] = Math.max(maxRss[index]!, rssMb(instance.child.pid))));
    if (kill && !killed && upstream.total() - before >= rowCount / 3) {
      await kill.stop('SIGKILL');
      killed = true;
    }
    const state = (await (await fetch(`${instances[1]!.url}${job.url}`)).json()) as { state: string; done: number };
    if (state.state === 'completed') break;
    if (state.state !== 'running' && state.state !== 'queued') throw new Error(`The job is ${state.state}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  const result = (await (await fetch(`${instances[1]!.url}${job.url}/result.json`)).json()) as unknown[];
  return {
    rows: rowCount,
    seconds,
    upstream: upstream.total() - before,
    distinct: upstream.seen.size - seenBefore,
    resultRows: result.length,
    maxRssMb: maxRss,
  };
}

async function main(): Promise<void> {
  const redis = await startRedis();
  const upstream = await startRecordingUpstream();
  const folder = teamFolder({});
  const env = {
    DIST_DIR: folder.dist,
    LOOKUP_REDIS_URL: redis.url,
    LOOKUP_MASK_SECRET: 'bench-shared-masking-secret-0123456789',
    LOOKUP_H_BASE_URL: upstream.url,
    LOOKUP_H_KEY: 'bench-key-h',
    LOOKUP_JOBS_CONCURRENCY: String(CONCURRENCY),
    LOOKUP_JOBS_LOCK_MS: '3000',
    LOOKUP_JOBS_STALLED_CHECK_MS: '1000',
  };
  const start = () => Promise.all([startServerProcess(env), startServerProcess(env)]);
  let instances = await start();
  try {
    const plain = await runJob(10_000, instances, upstream, 100_000);
    console.log(
      `10,000 rows of H, two instances, concurrency ${CONCURRENCY}: ${plain.seconds.toFixed(1)} s, ${Math.round(plain.rows / plain.seconds)} rows/s; ${plain.resultRows} result rows; ${plain.upstream} upstream requests (goal ≥ 200 rows/s)`,
    );

    const killed = await runJob(10_000, instances, upstream, 200_000, instances[0]);
    const once = killed.resultRows === killed.rows && killed.distinct === killed.rows;
    console.log(
      `10,000 rows, one instance SIGKILLed a third in: completed in ${killed.seconds.toFixed(1)} s; ${killed.resultRows} result rows (${once ? 'each row once' : 'NOT each row once'}); ${killed.upstream} upstream requests (goal ≤ ${killed.rows + CONCURRENCY})`,
    );
    await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));

    if (process.env.BENCH_JOBS_BIG !== '0') {
      instances = await start();
      const big = await runJob(100_000, instances, upstream, 300_000);
      console.log(
        `100,000 rows, two instances: completed in ${big.seconds.toFixed(0)} s (${Math.round(big.rows / big.seconds)} rows/s); ${big.resultRows} result rows; largest RSS per instance ${big.maxRssMb.map((mb) => `${Math.round(mb)} MB`).join(' and ')} (goal ≤ 500 MB)`,
      );
    }
  } finally {
    await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
    await upstream.close();
    await redis.stop();
    rmSync(folder.dist, { recursive: true, force: true });
  }
}

await main();
