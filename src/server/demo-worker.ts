// The demo upstream's work: run a lookup's demo generator and turn its answer into the bytes a
// provider would send, masked when the request is to get masked data. `answerDemo` does it for any
// generator; the default export is the task a worker thread of the demo pool (demo-pool.ts) runs,
// naming the generator by lookup and operation id, since functions and schemas cannot cross to a
// thread. Masking here rather than in the proxy keeps a 4.6 MB answer's parse, walk and
// serialisation off the server's thread; the bytes then move to it without a copy. A masked task
// carries the server's masking secret, so a thread's pseudonyms are the server's (pseudonyms.ts).
import type { AnyLookup, AnyOperation, Params } from '../lookups/define-lookup.ts';
import { maskPersonalData } from '../lookups/masking.ts';
import { registryIndex } from '../lookups/registry.ts';
import type { DemoGenerator } from '../demo/demo-types.ts';
import { demoGenerators } from '../demo/generators.ts';
import { isJsonType } from './media-type.ts';
import { keyedCode } from './pseudonyms.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** One demo request, as it crosses to a worker thread (structured-cloned). */
export interface DemoTask {
  lookupId: string;
  operationId: string;
  params: Params;
  requestId: string;
  /**
   * For an operation whose JSON answers are masked: true to mask this one, false when the request
   * may have it unmasked (X-Lookup-Mask: off under LOOKUP_MASK=default). Absent: never masked.
   */
  mask?: boolean;
  /**
   * With `mask: true`: the server's masking secret (ServerConfig.maskSecret), for the pseudonyms.
   * Required then: a thread has no secret of its own that would agree with the server's.
   */
  maskSecret?: string;
}

/** A generator's answer as bytes, or why there is none. */
export type DemoResult =
  | {
      kind: 'answer';
      status: number;
      /** Names lower-case, content-type included. */
      headers: Record<string, string>;
      body: Uint8Array;
      /** The answer holds the request's fresh id (S's requestId): it must not be reused for another request. */
      echoesRequestId: boolean;
      /** Whether the body was masked, for a JSON answer of a masked operation (the task's `mask`); absent otherwise. */
      masked?: boolean;
    }
  | { kind: 'failure'; status: 502; code: 'demo_failed' | 'demo_unavailable'; message: string };

/** Asks a thread to do nothing but load the demo (DemoPool.warm); it answers `{ kind: 'ready' }`. */
export interface WarmTask {
  kind: 'warm';
}

/** The JSON text the proxy would send after masking `text` (as the live path masks a provider's body). */
function maskedText(lookup: AnyLookup, text: string, secret: string): string {
  // Parsed from the text rather than masking the generator's object, so the walk sees exactly the
  // JSON a provider would have sent (no undefined, no Date), as it does for a live answer.
  const body: unknown = JSON.parse(text);
  const masked = maskPersonalData(body, lookup.personalData, keyedCode(secret));
  return masked === body ? text : JSON.stringify(masked);
}

/**
 * Runs `generator` for one request and renders its answer: status, headers and the body's bytes,
 * masked when `mask` is true and the answer is JSON, with pseudonyms keyed by `maskSecret`. The
 * body has an ArrayBuffer of its own, so a worker thread can hand it over instead of copying it.
 */
export function answerDemo(
  generator: DemoGenerator,
  lookup: AnyLookup,
  operation: AnyOperation,
  params: Params,
  requestId: string,
  mask?: boolean,
  maskSecret?: string,
): DemoResult {
  let answer;
  try {
    answer = generator({ lookup, operation, params, requestId });
  } catch (error) {
    return {
      kind: 'failure',
      status: 502,
      code: 'demo_failed',
      message: `The demo upstream of ${lookup.id} failed: ${(error as Error).message}`,
    };
  }
  const contentType = answer.contentType ?? JSON_TYPE;
  const isJson = /[/+]json\b/i.test(contentType);
  const text = isJson || typeof answer.body !== 'string' ? JSON.stringify(answer.body) : answer.body;
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  headers['content-type'] = contentType;
  const echoesRequestId = text.includes(requestId) || Object.values(headers).some((value) => value.includes(requestId));
  const masks = mask !== undefined && isJsonType(contentType);
  let sent = text;
  if (masks && mask) {
    // Never masked with a secret of this thread's own: its pseudonyms would not be the server's.
    if (maskSecret === undefined)
      return {
        kind: 'failure',
        status: 502,
        code: 'demo_failed',
        message: `The demo answer of ${lookup.id} could not be masked: no masking secret was given`,
      };
    try {
      sent = maskedText(lookup, text, maskSecret);
    } catch (error) {
      return {
        kind: 'failure',
        status: 502,
        code: 'demo_failed',
        message: `The demo answer of ${lookup.id} could not be masked: ${(error as Error).message}`,
      };
    }
  }
  // TextEncoder gives a buffer of its own; Buffer.from would share Node's pool for small answers.
  const body = new TextEncoder().encode(sent);
  return { kind: 'answer', status: answer.status, headers, body, echoesRequestId, ...(masks && { masked: mask }) };
}

const generatorsById: Readonly<Record<string, DemoGenerator | undefined>> = demoGenerators;

/** The worker thread's task: the registry's generator for the named lookup and operation (demo-worker-boot.mjs moves its body). */
export default function runDemoTask(task: DemoTask): DemoResult;
export default function runDemoTask(task: WarmTask): { kind: 'ready' };
export default function runDemoTask(task: DemoTask | WarmTask): DemoResult | { kind: 'ready' } {
  if ('kind' in task) return { kind: 'ready' };
  const found = registryIndex.operation(task.lookupId, task.operationId);
  const generator = generatorsById[task.lookupId];
  if (!found || !generator)
    return {
      kind: 'failure',
      status: 502,
      code: 'demo_unavailable',
      message: `Lookup ${task.lookupId} has no demo data for ${task.operationId}`,
    };
  return answerDemo(generator, found.lookup, found.operation, task.params, task.requestId, task.mask, task.maskSecret);
}
