// Masking a large live answer read whole off the server's thread (an answer masked as it streams
// has a thread of its own instead: mask-stream-pool.ts). Masking needs the whole JSON: it is parsed,
// walked and serialised again, about 3 s for a 56 MB answer, during which the server's thread
// would answer nothing (not /healthz, not another user's small request). A body of
// OFF_THREAD_BYTES or more is masked on a thread of this pool; a smaller one inline, where a
// thread's round trip would cost more than the masking (1 MiB of L takes about 30 ms).
//
// One shared pool per process, started with the server (startMaskPool: its threads load the
// registry before the first masked answer needs them, which on a busy machine took seconds), one
// thread per core, its threads started the way the demo's are (mask-worker-boot.mjs, tsx's
// tsImport); an idle thread never keeps the process alive. Should a thread fail, the body is
// masked inline, with a warning: slower for everyone, but the answer is still masked and sent.
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import type { Tinypool as TinypoolClass } from 'tinypool';
import type { MaskPolicy } from '../lookups/wire.ts';
import type { BodyTransform } from './body-transform.ts';
import { UpstreamFailureError } from './live-upstream.ts';
import type { MaskResult, MaskTask, WarmResult, WarmTask } from './mask-worker.ts';
import { partLog } from './server-log.ts';

/** Bodies this large or larger are masked on a thread. */
export const OFF_THREAD_BYTES = 1024 * 1024;
/** How long a thread beyond the first waits for work before it leaves. */
const IDLE_MS = 30_000;

export interface MaskPool {
  /** Masks one body on a thread (its bytes are moved there); rejects when no thread could run it. */
  run(task: MaskTask): Promise<MaskResult>;
  /** Resolves once every thread has started and loaded the registry, with their thread ids. */
  warm(): Promise<number[]>;
  /** Bodies masked on a thread so far. */
  readonly completed: number;
  close(): Promise<void>;
}

// Required rather than imported, for the reason demo-pool.ts gives (tinypool finds its thread's
// entry from its own import.meta.url, which tsx's tsImport would give a query).
const { Tinypool } = createRequire(import.meta.url)('tinypool') as { Tinypool: typeof TinypoolClass };

/** Threads per server process: one per core shared among `processes` server processes (at most 4). */
export function defaultMaskThreads(processes = 1): number {
  return Math.max(1, Math.min(4, Math.floor(availableParallelism() / Math.max(1, processes))));
}

export function createMaskPool(options: { threads?: number } = {}): MaskPool {
  const threads = options.threads ?? defaultMaskThreads();
  const pool = new Tinypool({
    filename: new URL('./mask-worker-boot.mjs', import.meta.url).href,
    // All of them kept: a thread started for a big answer would otherwise load the registry again.
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: IDLE_MS,
  });
  pool.on('error', (error: unknown) => partLog('mask').warn({ err: error }, 'a worker thread failed'));
  let completed = 0;
  return {
    async run(task) {
      const result = (await pool.run(task, { transferList: [task.body.buffer as ArrayBuffer] })) as MaskResult;
      completed++;
      return result;
    },
    async warm() {
      // One task per thread at once: each goes to a thread of its own.
      const warm: WarmTask = { kind: 'warm' };
      const ready = (await Promise.all(Array.from({ length: threads }, () => pool.run(warm)))) as WarmResult[];
      return ready.map((result) => result.thread);
    },
    get completed() {
      return completed;
    },
    close: () => pool.destroy(),
  };
}

let shared: MaskPool | undefined;
let sharedThreads: number | undefined;

/** The process's mask pool (started with the server; else created at the first large body). */
export function maskPool(): MaskPool {
  shared ??= createMaskPool(sharedThreads === undefined ? {} : { threads: sharedThreads });
  return shared;
}

/**
 * Starts the process's mask pool now, its threads loaded, so the first masked answer does not wait
 * for them (the server at start; `threads` per server process). Resolves when they are ready.
 */
export function startMaskPool(options: { threads?: number } = {}): Promise<number[]> {
  sharedThreads = options.threads;
  // A thread that cannot start is the pool's error event's to report; the answers then mask inline.
  return maskPool()
    .warm()
    .catch(() => []);
}

/** Closes the process's mask pool (servers on shutdown, tests in afterAll); safe to call when none was made. */
export async function closeMaskPool(): Promise<void> {
  const closing = shared;
  shared = undefined;
  await closing?.close();
}

export interface OffThreadOptions {
  /** The pool to use (tests pass their own); default the process's. */
  pool?: () => MaskPool;
  /** Default OFF_THREAD_BYTES. */
  thresholdBytes?: number;
}

let warned = false;
const warnInline = (error: unknown) =>
  partLog('mask').warn({ err: error }, "no worker thread could mask a large answer, masking it on the server's thread");

/**
 * Masking that keeps the server's thread free: `inline` (masking-transform's transform for
 * `policy` and `secret`) for a small body, a pool thread running the same transform for a large one.
 */
export function offThreadMasking(policy: MaskPolicy, secret: string, inline: BodyTransform, options: OffThreadOptions = {}): BodyTransform {
  const threshold = options.thresholdBytes ?? OFF_THREAD_BYTES;
  const poolOf = options.pool ?? maskPool;
  return async (lookup, operation, bytes, context) => {
    if (bytes.length < threshold) return inline(lookup, operation, bytes, context);
    // The bytes move to the thread when they are the transform's own and fill their memory; else a
    // copy does (the answer cache reads the body after masking). A 60 MB copy is a few tens of ms.
    const movable = context.owned === true && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const body = movable ? bytes : Uint8Array.prototype.slice.call(bytes);
    const { owned: _owned, ...rest } = context;
    let result: MaskResult;
    try {
      result = await poolOf().run({
        lookupId: lookup.id,
        operationId: operation.id,
        policy,
        secret,
        body,
        context: { ...rest, requestHeaders: { ...context.requestHeaders } },
      });
    } catch (error) {
      if (!warned) warnInline(error);
      warned = true;
      // A body moved to a thread that then failed is gone: the failure is the answer.
      if (movable && bytes.byteLength === 0) throw error;
      return inline(lookup, operation, bytes, context);
    }
    if (result.kind === 'failure') throw new UpstreamFailureError(result.failure);
    if (result.kind === 'error') throw new Error(result.message);
    return { body: Buffer.from(result.body.buffer, result.body.byteOffset, result.body.byteLength), headers: result.headers };
  };
}
