// Throughput and latency of our proxy beside nginx, against the same fast local upstream, in one
// run: the upstream called directly, through nginx's `proxy_pass` with a keep-alive pool, and
// through our production server's proxy (route check, parameter validation, key attaching,
// scrubbing, the security headers). Each is loaded by autocannon at 16 connections for a bounded
// time, on loopback only; every process it starts is stopped at the end.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const KEY = 'bench-key-0123456789';
const TARGET = '/movie/550?language=en-US';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

// The fast upstream: plain node:http, a 1.6 kB JSON answer, run in its own process.
const UPSTREAM_SOURCE = `
const body = JSON.stringify({ id: 550, title: 'Fight Club', overview: 'x'.repeat(1500), genres: [{ id: 18, name: 'Drama' }] });
require('node:http').createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.argv[1]), '127.0.0.1', () => console.log('ready'));
`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHttp(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function nginxConfig(dir: string, port: number, upstreamPort: number): string {
  // As a production nginx in front of an API: worker_processes auto, a keep-alive pool to the
  // upstream, the key added to the query; no access log (ours logs to a discarded stdout).
  return `
worker_processes auto;
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
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, seconds: number): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function measure(name: string, url: string): Promise<Figures> {
  await load(url, WARM_UP_SECONDS);
  const figures = await load(url, SECONDS);
  if (figures.errors > 0) throw new Error(`${name}: ${figures.errors} failed requests`);
  return figures;
}

function stop(child: ChildProcess | undefined): void {
  if (child && child.exitCode === null) child.kill('SIGTERM');
}

export async function main(): Promise<void> {
  const ensured = spawnSync('bash', ['scripts/ensure-nginx.sh'], { stdio: 'inherit' });
  if (ensured.status !== 0) throw new Error('nginx is not available');
  const dir = mkdtempSync(join(tmpdir(), 'proxy-bench-'));
  const [upstreamPort, nginxPort, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const children: ChildProcess[] = [];
  try {
    children.push(spawn(process.execPath, ['-e', UPSTREAM_SOURCE, String(upstreamPort)], { stdio: 'ignore' }));
    writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, nginxPort, upstreamPort));
    children.push(spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' }));
    // The production server needs a build to serve; the proxy does not read it, so an empty page does.
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>bench</title>');
    children.push(
      spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
        stdio: 'ignore',
        env: { ...process.env, PORT: String(proxyPort), DIST_DIR: dir, LOOKUP_A_BASE_URL: `http://127.0.0.1:${upstreamPort}`, LOOKUP_A_KEY: KEY },
      }),
    );
    const direct = `http://127.0.0.1:${upstreamPort}${TARGET}&api_key=${KEY}`;
    const viaNginx = `http://127.0.0.1:${nginxPort}/a/`;
    const viaProxy = `http://127.0.0.1:${proxyPort}/proxy/a${TARGET}`;
    await Promise.all([waitForHttp(direct), waitForHttp(viaNginx), waitForHttp(viaProxy)]);

    const results = {
      direct: await measure('direct', direct),
      nginx: await measure('nginx', viaNginx),
      proxy: await measure('proxy', viaProxy),
    };
    const row = (name: string, figures: Figures) =>
      `  ${name.padEnd(22)} ${Math.round(figures.requestsPerSecond).toLocaleString('en').padStart(7)} req/s   p50 ${figures.p50.toFixed(1)} ms   p99 ${figures.p99.toFixed(1)} ms`;
    console.log(`proxy vs nginx: ${CONNECTIONS} connections, ${SECONDS} s each after ${WARM_UP_SECONDS} s warm-up, 1.6 kB JSON upstream`);
    console.log(row('direct to upstream', results.direct));
    console.log(row('nginx proxy_pass', results.nginx));
    console.log(row('our proxy', results.proxy));
    const share = (a: Figures, b: Figures) => `${Math.round((100 * a.requestsPerSecond) / b.requestsPerSecond)}%`;
    console.log(`  our proxy: ${share(results.proxy, results.direct)} of direct, ${share(results.proxy, results.nginx)} of nginx (target ≥ 50%)`);
    console.log(`  nginx: ${share(results.nginx, results.direct)} of direct`);
    console.log(`  p50 added over nginx: ${(results.proxy.p50 - results.nginx.p50).toFixed(1)} ms (target ≤ 1 ms)`);
  } finally {
    for (const child of children) stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
