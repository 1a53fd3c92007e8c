// What every benchmark that starts servers needs: a free loopback port, a wait until a URL
// answers, and the production server on a build. Loopback only.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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
