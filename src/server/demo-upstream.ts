// Answers a checked request in-process from the lookup's demo generator, through the same
// contract a live provider meets: status, content type, headers and the body's bytes.
import { randomUUID } from 'node:crypto';
import type { LookupDefinition, Operation, Params } from '../lookups/define-lookup.ts';
import type { DemoGenerator } from '../demo/demo-types.ts';
import type { UpstreamOutcome } from './live-upstream.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

export function callDemo(
  generator: DemoGenerator | undefined,
  lookup: LookupDefinition,
  operation: Operation,
  params: Params,
): UpstreamOutcome {
  if (!generator) return { kind: 'failure', status: 502, code: 'demo_unavailable', message: `Lookup ${lookup.id} has no demo data` };
  let answer;
  try {
    answer = generator({ lookup, operation, params, requestId: randomUUID() });
  } catch (error) {
    return { kind: 'failure', status: 502, code: 'demo_failed', message: `The demo upstream of ${lookup.id} failed: ${(error as Error).message}` };
  }
  const contentType = answer.contentType ?? JSON_TYPE;
  const isJson = /[/+]json\b/i.test(contentType);
  const text = isJson || typeof answer.body !== 'string' ? JSON.stringify(answer.body) : answer.body;
  const headers = Object.fromEntries(Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  return { kind: 'answer', status: answer.status, headers: { ...headers, 'content-type': contentType }, body: Buffer.from(text) };
}
