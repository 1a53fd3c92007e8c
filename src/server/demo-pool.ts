// The worker threads the demo generators run on, so that the server's own thread never spends
// half a second building M's 10,000 calls while /healthz and every other request wait.
//
// One shared pool per process, created at the first demo request and closed by closeDemoPool().
// An idle worker never keeps the process alive (tinypool unrefs it) and leaves after IDLE_MS; the
// first one stays, so the next request does not pay the start-up of a thread again.
//
// A thread starts from demo-worker-boot.mjs, which loads demo-worker.ts through tsx's tsImport:
// on Node 20 a thread does not inherit the parent's TypeScript loader (tsx registers its hooks on
// the main thread only), and the Vite config process, vitest and Playwright have none to give, so
// the same start works under `npm start`, `node --import tsx`, Vite, vitest and Playwright.
// Should a thread still fail to start, callDemo answers on the calling thread, with one warning,
// and tries the threads again after a pause (a busy machine can fail one start).
// Threads run at a lower priority (nice 10, where the system allows it) than the server's own, so
// on a busy machine the answers to /healthz and to other requests come before the demo's work.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import type { Tinypool as TinypoolClass } from 'tinypool';
import type { DemoResult, DemoTask, WarmTask } from './demo-worker.ts';
import { partLog } from './server-log.ts';

/** How long a worker beyond the first waits for work before it leaves. */
const IDLE_MS = 30_000;

export interface DemoPool {
  /** Runs one task on a worker thread; rejects when no thread could run it. */
  run(task: DemoTask): Promise<DemoResult>;
  /**
   * Starts the first thread now, loading the demo (a second of CPU, several on a busy machine), so
   * the first request does not wait for it; resolves when it is ready, never rejects.
   */
  warm(): Promise<void>;
  /** Ends the threads; a later run starts them again. */
  close(): Promise<void>;
}

/**
 * Per server process: the machine's cores shared among the server's processes, one fewer for the
 * process's own thread, at least one, at most four. One process on 2 cores: 1 thread; two
 * processes (LOOKUP_WORKERS=2): 1 each, so 2 demo threads beside 2 server threads.
 */
export function defaultDemoThreads(processes = 1): number {
  return Math.max(1, Math.min(4, Math.floor(availableParallelism() / Math.max(1, processes)) - 1));
}

// Required rather than imported: under the Vite plugin this module is loaded through tsx's
// tsImport, whose imports carry a `?tsx-namespace=…` query into import.meta.url, and tinypool
// finds its thread's entry file from its own import.meta.url (the query would make it start
// tinypool's index instead, and wait forever). require (of an ES module, Node ≥ 20.19) has no query.
const { Tinypool } = createRequire(import.meta.url)('tinypool') as { Tinypool: typeof TinypoolClass };

export function createDemoPool(options: { threads?: number } = {}): DemoPool {
  const pool = new Tinypool({
    filename: new URL('./demo-worker-boot.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads: options.threads ?? defaultDemoThreads(),
    idleTimeout: IDLE_MS,
  });
  // A thread that dies is replaced and its task rejected (callDemo answers that); the pool's own
  // error event must not take the server down with it.
  pool.on('error', (error: unknown) => partLog('demo').warn({ err: error }, 'a worker thread failed'));
  return {
    run: (task) => pool.run(task) as Promise<DemoResult>,
    warm: async () => {
      const warm: WarmTask = { kind: 'warm' };
      // A thread that cannot start is the pool's error event's to report; the first request then says so.
      await pool.run(warm).catch(() => undefined);
    },
    close: () => pool.destroy(),
  };
}

let shared: DemoPool | undefined;
let sharedThreads: number | undefined;

/** Sets the size of the process's pool before its first use (the clustered server: defaultDemoThreads(workers)). */
export function configureDemoPool(options: { threads: number }): void {
  sharedThreads = options.threads;
}

/** The process's demo pool, created on first use. */
export function demoPool(): DemoPool {
  shared ??= createDemoPool(sharedThreads === undefined ? {} : { threads: sharedThreads });
  return shared;
}

/** Closes the process's demo pool (servers on shutdown, tests in afterAll); safe to call when none was made. */
export async function closeDemoPool(): Promise<void> {
  const closing = shared;
  shared = undefined;
  await closing?.close();
}
