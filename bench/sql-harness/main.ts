// The SQL part's own modules in a bare page, for bench/sql.ts: load a dataset of flat rows (as the
// table and a bulk dataset hold them) into the engine, and run queries, timing each step.
import { flattenRecords } from '../../src/results/table-api.ts';
import { toArrowTable } from '../../src/sql/arrow-columns.ts';
import { engine, putTable } from '../../src/sql/engine.ts';
import { runQuery } from '../../src/sql/run-query.ts';
import { ensureTables } from '../../src/sql/table-registry.ts';

const OFFENSES = ['Theft', 'Assault', 'Burglary', 'Vandalism', 'Fraud', 'Robbery', 'Arson', 'Trespass'];

/** A bulk-like dataset: input columns, a status, and a nested answer record per row. */
function dataset(rows: number, keyOffset: number) {
  const records = [];
  for (let at = 0; at < rows; at += 1) {
    records.push({
      zip: String(10000 + ((at * 7) % 900)),
      row_status: 'ok',
      incident_code: `c${at + keyOffset}`,
      incident_offense: OFFENSES[at % OFFENSES.length],
      incident_date: new Date(Date.UTC(2026, 0, 1) + at * 60_000).toISOString(),
      location: { lat: 37 + (at % 1000) / 10_000, lon: -122 - (at % 997) / 10_000 },
      value: at * 1.5,
      reported: at % 3 === 0,
    });
  }
  return flattenRecords(records, { nested: 'json' });
}

async function time<T>(task: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await task();
  return { ms: performance.now() - started, value };
}

declare global {
  interface Window {
    sqlBench: typeof sqlBench;
  }
}

const sqlBench = {
  start: async () => (await time(() => engine())).ms,
  /** Builds `rows` flat rows in the page, then times loading them into the engine as `name`. */
  load: async (name: string, rows: number, keyOffset = 0) => {
    const flat = dataset(rows, keyOffset);
    return (await time(() => ensureTables([{ name, key: flat, unmasked: false, rows: () => flat }]))).ms;
  },
  /** The same load in its two steps: Arrow columns on the page, then the engine's insert. */
  loadSteps: async (name: string, rows: number) => {
    const flat = dataset(rows, 0);
    const arrow = await time(async () => toArrowTable(flat).arrow);
    const insert = await time(() => putTable(name, arrow.value));
    return { arrowMs: arrow.ms, insertMs: insert.ms };
  },
  query: async (sql: string) => {
    const { ms, value } = await time(() => runQuery(sql));
    return { ms, rows: value.table.numRows };
  },
};
window.sqlBench = sqlBench;
