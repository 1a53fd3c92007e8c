// Does the demo upstream keep the server responsive? The production server on demo data, eight
// clients asking for the heaviest demo answer over and over (M's 10,000 calls, about 4.6 MB)
// while a ninth asks /healthz every 20 ms: /healthz's p50/p99/max and the demo answers per second.
// Uncached (every request a new window, so each is generated) and cached (the same request), each
// as the browser asks (masked, by the demo's worker thread) and unmasked (X-Lookup-Mask: off).
// Target: /healthz p99 ≤ 50 ms. Bounded in time, loopback only; stops everything it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { largeCallsQuery } from '../src/demo/m-calls-for-service.ts';
import { lookups } from '../src/lookups/registry.ts';
import { buildRequest } from '../src/lookups/request.ts';
import { MASK_OFF, MASK_REQUEST_HEADER, proxyUrl } from '../src/lookups/wire.ts';
import { freePort } from './local-server.ts';

const CLIENTS = 8;
const HEALTH_EVERY_MS = 20;
/** Seconds of each of the four phases; with start-up and warm-up the run takes about 30 s. */
const PHASE_SECONDS = Number(process.env.BENCH_SECONDS ?? 24) / 4;
/** `BENCH_DEMO_MODES=unmasked` (or `masked`) runs only those phases. */
const MODES = (process.env.BENCH_DEMO_MODES ?? '').split(',').filter(Boolean);
const TARGET_P99_MS = 50;
/** The server's LOOKUP_WORKERS: one process (npm start's default) unless BENCH_DEMO_WORKERS says otherwise. */
const WORKERS = process.env.BENCH_DEMO_WORKERS ?? '1';

interface Answer {
  status: number;
  bytes: number;
  text?: string;
}

/** One GET on loopback, its body counted (and kept when `keep`), with a time limit. */
function get(
  port: number,
  path: string,
  agent: Agent,
  keep = false,
  timeoutMs = 30_000,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, timeout: timeoutMs, headers }, (res) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keep) chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ...(keep && { text: Buffer.concat(chunks).toString() }) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${path} took over ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

