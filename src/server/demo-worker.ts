// The demo upstream's work: run a lookup's demo generator and turn its answer into the bytes a
// provider would send. `answerDemo` does it for any generator; the default export is the task a
// worker thread of the demo pool (demo-pool.ts) runs, naming the generator by lookup and operation
// id, since functions and schemas cannot cross to a thread.
import type { AnyLookup, AnyOperation, Params } from '../lookups/define-lookup.ts';
import { allLookups } from '../lookups/registry.ts';
import type { DemoGenerator } from '../demo/demo-types.ts';
import { demoGenerators } from '../demo/generators.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** One demo request, as it crosses to a worker thread (structured-cloned). */
export interface DemoTask {
  lookupId: string;
  operationId: string;
  params: Params;
  requestId: string;
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
    }
  | { kind: 'failure'; status: 502; code: 'demo_failed' | 'demo_unavailable'; message: string };

/** Runs `generator` for one request and renders its answer: status, headers and the body's bytes. */
export function answerDemo(generator: DemoGenerator, lookup: AnyLookup, operation: AnyOperation, params: Params, requestId: string): DemoResult {
  let answer;
  try {
    answer = generator({ lookup, operation, params, requestId });
  } catch (error) {
    return { kind: 'failure', status: 502, code: 'demo_failed', message: `The demo upstream of ${lookup.id} failed: ${(error as Error).message}` };
  }
  const contentType = answer.contentType ?? JSON_TYPE;
  const isJson = /[/+]json\b/i.test(contentType);
  const text = isJson || typeof answer.body !== 'string' ? JSON.stringify(answer.body) : answer.body;
  const headers: Record<string, string> = Object.fromEntries(Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  headers['content-type'] = contentType;
  const echoesRequestId = text.includes(requestId) || Object.values(headers).some((value) => value.includes(requestId));
  return { kind: 'answer', status: answer.status, headers, body: Buffer.from(text), echoesRequestId };
}

const lookupsById = new Map<string, AnyLookup>(allLookups.map((lookup) => [lookup.id, lookup]));
const generatorsById: Readonly<Record<string, DemoGenerator | undefined>> = demoGenerators;

/** The worker thread's task: the registry's generator for the named lookup and operation. */
export default function runDemoTask(task: DemoTask): DemoResult {
  const lookup = lookupsById.get(task.lookupId);
  const operation = lookup?.operations.find((candidate) => candidate.id === task.operationId);
  const generator = generatorsById[task.lookupId];
  if (!lookup || !operation || !generator)
    return { kind: 'failure', status: 502, code: 'demo_unavailable', message: `Lookup ${task.lookupId} has no demo data for ${task.operationId}` };
  return answerDemo(generator, lookup, operation, task.params, task.requestId);
}
