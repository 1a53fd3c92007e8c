// Table filters and facets on a large answer: lookup M's demo answer of 10,000 calls (the
// benchmark query of bench/table-tree.ts), flattened as the table does, then timed in Node:
// applying a filter (text contains, one value of a column, a date range, three together) and
// computing a facet (the call types, and the addresses: many distinct values). Prints the median
// of several runs of each. Target: ≤ 100 ms each.
import { callsForService } from '../src/lookups/m-calls-for-service.ts';
import { largeCallsQuery } from '../src/demo/m-calls-for-service.ts';
import { callsForServiceDemo } from '../src/demo/m-calls-for-service.ts';
import { facetOf } from '../src/results/table/facets.ts';
import { filterRows } from '../src/results/table/filter-records.ts';
import { flattenRecords } from '../src/results/table/flatten-records.ts';
import type { TableFilters } from '../src/results/view-state.ts';

const TARGET_MS = 100;
const RUNS = 9;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Median milliseconds of `RUNS` runs (after one warm-up run) and the last result. */
function time<T>(run: () => T): { ms: number; result: T } {
  let result = run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    result = run();
    times.push(performance.now() - started);
  }
  return { ms: median(times), result };
}

const operation = callsForService.operations[0];
const params = operation.params.parse(largeCallsQuery);
const answer = callsForServiceDemo({ lookup: callsForService, operation, params, requestId: 'bench' } as Parameters<
  typeof callsForServiceDemo
>[0]);
if (answer.status !== 200) throw new Error(`The demo did not answer: ${answer.status}`);
const records = (answer.body as { incidents: unknown[] }).incidents;

const flat = time(() => flattenRecords(records));
const table = flat.result;
const [firstType] = facetOf(table, 'call_type', undefined).values;
// The calls come newest first: a week ending at the middle call's day holds part of them.
const middleDay = String(table.rows[Math.floor(table.rows.length / 2)]!.call_date).slice(0, 10);
const weekBefore = new Date(Date.parse(middleDay) - 6 * 86_400_000).toISOString().slice(0, 10);
const filters: Array<[string, TableFilters]> = [
  ['text contains ("door")', { call_description: { contains: 'door' } }],
  [`one value (call_type = ${firstType!.key})`, { call_type: { equals: [firstType!.key] } }],
  [`date range (${weekBefore} to ${middleDay})`, { call_date: { from: weekBefore, to: middleDay } }],
  [
    'three together (contains, is not, date range)',
    { call_description: { contains: 'door' }, call_type: { excludes: [firstType!.key] }, call_date: { from: weekBefore, to: middleDay } },
  ],
];

console.log(`M demo answer: ${records.length.toLocaleString('en-US')} records, ${table.columns.length} columns`);
console.log(`flatten for the table (once per answer): ${flat.ms.toFixed(1)} ms`);
let worst = 0;
for (const [name, filter] of filters) {
  // A new object each run, so nothing is served from the table's cache.
  const { ms, result } = time(() => filterRows(table, structuredClone(filter)));
  worst = Math.max(worst, ms);
  console.log(`filter, ${name}: ${ms.toFixed(1)} ms (median of ${RUNS}) → ${result?.length.toLocaleString('en-US')} records`);
}
for (const [column, filter] of [
  ['call_type', undefined],
  ['call_address', undefined],
  ['call_type', filters[2]![1]],
] as const) {
  const { ms, result } = time(() => facetOf(table, column, filter));
  worst = Math.max(worst, ms);
  const under = filter ? ' under the date range' : '';
  console.log(
    `facet ${column}${under}: ${ms.toFixed(1)} ms (median of ${RUNS}) → top ${result.values.length} of ${result.values.length + result.more} values`,
  );
}
console.log(`slowest: ${worst.toFixed(1)} ms (target ≤ ${TARGET_MS} ms)`);
if (worst > TARGET_MS) process.exitCode = 1;