async function waitForHealth(port: number, timeoutMs = 30_000): Promise<string> {
  const agent = new Agent();
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      try {
        const answer = await get(port, '/healthz', agent, true, 2_000);
        if (answer.status === 200) return answer.text ?? '';
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`the server did not answer /healthz within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    agent.destroy();
  }
}

/** M's large query as a proxy path; `variant` > 0 moves the window's end by that many milliseconds (a new, uncached answer). */
function callsPath(variant: number): string {
  const operation = lookups.M.operations[0];
  const end = new Date(Date.parse(largeCallsQuery.datetime_end) - variant).toISOString();
  return proxyUrl(lookups.M, buildRequest(operation, operation.params.parse({ ...largeCallsQuery, datetime_end: end })));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

// The eight clients run in a process of their own: reading 100+ MB/s of answers keeps a thread
// busy, and /healthz timed on that thread would measure the clients, not the server.
const CLIENTS_SOURCE = `
const { Agent, request } = require('node:http');
const { port, seconds, clients, headers, template, firstVariant } = JSON.parse(process.argv[1]);
const agent = new Agent({ keepAlive: true, maxSockets: clients });
let variant = firstVariant;
const nextPath = () => template.replace('__END__', encodeURIComponent(new Date(Date.parse('${largeCallsQuery.datetime_end}') - (firstVariant === 0 ? 0 : variant++)).toISOString()));
const get = (path) => new Promise((resolve, reject) => {
  const req = request({ host: '127.0.0.1', port, path, agent, headers, timeout: 30000 }, (res) => {
    let bytes = 0;
    res.on('data', (chunk) => (bytes += chunk.length));
    res.on('end', () => resolve({ status: res.statusCode, bytes }));
    res.on('error', reject);
  });
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', reject);
  req.end();
});
const until = performance.now() + seconds * 1000;
let answers = 0, failed = 0, bytes = 0;
const started = performance.now();
const client = async () => {
  while (performance.now() < until) {
    try {
      const answer = await get(nextPath());
      if (answer.status === 200 && answer.bytes > 1000000) { answers++; bytes += answer.bytes; } else failed++;
    } catch { failed++; }
  }
};
Promise.all(Array.from({ length: clients }, client)).then(() => {
  agent.destroy();
  console.log(JSON.stringify({ answers, failed, bytes, seconds: (performance.now() - started) / 1000 }));
});
`;

interface Phase {
  answers: number;
  failed: number;
  seconds: number;
  megabytes: number;
  health: number[];
  healthFailed: number;
}

/** The eight clients (another process) asking M's large query back to back while this one polls /healthz, for `seconds`. */
async function phase(port: number, seconds: number, firstVariant: number, headers: Record<string, string>): Promise<Phase> {
  const template = callsPath(0).replace(encodeURIComponent(largeCallsQuery.datetime_end), '__END__');
  const clients = spawn(
    process.execPath,
    ['-e', CLIENTS_SOURCE, JSON.stringify({ port, seconds, clients: CLIENTS, headers, template, firstVariant })],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  clients.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<void>((resolve) => clients.on('close', () => resolve()));
  let finished = false;
  void done.then(() => (finished = true));
  const poller = new Agent({ keepAlive: true, maxSockets: 1 });
  const health: number[] = [];
  let healthFailed = 0;
  // Polls while the clients run (they start within a few hundred ms, and stop after `seconds`).
  while (!finished) {
    const asked = performance.now();
    try {
      const answer = await get(port, '/healthz', poller, false, 10_000);
      if (answer.status === 200) health.push(performance.now() - asked);
      else healthFailed++;
    } catch {
      healthFailed++;
      health.push(performance.now() - asked);
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
  }
  poller.destroy();
  const result = JSON.parse(output) as { answers: number; failed: number; bytes: number; seconds: number };
  return { answers: result.answers, failed: result.failed, seconds: result.seconds, megabytes: result.bytes / 1e6, health, healthFailed };
}

function report(name: string, result: Phase): boolean {
  const sorted = [...result.health].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  console.log(
    `  ${name.padEnd(18)} demo answers ${(result.answers / result.seconds).toFixed(1).padStart(6)}/s (${result.answers} of 4.6 MB, ${result.failed} failed, ${(result.megabytes / result.seconds).toFixed(0)} MB/s)` +
      `   /healthz p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms (${sorted.length} polls, ${result.healthFailed} failed)`,
  );
  return p99 <= TARGET_P99_MS && result.healthFailed === 0 && result.failed === 0;
}

function stop(child: ChildProcess | undefined): void {
  if (child && child.exitCode === null) child.kill('SIGTERM');
}

export async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'demo-load-'));
  const port = await freePort();
  let server: ChildProcess | undefined;
  try {
    // The production server needs a build to serve; the demo does not read it, so an empty page does.
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>bench</title>');
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('LOOKUP_')));
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', DIST_DIR: dir, LOOKUP_WORKERS: WORKERS },
    });
    const health = JSON.parse(await waitForHealth(port, 120_000)) as { lookups?: Record<string, string> };
    if (health.lookups?.M !== 'demo')
      throw new Error(`M must answer from the demo here, not ${health.lookups?.M} (a LOOKUP_M_* setting in .env?)`);

    // Warm-up: the pool's thread starts and compiles the generators.
    const warm = new Agent({ keepAlive: true });
    const first = await get(port, callsPath(0), warm, false, 60_000);
    if (first.status !== 200) throw new Error(`M answered ${first.status}`);
    await get(port, callsPath(1), warm, false, 60_000);
    warm.destroy();

    console.log(
      `demo under load: ${CLIENTS} clients asking M's 10,000 calls back to back, /healthz every ${HEALTH_EVERY_MS} ms, ${PHASE_SECONDS} s per phase; LOOKUP_WORKERS=${WORKERS}`,
    );
    const loadAtStart = existsSync('/proc/loadavg') ? readFileSync('/proc/loadavg', 'utf8').split(' ')[0] : undefined;
    if (loadAtStart) console.log(`  load average (1 min) at the start: ${loadAtStart}`);
    const ok: boolean[] = [];
    // Uncached: every request a window one millisecond shorter than any before (never reused).
    let variant = 1_000;
    // As the browser asks (masked, in the demo's worker) and unmasked (X-Lookup-Mask: off).
    for (const [name, headers] of [
      ['masked', {}],
      ['unmasked', { [MASK_REQUEST_HEADER]: MASK_OFF }],
    ] as const) {
      if (MODES.length > 0 && !MODES.includes(name)) continue;
      ok.push(report(`uncached, ${name}`, await phase(port, PHASE_SECONDS, variant, headers)));
      variant += 100_000;
      ok.push(report(`cached, ${name}`, await phase(port, PHASE_SECONDS, 0, headers)));
    }
    console.log(`  target: /healthz p99 ≤ ${TARGET_P99_MS} ms in every phase: ${ok.every(Boolean) ? 'met' : 'NOT met'}`);
    const load1 = existsSync('/proc/loadavg') ? readFileSync('/proc/loadavg', 'utf8').split(' ')[0] : undefined;
    if (load1) console.log(`  load average (1 min) at the end: ${load1} on ${availableParallelism()} cores`);
  } finally {
    stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
