// The masking of one large live answer, as a task for a thread of the mask pool (mask-pool.ts):
// parsing, walking and serialising a 56 MB body takes seconds, which must never be spent on the
// server's own thread. The lookup and operation are named by id (functions and schemas cannot
// cross to a thread), and the transform is masking-transform's own for the same policy, so the
// answer is byte for byte what masking it inline would give.
import { threadId } from 'node:worker_threads';
import { registryIndex } from '../lookups/registry.ts';
import type { MaskPolicy } from '../lookups/wire.ts';
import type { BodyTransform, BodyTransformContext } from './body-transform.ts';
import { UpstreamFailureError, type UpstreamFailure } from './live-upstream.ts';
import { maskingTransform } from './masking-transform.ts';

/** One body to mask, as it crosses to a thread (its bytes moved, not copied). */
export interface MaskTask {
  lookupId: string;
  operationId: string;
  policy: MaskPolicy;
  /** The server's masking secret (ServerConfig.maskSecret): a thread has none that would agree with it. */
  secret: string;
  body: Uint8Array;
  context: BodyTransformContext;
}

export type MaskResult =
  /** The masked body, with a buffer of its own (moved back to the server's thread), and the headers masking adds. */
  | { kind: 'body'; body: Uint8Array; headers: Record<string, string> }
  /** Masking refused the body (not JSON): the failure the browser is told about. */
  | { kind: 'failure'; failure: UpstreamFailure }
  | { kind: 'error'; message: string };

/** The transform per policy and secret (a server has one of each; tests may use others). */
const transforms = new Map<string, BodyTransform>();

/** A buffer that owns its whole ArrayBuffer, so it can be moved to another thread. */
function movable(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/** Starts a thread before the first masked answer needs it. */
export interface WarmTask {
  kind: 'warm';
}

/** The thread is started and has loaded the registry (mask-pool.ts asks at server start). */
export interface WarmResult {
  kind: 'ready';
  thread: number;
}

/** The thread's task (mask-worker-boot.mjs moves the body back). */
export default async function runMaskTask(task: MaskTask | WarmTask): Promise<MaskResult | WarmResult> {
  if ('kind' in task) return { kind: 'ready', thread: threadId };
  const found = registryIndex.operation(task.lookupId, task.operationId);
  if (!found) return { kind: 'error', message: `Lookup ${task.lookupId} has no operation ${task.operationId}` };
  const { lookup, operation } = found;
  const name = `${task.policy} ${task.secret}`;
  let transform = transforms.get(name);
  if (!transform) transforms.set(name, (transform = maskingTransform(task.policy, task.secret)));
  try {
    const bytes = Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength);
    const out = await transform(lookup, operation, bytes, task.context);
    const body = Buffer.isBuffer(out) ? out : out.body;
    return { kind: 'body', body: movable(body), headers: Buffer.isBuffer(out) ? {} : { ...out.headers } };
  } catch (error) {
    if (error instanceof UpstreamFailureError) return { kind: 'failure', failure: error.failure };
    return { kind: 'error', message: (error as Error).message };
  }
}
