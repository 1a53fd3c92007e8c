// Throughput and latency of our proxy beside nginx, against the same fast local upstream, in one
// run: the upstream called directly, through nginx's `proxy_pass` with a keep-alive pool, and
// through our production server's proxy (route check, parameter validation, key attaching,
// scrubbing, the security headers), run as a deployment runs it: one process per core
// (LOOKUP_WORKERS=auto, as nginx's `worker_processes auto`; BENCH_PROXY_WORKERS=1 measures a single
// process instead, against nginx with one worker: BENCH_NGINX_WORKERS sets nginx's count apart).
// Each is loaded by autocannon at 16 connections for a bounded time, on loopback only; every
// process it starts is stopped at the end. nginx and the proxy are measured in alternating rounds
// (the machine may be shared), each with the CPU time it used per request, which other jobs on the
// machine hardly change.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { freePort, waitForHttp } from './local-server.ts';

const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// Long enough for each of our server's processes to compile its hot path (2 s was not, on a busy machine).
const WARM_UP_SECONDS = 6;
const KEY = 'bench-key-0123456789';
const TARGET = '/movie/550?language=en-US';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** LOOKUP_WORKERS for our server: `auto` is one process per core, as nginx runs here. */
const PROXY_WORKERS = process.env.BENCH_PROXY_WORKERS ?? 'auto';
/** nginx's worker_processes: as many as our server's processes unless told, so each side has the same cores. */
const NGINX_WORKERS = process.env.BENCH_NGINX_WORKERS ?? PROXY_WORKERS;

// The fast upstream: plain node:http, a 1.6 kB JSON answer, run in its own process.
const UPSTREAM_SOURCE = `
const body = JSON.stringify({ id: 550, title: 'Fight Club', overview: 'x'.repeat(1500), genres: [{ id: 18, name: 'Drama' }] });
const server = require('node:http').createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
// Longer than either proxy keeps an idle pooled connection, as a production upstream would be, so
// neither races the upstream closing a connection it is about to reuse (nginx then answers 502).
server.keepAliveTimeout = 65_000;
server.listen(Number(process.argv[1]), '127.0.0.1', () => console.log('ready'));
`;

function nginxConfig(dir: string, port: number, upstreamPort: number): string {
  // As a production nginx in front of an API: as many workers as our server has processes, a
  // keep-alive pool to the upstream, the key added to the query; no access log (ours logs to a
  // discarded stdout).
  return `
worker_processes ${NGINX_WORKERS};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream provider { server 127.0.0.1:${upstreamPort}; keepalive 32; }
  server {
    listen 127.0.0.1:${port};
    location /a/ {
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_pass http://provider/movie/550?language=en-US&api_key=${KEY};
    }
  }
}`;
}

interface Figures {
  requestsPerSecond: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  detail: string;
}

async function load(url: string, seconds: number): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    detail: `${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts of ${result.requests.total}`,
  };
}

async function measure(name: string, url: string, seconds: number): Promise<Figures> {
  const figures = await load(url, seconds);
  // A socket error or two as autocannon stops mid-request is noise; more is a broken proxy.
  if (figures.errors > Math.max(2, figures.requests / 1000))
    throw new Error(`${name}: ${figures.errors} failed requests (${figures.detail})`);
  if (figures.errors > 0) console.log(`  (${name}: ${figures.detail})`);
  return figures;
}

/**
 * CPU time (user + system, ms) used so far by a process and its children (nginx's workers), from
 * /proc: unlike throughput on a shared machine, it hardly depends on what else is running.
 * Undefined where there is no /proc.
 */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
  const ticksPerMs = 100 / 1000;
  const fields = (text: string) => text.slice(text.lastIndexOf(')') + 2).split(' ');
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string[];
    try {
      stat = fields(readFileSync(`/proc/${entry}/stat`, 'utf8'));
    } catch {
      continue;
    }
    // stat[1] is the parent pid, stat[11] and stat[12] user and system time in clock ticks.
    if (Number(entry) === pid || Number(stat[1]) === pid) total += (Number(stat[11]) + Number(stat[12])) / ticksPerMs;
  }
  return total;
}

interface Round {
  nginx: Figures;
  proxy: Figures;
  /** CPU microseconds per request, when /proc tells. */
  nginxCpuUs?: number;
  proxyCpuUs?: number;
}

