// What every benchmark that starts servers needs: a free loopback port, a wait until a URL
// answers, the production server on a build, and the server proxying L to a loopback provider.
// Loopback only.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../src/server/testing/free-port.ts';

export { freePort };

/** Resolves once `url` answers 2xx; rejects after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** A production build in a fresh temporary folder (the caller removes it). */
export function buildIntoTemp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const build = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  return dir;
}

/** `npm start`'s server on `distDir` at a free loopback port, in its own process group (kill with -pid). */
export async function startProductionServer(distDir: string): Promise<{ base: string; server: ChildProcess }> {
  const port = await freePort();
  const server = spawn('npx', ['tsx', 'src/server/start.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DIST_DIR: distDir },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/healthz`);
  } catch (error) {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    throw error;
  }
  return { base, server };
}

/** `server` listening on a free loopback port; its base URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** CPU seconds (user + system) process `pid` has used so far, every thread, or only its thread `thread` (Linux). */
export function cpuSecondsOf(pid: number, thread?: number): number {
  const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Resolves once process `pid` has used under 5% of a core for a whole second (Linux; elsewhere at
 * once): a server answers /healthz before its threads have loaded their modules, and a figure
 * taken meanwhile measures its start-up too. Rejects after `timeoutMs`.
 */
export async function waitUntilQuiet(pid: number, timeoutMs = 120_000): Promise<void> {
  if (!existsSync(`/proc/${pid}/stat`)) return;
  const deadline = Date.now() + timeoutMs;
  let before = cpuSecondsOf(pid);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = cpuSecondsOf(pid);
    if (now - before < 0.05) return;
    if (Date.now() > deadline) throw new Error(`process ${pid} was still busy after ${timeoutMs} ms`);
    before = now;
  }
}

/** The key the proxy benchmarks give L; the loopback provider ignores it. */
export const BENCH_L_KEY = 'bench-key-0123456789';

/**
 * The production server in one process (LOOKUP_WORKERS=1) proxying L to the loopback provider at
 * `upstreamUrl`, on a stub build (the proxy needs none of a build). `env` adds settings, e.g.
 * LOOKUP_MASK; `timeoutMs` is both the upstream timeout and the start-up wait. `stop` ends the
 * server and removes its build.
 */
export async function startLoopbackProxy(options: {
  upstreamUrl: string;
  timeoutMs: number;
  env?: Record<string, string>;
  /** Node's own options for the server (e.g. `--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
}): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const dist = mkdtempSync(join(tmpdir(), 'bench-proxy-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lookup Explorer</title>');
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: dist,
      LOOKUP_WORKERS: '1',
      LOOKUP_L_BASE_URL: `${options.upstreamUrl}/l`,
      LOOKUP_L_KEY: BENCH_L_KEY,
      LOOKUP_TIMEOUT_MS: String(options.timeoutMs),
      LOOKUP_MASK_SECRET: 'bench-mask-secret-0123456789abcdef0123456789',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dist, { recursive: true, force: true });
  };
  try {
    // A busy machine may take a while to start a server, and its threads longer.
    await waitForHttp(`${url}/healthz`, options.timeoutMs);
    await waitUntilQuiet(child.pid!, options.timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, stop };
}

/** A thread's source that asks workerData.url every workerData.every ms until it is sent 'stop', then posts every latency. */
export const HEALTH_PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const health = [];
let done = false;
parentPort.once('message', () => (done = true));
(async () => {
  while (!done) {
    const asked = performance.now();
    await (await fetch(workerData.url)).arrayBuffer();
    health.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, workerData.every));
  }
  parentPort.postMessage(health);
})();
`;
