// Answers a checked request from the lookup's demo generator, through the same contract a live
// provider meets: status, content type, headers and the body's bytes.
//
// The registry's generators run on the demo pool's worker threads (demo-pool.ts), never on the
// server's own thread, and their answers are kept in a cache bounded by bytes: they depend on the
// request's parameters alone (and on the UTC day, for a history that ends today), so the same
// request is answered from memory, and identical requests arriving together share one run. An
// answer holding the request's fresh id (S's requestId) is neither kept nor shared. Masked and
// unmasked answers are masked by the worker and kept apart: the server's thread never parses,
// masks or copies a demo body. A masked task carries the masking secret, so the worker's
// pseudonyms are the server's.
// A generator that is not the registry's (a test's) runs in-process, uncached, as it is.
import { randomUUID } from 'node:crypto';
import type { AnyLookup, AnyOperation, Params } from '../lookups/define-lookup.ts';
import type { DemoGenerator } from '../demo/demo-types.ts';
import { demoGenerators } from '../demo/generators.ts';
import { demoPool, type DemoPool } from './demo-pool.ts';
import { answerDemo, type DemoResult, type DemoTask } from './demo-worker.ts';
import { processMaskSecret } from './pseudonyms.ts';
import { partLog } from './server-log.ts';
import type { UpstreamOutcome } from './live-upstream.ts';

type DemoAnswer = Extract<UpstreamOutcome, { kind: 'answer' }>;

/** A least-recently-used map of demo answers, bounded by the total of their body bytes. */
export class DemoAnswerCache {
  private readonly entries = new Map<string, DemoAnswer>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): DemoAnswer | undefined {
    const answer = this.entries.get(key);
    if (answer) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, answer);
    }
    return answer;
  }

  set(key: string, answer: DemoAnswer): void {
    this.delete(key);
    // An answer bigger than an eighth of the cache would push out too much to be worth keeping.
    if (answer.body.length > this.maxBytes / 8) return;
    this.entries.set(key, answer);
    this.total += answer.body.length;
    for (const [oldest, evicted] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= evicted.body.length;
    }
  }

  delete(key: string): void {
    const answer = this.entries.get(key);
    if (!answer) return;
    this.entries.delete(key);
    this.total -= answer.body.length;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}

/** The bytes the demo cache may hold. */
export const DEMO_CACHE_BYTES = 64 * 1024 * 1024;

/** The process's cache of demo answers. */
export const demoAnswerCache = new DemoAnswerCache(DEMO_CACHE_BYTES);

/**
 * What identifies an answer: lookup, operation, the UTC day, the parameters (keys sorted, absent
 * ones left out: `{a: 1, b: undefined}` and `{a: 1}` are the same request) and whether it is masked.
 */
export function demoCacheKey(lookupId: string, operationId: string, params: Params, now = new Date(), mask?: boolean): string {
  const present = Object.keys(params)
    .filter((name) => params[name] !== undefined)
    .sort()
    .map((name) => [name, params[name]]);
  return JSON.stringify([lookupId, operationId, now.toISOString().slice(0, 10), present, mask ?? null]);
}

function toOutcome(result: Extract<DemoResult, { kind: 'answer' }>): DemoAnswer {
  const { status, headers, body, masked } = result;
  // A worker's body arrives as a plain Uint8Array (moved, not copied): viewed as a Buffer, not copied.
  return {
    kind: 'answer',
    status,
    headers,
    body: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
    ...(masked !== undefined && { masked }),
  };
}

/**
 * How long after its threads failed to start a pool is tried again. A start can fail once on a
 * busy machine; answering every later request on the server's own thread would bring back the
 * blocking the pool exists to prevent.
 */
export const POOL_RETRY_MS = 10_000;

/** Pools whose threads have answered once (they can start), or failed to start and when to try again. */
const poolStates = new WeakMap<DemoPool, { working: true } | { retryAt: number }>();