async function measureWithCpu(
  name: string,
  url: string,
  seconds: number,
  pid: number | undefined,
): Promise<{ figures: Figures; cpuUs?: number }> {
  const before = cpuMs(pid);
  const figures = await measure(name, url, seconds);
  const after = cpuMs(pid);
  return {
    figures,
    ...(before !== undefined && after !== undefined && figures.requests > 0 && { cpuUs: ((after - before) * 1000) / figures.requests }),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function stop(child: ChildProcess | undefined): void {
  if (child && child.exitCode === null) child.kill('SIGTERM');
}

function loadAverage(): string | undefined {
  return existsSync('/proc/loadavg') ? readFileSync('/proc/loadavg', 'utf8').split(' ')[0] : undefined;
}

export async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const ensured = spawnSync('bash', ['scripts/ensure-nginx.sh'], { stdio: 'inherit' });
  if (ensured.status !== 0) throw new Error('nginx is not available');
  const dir = mkdtempSync(join(tmpdir(), 'proxy-bench-'));
  const [upstreamPort, nginxPort, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const children: ChildProcess[] = [];
  try {
    children.push(spawn(process.execPath, ['-e', UPSTREAM_SOURCE, String(upstreamPort)], { stdio: 'ignore' }));
    writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, nginxPort, upstreamPort));
    const nginxChild = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
    children.push(nginxChild);
    // The production server needs a build to serve; the proxy does not read it, so an empty page does.
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>bench</title>');
    const proxyChild = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(proxyPort),
        DIST_DIR: dir,
        LOOKUP_WORKERS: PROXY_WORKERS,
        LOOKUP_A_BASE_URL: `http://127.0.0.1:${upstreamPort}`,
        LOOKUP_A_KEY: KEY,
      },
    });
    children.push(proxyChild);
    const direct = `http://127.0.0.1:${upstreamPort}${TARGET}&api_key=${KEY}`;
    const viaNginx = `http://127.0.0.1:${nginxPort}/a/`;
    const viaProxy = `http://127.0.0.1:${proxyPort}/proxy/a${TARGET}`;
    // Each of our server's processes compiles its TypeScript at start-up: slow on a busy machine.
    await Promise.all([waitForHttp(direct), waitForHttp(viaNginx), waitForHttp(viaProxy, 120_000)]);

    for (const url of [direct, viaNginx, viaProxy]) await load(url, WARM_UP_SECONDS);
    // nginx and our proxy alternate in short rounds, so a burst of load from other jobs on the
    // machine hits both alike; each round's ratio is the figure, the median the summary.
    const roundSeconds = Math.max(1, Math.round(SECONDS / ROUNDS));
    const directFigures = await measure('direct', direct, roundSeconds);
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const nginx = await measureWithCpu('nginx', viaNginx, roundSeconds, nginxChild.pid);
      const proxy = await measureWithCpu('proxy', viaProxy, roundSeconds, proxyChild.pid);
      rounds.push({
        nginx: nginx.figures,
        proxy: proxy.figures,
        ...(nginx.cpuUs !== undefined && { nginxCpuUs: nginx.cpuUs }),
        ...(proxy.cpuUs !== undefined && { proxyCpuUs: proxy.cpuUs }),
      });
    }
    const row = (name: string, figures: Figures, cpuUs?: number) =>
      `  ${name.padEnd(22)} ${Math.round(figures.requestsPerSecond).toLocaleString('en').padStart(7)} req/s   p50 ${figures.p50.toFixed(1)} ms   p99 ${figures.p99.toFixed(1)} ms${cpuUs === undefined ? '' : `   CPU ${Math.round(cpuUs)} µs/request`}`;
    console.log(
      `proxy vs nginx: ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${roundSeconds} s after ${WARM_UP_SECONDS} s warm-up, 1.6 kB JSON upstream`,
    );
    console.log(
      `  nginx: worker_processes ${NGINX_WORKERS}; our server: LOOKUP_WORKERS=${PROXY_WORKERS} (${availableParallelism()} cores)`,
    );
    console.log(row('direct to upstream', directFigures));
    const ratios: number[] = [];
    const addedP50: number[] = [];
    rounds.forEach((round, index) => {
      console.log(`round ${index + 1}`);
      console.log(row('nginx proxy_pass', round.nginx, round.nginxCpuUs));
      console.log(row('our proxy', round.proxy, round.proxyCpuUs));
      ratios.push(round.proxy.requestsPerSecond / round.nginx.requestsPerSecond);
      addedP50.push(round.proxy.p50 - round.nginx.p50);
    });
    const percent = (value: number) => `${Math.round(100 * value)}%`;
    console.log(`  our proxy / nginx by round: ${ratios.map(percent).join(', ')}; median ${percent(median(ratios))} (target ≥ 50%)`);
    console.log(
      `  p50 added over nginx by round: ${addedP50.map((ms) => `${ms.toFixed(1)} ms`).join(', ')}; median ${median(addedP50).toFixed(1)} ms (target ≤ 1 ms)`,
    );
    const cpu = rounds.flatMap((round) =>
      round.proxyCpuUs !== undefined && round.nginxCpuUs !== undefined ? [[round.proxyCpuUs, round.nginxCpuUs] as const] : [],
    );
    if (cpu.length > 0)
      console.log(
        `  CPU per request, median of rounds: our proxy ${Math.round(median(cpu.map(([ours]) => ours)))} µs, nginx ${Math.round(median(cpu.map(([, theirs]) => theirs)))} µs (all processes of each)`,
      );
    const load1 = loadAverage();
    if (load1) console.log(`  load average (1 min) at the start: ${loadAtStart}, at the end: ${load1} on ${availableParallelism()} cores`);
  } finally {
    for (const child of children) stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
