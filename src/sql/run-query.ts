// Runs one query at a time on the engine, streaming its result in Arrow record batches, and stops
// it on request: `cancelSent` stops a query still being worked out; one that will not stop has its
// worker thrown away (the tables are loaded again on the next query).
import { type RecordBatch, Table } from 'apache-arrow';
import { engine, restartEngine } from './engine.ts';

export class QueryCancelled extends Error {
  constructor() {
    super('The query was cancelled.');
    this.name = 'QueryCancelled';
  }
}

export interface QueryResult {
  table: Table;
  /** Milliseconds from sending the query to its last row. */
  ms: number;
}

let running: { cancel: () => void } | undefined;

/** The query's whole result (Arrow keeps it compact; the page turns only the rows it shows into objects). */
export async function runQuery(sql: string): Promise<QueryResult> {
  const { connection } = await engine();
  let stop!: () => void;
  const cancelled = new Promise<never>((_resolve, reject) => {
    stop = () => reject(new QueryCancelled());
  });
  cancelled.catch(() => undefined);
  let wasCancelled = false;
  const mine = {
    cancel: () => {
      wasCancelled = true;
      stop();
    },
  };
  running = mine;
  const started = performance.now();
  const work = (async () => {
    const reader = await connection.send(sql, true);
    const batches: RecordBatch[] = [];
    for await (const batch of reader) {
      if (wasCancelled) break;
      batches.push(batch);
    }
    return batches.length > 0 ? new Table(batches) : new Table(reader.schema);
  })();
  try {
    const table = await Promise.race([work, cancelled]);
    return { table, ms: performance.now() - started };
  } finally {
    if (running === mine) running = undefined;
    work.catch(() => undefined);
  }
}

/** Stops the running query, if any; its `runQuery` rejects with QueryCancelled. */
export async function cancelQuery(): Promise<void> {
  const current = running;
  if (!current) return;
  current.cancel();
  const { connection } = await engine();
  const stopped = await Promise.race([
    connection.cancelSent().catch(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 500)),
  ]);
  if (!stopped) await restartEngine();
}

/** Writes the query's result as a Parquet file in the engine's own file system and reads it back. */
export async function parquetOf(sql: string): Promise<Uint8Array> {
  const { connection, db } = await engine();
  const file = `result-${Date.now()}.parquet`;
  await connection.query(`COPY (${sql.trim().replace(/;+\s*$/, '')}) TO '${file}' (FORMAT parquet)`);
  try {
    return await db.copyFileToBuffer(file);
  } finally {
    await db.dropFile(file);
  }
}
