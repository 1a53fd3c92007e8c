// The team server's cost (issue 14): proxy throughput and latency at 16 connections with budgets,
// the audit log and metrics on, with the in-process store and with Redis, against direct calls to
// the same fast local upstream; and how fast a cache hit answers. Each configuration runs
// `npm start`'s server (src/server/start.ts) on its own, after a warm-up, loaded by autocannon on
// loopback; Redis is Debian's redis-server on a free port (as the tests start it). Everything it
// starts is stopped at the end. Run once: `npx tsx bench/team-server.ts` (BENCH_SECONDS=8).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { startRedis } from '../src/server/team/redis-for-tests.ts';
import { freePort, waitForHttp } from './local-server.ts';

const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARM_UP_SECONDS = 5;
const KEY = 'bench-key-0123456789';
const TARGET = '/movie/550?language=en-US';

// The same fast upstream as bench/proxy-vs-nginx.ts: plain node:http, a 1.6 kB JSON answer.
const UPSTREAM_SOURCE = `
const body = JSON.stringify({ id: 550, title: 'Fight Club', overview: 'x'.repeat(1500), genres: [{ id: 18, name: 'Drama' }] });
const server = require('node:http').createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.argv[1]), '127.0.0.1');
`;

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

async function load(url: string, seconds: number, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1, headers });
  const failed = result.errors + result.non2xx + result.timeouts;
  if (failed > Math.max(2, result.requests.total / 1000))
    throw new Error(`${url}: ${failed} failed of ${result.requests.total} (${result.non2xx} non-2xx)`);
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

function loadAverage(): string {
  return existsSync('/proc/loadavg') ? readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') : 'n/a';
}

async function startServer(dir: string, env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DIST_DIR: dir, LOOKUP_AUDIT_FILE: '/dev/null', ...env },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/healthz`, 120_000);
  return { base, child };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const dir = mkdtempSync(join(tmpdir(), 'team-bench-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>bench</title>');
  const upstreamPort = await freePort();
  const upstream = spawn(process.execPath, ['-e', UPSTREAM_SOURCE, String(upstreamPort)], { stdio: 'ignore' });
  const redis = await startRedis();
  const rows: Array<[string, Figures]> = [];
  const live = { LOOKUP_A_BASE_URL: `http://127.0.0.1:${upstreamPort}`, LOOKUP_A_KEY: KEY };
  // A budget (never reached) and the audit log on: every call reserves a unit in the store.
  const limits = { ...live, LOOKUP_A_BUDGET: '1000000000/day', LOOKUP_A_USER_BUDGET: '1000000000/day' };
  try {
    const direct = `http://127.0.0.1:${upstreamPort}${TARGET}&api_key=${KEY}`;
    await waitForHttp(direct);
    await load(direct, WARM_UP_SECONDS);
    rows.push(['direct to upstream', await load(direct, SECONDS)]);

    const configurations: Array<[string, Record<string, string>, Record<string, string>]> = [
      ['proxy, no limits', live, {}],
      ['budgets, in-process store', limits, {}],
      ['budgets, Redis', { ...limits, LOOKUP_REDIS_URL: redis.url }, {}],
      // Every request asks fresh (Cache-Control: no-cache): a cache lookup is skipped, a live call made and its answer kept.
      [
        'budgets + cache, Redis, fresh',
        { ...limits, LOOKUP_REDIS_URL: redis.url, LOOKUP_A_CACHE_TTL: '1h' },
        { 'cache-control': 'no-cache' },
      ],
      ['cache hit, Redis', { ...limits, LOOKUP_REDIS_URL: redis.url, LOOKUP_A_CACHE_TTL: '1h' }, {}],
      ['cache hit, in-process store', { ...limits, LOOKUP_A_CACHE_TTL: '1h' }, {}],
    ];
    for (const [name, env, headers] of configurations) {
      const { base, child } = await startServer(dir, { LOOKUP_WORKERS: '1', ...env });
      try {
        const url = `${base}/proxy/a${TARGET}`;
        await load(url, WARM_UP_SECONDS, headers);
        rows.push([name, await load(url, SECONDS, headers)]);
      } finally {
        await stopServer(child);
      }
    }
  } finally {
    upstream.kill('SIGTERM');
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }

  const directFigures = rows[0]![1];
  console.log(
    `team server: ${CONNECTIONS} connections, ${SECONDS} s per row after ${WARM_UP_SECONDS} s warm-up; one server process; 1.6 kB JSON upstream; audit log on`,
  );
  for (const [name, figures] of rows) {
    const share =
      name === 'direct to upstream'
        ? ''
        : `   ${Math.round((100 * figures.requestsPerSecond) / directFigures.requestsPerSecond)}% of direct, p50 +${(figures.p50 - directFigures.p50).toFixed(1)} ms`;
    console.log(
      `  ${name.padEnd(32)} ${Math.round(figures.requestsPerSecond).toLocaleString('en').padStart(7)} req/s   p50 ${figures.p50.toFixed(1)} ms   p99 ${figures.p99.toFixed(1)} ms${share}`,
    );
  }
  console.log(`  targets: budgets on Redis ≥ 70% of direct throughput and ≤ 2 ms added at p50; a cache hit ≤ 2 ms p50`);
  console.log(`  load average at the start: ${loadAtStart}; at the end: ${loadAverage()} (${availableParallelism()} cores)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
