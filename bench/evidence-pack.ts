// The evidence pack (issue #25) on a large answer: lookup M's demo answer of 10,000 calls (the
// benchmark query of bench/table-tree.ts), built into the pack as the browser does it, in Node:
// the SHA-256 of the answer's bytes, the table, the data dictionary, the escaped HTML and the ZIP.
// Prints the median of several runs and the sizes.
import { callsForService } from '../src/lookups/m-calls-for-service.ts';
import { callsForServiceDemo, largeCallsQuery } from '../src/demo/m-calls-for-service.ts';
import { interpretAnswer } from '../src/lookups/answer.ts';
import type { LookupResponse } from '../src/api/lookup-response.ts';
import { buildPack } from '../src/app/dossier/evidence/build-pack.ts';
import { answerBytes, sha256Hex } from '../src/app/dossier/evidence/sha256.ts';

const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function time<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  let result = await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    result = await run();
    times.push(performance.now() - started);
  }
  return { ms: median(times), result };
}

const operation = callsForService.operations[0];
const params = operation.params.parse(largeCallsQuery);
const demo = callsForServiceDemo({ lookup: callsForService, operation, params, requestId: 'bench' } as Parameters<
  typeof callsForServiceDemo
>[0]);
if (demo.status !== 200) throw new Error(`The demo did not answer: ${demo.status}`);
const text = JSON.stringify(demo.body);
const response: LookupResponse = {
  url: '/proxy/m/v3/calls-for-service/raw-data',
  method: 'GET',
  status: 200,
  statusText: 'OK',
  headers: [['x-lookup-masked', 'true']],
  source: 'demo',
  timeMs: 100,
  sizeBytes: text.length,
  contentType: 'application/json',
  text,
  body: demo.body,
};
const answer = interpretAnswer(callsForService, operation, params, response, { mask: true });
const pack = { lookup: callsForService, operation, params, response, answer, masked: true, fetchedAt: Date.now(), summary: [] };

const hash = await time(() => sha256Hex(answerBytes(text)));
const whole = await time(() => buildPack({ title: 'Bench', intro: 'M, 10,000 calls' }, [pack], undefined));
console.log(`answer: ${answer.records.length.toLocaleString('en-US')} calls, ${(text.length / 1e6).toFixed(1)} MB of JSON`);
console.log(`SHA-256 of the answer's bytes: ${hash.ms.toFixed(0)} ms (median of ${RUNS})`);
console.log(
  `whole pack (hash, table, dictionary, HTML, ZIP): ${whole.ms.toFixed(0)} ms (median of ${RUNS}); HTML ${(whole.result.html.length / 1e6).toFixed(1)} MB, ZIP ${(whole.result.zip.byteLength / 1e6).toFixed(1)} MB`,
);
