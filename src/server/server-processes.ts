// The production server as one process per core: node:cluster's primary forks LOOKUP_WORKERS
// worker processes that each run the whole server (proxy, demo pool, request log) and share the
// listening port; the primary only starts, watches and stops them. One Node thread tops out well
// below nginx's two workers on the proxy path (docs/decisions/007-one-server-process-per-core.md).
//
// The primary answers SIGTERM and SIGINT by passing SIGTERM on: each worker stops accepting,
// finishes what it is answering and exits; the primary exits once all have (code 0). A worker that
// dies while serving is replaced, unless workers keep dying (then the primary stops with code 1);
// a worker that fails before it ever listened (the port is taken) stops the whole server.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { ConfigError } from './config.ts';
import { JOB_SECRET_ENV, newJobSecret } from './jobs/job-identity.ts';
import { partLog } from './server-log.ts';

/** At most this many replacements in RESTART_WINDOW_MS; more means the workers cannot run. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
const MAX_WORKERS = 64;

/**
 * LOOKUP_WORKERS: how many server processes. Unset or `1`: one process, no primary (the default
 * of `npm start`); `auto`: one per core (availableParallelism); a whole number up to 64.
 */
export function serverProcessCount(value: string | undefined, cores = availableParallelism()): number {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return 1;
  if (text === 'auto') return Math.max(1, Math.min(MAX_WORKERS, cores));
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_WORKERS)
    throw new ConfigError('LOOKUP_WORKERS', `must be auto or a whole number from 1 to ${MAX_WORKERS}`);
  return Number(text);
}

export interface PrimaryOptions {
  workers: number;
  /**
   * The masking secret (ServerConfig.maskSecret), handed to every worker as LOOKUP_MASK_SECRET:
   * when it is this process's random one, the workers then agree on it rather than make their own.
   */
  maskSecret: string;
  /** Called once, when the first worker listens, with the port it bound. */
  onListening: (port: number) => void;
}

/** Runs this process as the primary: forks the workers and keeps them running until a signal ends them. */
export function runPrimary({ workers, maskSecret, onListening }: PrimaryOptions): void {
  let stopping = false;
  let announced = false;
  let exitCode = 0;
  const running = new Set<Worker>();
  const restarts: number[] = [];
  const listened = new WeakSet<Worker>();

  // Each worker sizes its demo pool from the count (defaultDemoThreads), so threads stay about one per core.
  // A job's row comes back in on the shared port to whichever worker takes the connection: the
  // workers share the secret that names its owner (jobs/job-identity.ts).
  const jobSecret = newJobSecret();
  const fork = () =>
    running.add(cluster.fork({ LOOKUP_WORKERS: String(workers), LOOKUP_MASK_SECRET: maskSecret, [JOB_SECRET_ENV]: jobSecret }));

  const stop = (code: number) => {
    exitCode = Math.max(exitCode, code);
    if (!stopping) {
      stopping = true;
      for (const worker of running) worker.process.kill('SIGTERM');
    }
    if (running.size === 0) process.exit(exitCode);
  };

  cluster.on('listening', (worker, address) => {
    listened.add(worker);
    if (announced) return;
    announced = true;
    onListening(address.port);
  });

  cluster.on('exit', (worker, code, signal) => {
    running.delete(worker);
    if (stopping) {
      if (running.size === 0) process.exit(exitCode);
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!listened.has(worker)) {
      partLog('server').fatal(`A server process stopped (${how}) before it could listen: stopping.`);
      stop(1);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      partLog('server').fatal(
        `Server processes keep stopping (${restarts.length} in ${RESTART_WINDOW_MS / 1000} s, the last with ${how}): stopping.`,
      );
      stop(1);
      return;
    }
    partLog('server').error(`A server process stopped (${how}); starting another.`);
    fork();
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));
  for (let i = 0; i < workers; i++) fork();
}
