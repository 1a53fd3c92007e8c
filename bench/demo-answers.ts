// The demo generators' heaviest single answers, each timed on its own in this process (no server):
// the figures the unit tests used to assert with a clock. The tests now prove the work each one
// does (a far page draws no more than the first, only the page sent is built, walks and the
// universe are built once); this prints what that work costs here. Wall time and this process's
// CPU time (on a shared machine the wall time includes waiting for a core), median of five warm runs.
import { loadavg } from 'node:os';
import { demoGenerators } from '../src/demo/generators.ts';
import { largeCallsQuery } from '../src/demo/m-calls-for-service.ts';
import { prospectUniverse } from '../src/demo/o-prospecting.ts';
import { lookups, type LookupId } from '../src/lookups/registry.ts';

const RUNS = 5;

/** One answer of a lookup's first operation, as the proxy's demo upstream asks it. */
function answer(id: LookupId, values: Record<string, string>): unknown {
  const lookup = lookups[id];
  const operation = lookup.operations[0];
  const params = operation.params.parse(values);
  const reply = (demoGenerators[id] as (request: unknown) => { status: number; body: unknown })({
    lookup,
    operation,
    params,
    requestId: 'bench',
  });
  if (reply.status !== 200) throw new Error(`${id} answered ${reply.status}`);
  return reply.body;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function measure(name: string, targetMs: number, work: () => void): boolean {
  work(); // warm-up: corpora, universes and walks are built here, once per process
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const usage = process.cpuUsage();
    work();
    const spent = process.cpuUsage(usage);
    wall.push(performance.now() - started);
    cpu.push((spent.user + spent.system) / 1000);
  }
  const met = median(wall) < targetMs;
  console.log(
    `  ${name.padEnd(46)} median ${median(wall).toFixed(0).padStart(5)} ms (CPU ${median(cpu).toFixed(0).padStart(5)} ms)   target < ${targetMs} ms: ${met ? 'met' : 'MISSED'}`,
  );
  return met;
}

console.log(`demo answers, ${RUNS} warm runs each; load average ${loadavg()[0]!.toFixed(1)}`);
const lExample = lookups.L.operations[0].example as Record<string, string>;
const wideL = { ...lExample, distance: '40km', datetime_ini: '2023-01-01T00:00:00.000Z', datetime_end: '2024-04-05T00:00:00.000Z' };
const results = [
  measure('L, page 999999999 of 40 km × 15 months', 500, () => answer('L', { ...wideL, page: '999999999' })),
  measure('L, page 1 of the same', 500, () => answer('L', { ...wideL, page: '1' })),
  measure('M, the 10,000-call answer (about 5 MB)', 1000, () => answer('M', { ...largeCallsQuery })),
  measure('I, a year of every currency against JPY', 500, () =>
    answer('I', { start_date: '2001-01-01', end_date: '2001-12-31', base: 'JPY' }),
  ),
  measure('B, the widest circle (200 km)', 1000, () => answer('B', { prox: '52.52,13.405,200000' })),
  measure('O, 50 searches of the universe', 1000, () => {
    for (let i = 0; i < 50; i++) answer('O', { website_keywords: 'cloud,delivery', nace: '49' });
  }),
  measure('T, a page at offset 2000 of ~all episodes', 200, () => answer('T', { q: 'e', sort_by_date: '1', offset: '2000' })),
];
console.log(`  (O's universe of ${prospectUniverse().length.toLocaleString('en-US')} companies is built once, in the warm-up)`);
console.log(`  targets: ${results.every(Boolean) ? 'all met' : 'NOT all met'}; load average at the end ${loadavg()[0]!.toFixed(1)}`);