async function runOnPool(
  pool: DemoPool,
  task: DemoTask,
  lookup: AnyLookup,
  operation: AnyOperation,
  generator: DemoGenerator,
): Promise<DemoResult> {
  const state = poolStates.get(pool);
  if (!state || 'working' in state || Date.now() >= state.retryAt) {
    try {
      const result = await pool.run(task);
      if (state && !('working' in state)) partLog('demo').info('worker threads started; the demo answers on them again');
      poolStates.set(pool, { working: true });
      return result;
    } catch (error) {
      // The generator's own errors come back as failures: this is the thread. Once threads have
      // answered, it is this run's failure alone (a thread that died is replaced).
      const message = (error as Error).message;
      if (state && 'working' in state)
        return { kind: 'failure', status: 502, code: 'demo_failed', message: `The demo upstream of ${lookup.id} failed: ${message}` };
      poolStates.set(pool, { retryAt: Date.now() + POOL_RETRY_MS });
      if (!state)
        partLog('demo').warn(
          `worker threads cannot start (${message}); the demo answers on the server's own thread and tries them again every ${POOL_RETRY_MS / 1000} s`,
        );
    }
  }
  return answerDemo(generator, lookup, operation, task.params, task.requestId, task.mask, task.maskSecret);
}

/** Runs in flight, per cache and by key: an identical request joins the run instead of starting another. */
const runsInFlight = new WeakMap<DemoAnswerCache, Map<string, Promise<DemoResult>>>();

function inFlightOf(cache: DemoAnswerCache): Map<string, Promise<DemoResult>> {
  let runs = runsInFlight.get(cache);
  if (!runs) runsInFlight.set(cache, (runs = new Map()));
  return runs;
}

export interface DemoCallOptions {
  pool?: DemoPool;
  cache?: DemoAnswerCache;
  /** For an operation whose JSON answers are masked: mask this answer (true) or send it unmasked (false); see DemoTask. */
  mask?: boolean;
  /** The server's masking secret (ServerConfig.maskSecret); default: this process's (pseudonyms.ts). */
  maskSecret?: string;
}

/** A number per masking secret met, so answers masked with different secrets are cached apart (never the secret itself in a key). */
const secretTags = new Map<string, number>();
function secretTag(secret: string): number {
  let tag = secretTags.get(secret);
  if (tag === undefined) secretTags.set(secret, (tag = secretTags.size));
  return tag;
}

export async function callDemo(
  generator: DemoGenerator | undefined,
  lookup: AnyLookup,
  operation: AnyOperation,
  params: Params,
  options: DemoCallOptions = {},
): Promise<UpstreamOutcome> {
  if (!generator) return { kind: 'failure', status: 502, code: 'demo_unavailable', message: `Lookup ${lookup.id} has no demo data` };
  const requestId = randomUUID();
  const { mask } = options;
  // Resolved here, on the server's thread: a worker thread has no secret that would agree with it.
  const maskSecret = mask ? (options.maskSecret ?? processMaskSecret()) : undefined;
  // Only the registry's generators are known to the worker threads, and known to be deterministic.
  if (generator !== (demoGenerators as Partial<Record<string, DemoGenerator>>)[lookup.id]) {
    const result = answerDemo(generator, lookup, operation, params, requestId, mask, maskSecret);
    return result.kind === 'answer' ? toOutcome(result) : result;
  }
  const cache = options.cache ?? demoAnswerCache;
  const key =
    demoCacheKey(lookup.id, operation.id, params, undefined, mask) + (maskSecret === undefined ? '' : `#${secretTag(maskSecret)}`);
  const cached = cache.get(key);
  if (cached) return cached;

  const task: DemoTask = {
    lookupId: lookup.id,
    operationId: operation.id,
    params,
    requestId,
    ...(mask !== undefined && { mask }),
    ...(maskSecret !== undefined && { maskSecret }),
  };
  const pool = options.pool ?? demoPool();
  const inFlight = inFlightOf(cache);
  // Looked up and registered without an await in between, so two requests cannot both start a run.
  const running = inFlight.get(key);
  const joined = running && (await running);
  let result: DemoResult;
  if (joined && !(joined.kind === 'answer' && joined.echoesRequestId)) {
    result = joined;
  } else {
    const run = runOnPool(pool, task, lookup, operation, generator);
    inFlight.set(key, run);
    try {
      result = await run;
    } finally {
      if (inFlight.get(key) === run) inFlight.delete(key);
    }
    if (result.kind === 'answer' && !result.echoesRequestId) cache.set(key, toOutcome(result));
  }
  if (result.kind !== 'answer') return result;
  return cache.get(key) ?? toOutcome(result);
}
