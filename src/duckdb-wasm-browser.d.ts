// DuckDB-wasm's API as the SQL part (src/sql/engine.ts, run-query.ts) uses it, for
// tsconfig.browser.json, which maps '@duckdb/duckdb-wasm' here: its types import Apache Arrow's,
// which reference Node's (see apache-arrow-browser.d.ts). tsconfig.json checks the same calls
// against the library's own types.
import type { Schema, RecordBatch, Table } from 'apache-arrow';

export interface DuckDBBundle {
  mainModule: string;
  mainWorker: string | null;
  pthreadWorker: string | null;
}
export interface DuckDBBundles {
  mvp: { mainModule: string; mainWorker: string };
  eh?: { mainModule: string; mainWorker: string };
}
export declare function selectBundle(bundles: DuckDBBundles): Promise<DuckDBBundle>;
export declare class VoidLogger {}
export interface DuckDBConfig {
  query?: { castBigIntToDouble?: boolean; castDecimalToDouble?: boolean; castTimestampToDate?: boolean };
}
export declare class AsyncDuckDB {
  constructor(logger: VoidLogger, worker: Worker);
  instantiate(mainModuleURL: string, pthreadWorkerURL?: string | null): Promise<null>;
  open(config: DuckDBConfig): Promise<void>;
  connect(): Promise<AsyncDuckDBConnection>;
  copyFileToBuffer(name: string): Promise<Uint8Array>;
  dropFile(name: string): Promise<null>;
}
export interface RecordBatchStream extends AsyncIterable<RecordBatch> {
  readonly schema: Schema;
}
export declare class AsyncDuckDBConnection {
  query(text: string): Promise<Table>;
  send(text: string, allowStreamResult?: boolean): Promise<RecordBatchStream>;
  cancelSent(): Promise<boolean>;
  getTableNames(query: string): Promise<string[]>;
  insertArrowTable(table: Table, options: { name: string; create?: boolean }): Promise<void>;
}
