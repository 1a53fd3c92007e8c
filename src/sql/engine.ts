// The embedded analytical engine: DuckDB-wasm in a Web Worker, started the first time SQL runs.
// Its files (the wasm module and the worker script) are imported with `?url`, so the build copies
// them into dist/assets and our own server serves them: SQL works offline and no other origin is
// asked for anything. This module is reached only through the lazy import of the SQL tab and the
// /sql page, so neither the catalog nor a lookup page downloads any of it (decision 020).
import * as duckdb from '@duckdb/duckdb-wasm';
import type { Table } from 'apache-arrow';
import ehModule from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpModule from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import mvpWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import { SPATIAL_MACROS } from './spatial-macros.ts';

// No 'coi' bundle: it needs a cross-origin isolated page (threads), which the app is not.
const BUNDLES: duckdb.DuckDBBundles = {
  mvp: { mainModule: mvpModule, mainWorker: mvpWorker },
  eh: { mainModule: ehModule, mainWorker: ehWorker },
};

export interface Engine {
  db: duckdb.AsyncDuckDB;
  connection: duckdb.AsyncDuckDBConnection;
  worker: Worker;
}

let starting: Promise<Engine> | undefined;
/** Bumped when the engine is thrown away (a cancel that could not stop a query): tables are loaded again. */
let generation = 0;

async function start(): Promise<Engine> {
  const bundle = await duckdb.selectBundle(BUNDLES);
  const worker = new Worker(bundle.mainWorker!);
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  await db.instantiate(bundle.mainModule, bundle.pthreadWorker);
  // Results come back as plain JavaScript numbers and dates, which the table shows as it shows answers.
  // (Reading another origin is refused by the page's Content-Security-Policy, connect-src 'self'.)
  await db.open({ query: { castBigIntToDouble: true, castDecimalToDouble: true, castTimestampToDate: true } });
  const connection = await db.connect();
  // distance_m and within_m are part of every session (spatial-macros.ts).
  for (const statement of SPATIAL_MACROS) await connection.query(statement);
  return { db, connection, worker };
}

/** The engine, started once per page (or again after `restartEngine`). */
export function engine(): Promise<Engine> {
  starting ??= start().catch((error: unknown) => {
    starting = undefined;
    throw error;
  });
  return starting;
}

/** Which start of the engine the tables were loaded into; a change means they must be loaded again. */
export function engineGeneration(): number {
  return generation;
}

/** Stops the worker outright (a query that would not cancel); the next use starts a fresh engine. */
export async function restartEngine(): Promise<void> {
  const current = starting;
  starting = undefined;
  generation += 1;
  if (!current) return;
  const running = await current.catch(() => undefined);
  running?.worker.terminate();
}

/** Loads an Arrow table as `name`, replacing one of that name. */
export async function putTable(name: string, table: Table): Promise<void> {
  const { connection } = await engine();
  await connection.query(`DROP TABLE IF EXISTS ${quoteName(name)}`);
  await connection.insertArrowTable(table, { name, create: true });
}

export async function dropTable(name: string): Promise<void> {
  const { connection } = await engine();
  await connection.query(`DROP TABLE IF EXISTS ${quoteName(name)}`);
}

/** A table or column name as a quoted SQL identifier. */
export function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The tables a query names, found by the engine's parser without running it; empty when it cannot parse. */
export async function tablesOf(sql: string): Promise<string[]> {
  const { connection } = await engine();
  return connection.getTableNames(sql).catch(() => []);
}
