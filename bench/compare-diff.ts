// Compare on two large answers: lookup M's demo calls (the 10,000-call cap) for two windows a day
// apart, so most calls are in both, some only in one, and 500 calls of the second answer edited.
// Prints the time to diff them in Node (records read by M's adapter, matched by city, call code and date, field
// diffs) and the structured-clone round trip the compare worker adds in the browser.
// Target: well under a second.
import { loadavg } from 'node:os';
import { lookups } from '../src/lookups/registry.ts';
import { demoGenerators } from '../src/demo/generators.ts';
import { largeCallsQuery } from '../src/demo/m-calls-for-service.ts';
import { diffAnswers } from '../src/workbench/compare/diff.ts';

const TARGET_MS = 1000;
const lookup = lookups.M;
const operation = lookup.operations[0];

function answer(values: Record<string, string>): { incidents: Array<Record<string, unknown>> } {
  const params = operation.params.parse(values);
  const reply = demoGenerators.M({ lookup, operation, params, requestId: 'bench' });
  if (reply.status !== 200) throw new Error(`the demo answered ${reply.status}`);
  return reply.body as { incidents: Array<Record<string, unknown>> };
}

const dayLater = (iso: string) => new Date(Date.parse(iso) + 86_400_000).toISOString();
const before = answer(largeCallsQuery);
const shifted = answer({
  ...largeCallsQuery,
  datetime_ini: dayLater(largeCallsQuery.datetime_ini),
  datetime_end: dayLater(largeCallsQuery.datetime_end),
});
const after = {
  ...shifted,
  incidents: shifted.incidents.map((call, index) =>
    index % 20 === 7 ? { ...call, call_description: `${String(call.call_description)} (updated)` } : call,
  ),
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
// Wall time, and the CPU time this process spent: on a shared machine the wall time includes
// waiting for a core, the CPU time does not.
const cpuRuns: number[] = [];
const time = (work: () => void) => {
  const started = performance.now();
  const cpu = process.cpuUsage();
  work();
  const spent = process.cpuUsage(cpu);
  cpuRuns.push((spent.user + spent.system) / 1000);
  return performance.now() - started;
};

let diff = diffAnswers(lookup, operation, before, after); // warm-up
const diffRuns = Array.from({ length: 5 }, () => time(() => (diff = diffAnswers(lookup, operation, before, after))));
const diffCpu = cpuRuns.splice(0);
const cloneRuns = Array.from({ length: 5 }, () => time(() => structuredClone([before, after, diff])));
if (diff.kind !== 'records') throw new Error('expected a records diff');

const { added, removed, changed, unchanged } = diff.counts;
const ms = (value: number) => `${value.toFixed(0)} ms`;
console.log(
  `compare: ${before.incidents.length.toLocaleString('en-US')} × ${after.incidents.length.toLocaleString('en-US')} calls (${(JSON.stringify(before).length / 1e6).toFixed(1)} MB each)`,
);
console.log(`  found ${added} added, ${removed} removed, ${changed} changed, ${unchanged} unchanged`);
console.log(
  `  diff: median ${ms(median(diffRuns))} (runs ${diffRuns.map(ms).join(', ')}) — target < ${TARGET_MS} ms: ${median(diffRuns) < TARGET_MS ? 'met' : 'MISSED'}`,
);
console.log(
  `  diff CPU time: median ${ms(median(diffCpu))} (runs ${diffCpu.map(ms).join(', ')}); load average ${loadavg()[0]!.toFixed(1)}`,
);
console.log(`  structured clone of both bodies and the diff (the worker's round trip): median ${ms(median(cloneRuns))}`);
