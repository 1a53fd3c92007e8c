// The records of a big answer as they arrive on the page: appended batch by batch (the worker
// flattened them and counted their columns), and handed to the table as snapshots: a new records
// array with its flat table and column kinds already in the table's cache, so a render of the
// table neither flattens nor scans. Snapshots cost a copy of two arrays of references.
import type { LiveSnapshot, StreamProgress } from '../../api/answer-stream.ts';
import { type ColumnInfo, type ColumnStats, kindOfStats, mergeColumnStats, rememberColumnKinds } from '../table/filter-records.ts';
import type { FlatRow, FlatTable } from '../table/flatten-records.ts';
import { provideFlatTable } from '../table/table-cache.ts';
import type { BatchMessage } from './stream-protocol.ts';

export class LiveRecords {
  readonly records: unknown[] = [];
  private readonly rows: FlatRow[] = [];
  private readonly columns: string[] = [];
  private readonly stats = new Map<string, ColumnStats>();
  /** The text so far, joined as it comes (a rope: the copy is made once, when the text is first read). */
  text = '';
  progress: StreamProgress;

  constructor(progress: StreamProgress) {
    this.progress = progress;
  }

  append(batch: BatchMessage): void {
    const { records, rows } = batch;
    for (let at = 0; at < records.length; at += 1) {
      const record = records[at];
      this.records.push(record);
      this.rows.push(rows[at] ?? (record as FlatRow));
    }
    for (const column of batch.columns) this.columns.push(column);
    for (const [column, counted] of batch.stats) {
      const before = this.stats.get(column);
      this.stats.set(column, before ? mergeColumnStats(before, counted) : counted);
    }
    this.text += batch.text;
    this.progress = batch.progress;
  }

  /** The records so far as a new array, their table in the table's cache. */
  snapshot(stopping: boolean): LiveSnapshot {
    const records = this.records.slice();
    this.provide(records, { columns: this.columns.slice(), rows: this.rows.slice() });
    return { records, progress: this.progress, stopping };
  }

  /** Hands the whole table over for the answer's own records array (the one in its body). */
  provideFinal(): void {
    this.provide(this.records, { columns: this.columns, rows: this.rows });
  }

  private provide(records: readonly unknown[], table: FlatTable): void {
    provideFlatTable(records, table);
    const count = table.rows.length;
    const kinds = new Map<string, ColumnInfo>(table.columns.map((column) => [column, kindOfStats(this.stats.get(column)!, count)]));
    rememberColumnKinds(table, kinds);
  }
}
