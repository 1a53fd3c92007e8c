// The messages between the page and the worker that reads a big answer (answer-worker.ts).
import type { StreamProgress } from '../../api/answer-stream.ts';
import type { SchemaIssue } from '../../lookups/answer.ts';
import type { ColumnStats } from '../table/filter-records.ts';
import type { FlatRow } from '../table/flatten-records.ts';
import type { PathKey } from '../../lookups/json-splitter.ts';

export type ToReader =
  | {
      type: 'start';
      /** The lookup (its definition is loaded in the worker) and the operation answered. */
      slug: string;
      operationId: string;
      progressive: boolean;
      totalBytes: number | undefined;
      /** Bytes the page read already, in order; the rest follows as `chunk` messages. */
      head: Uint8Array[];
    }
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'end' }
  /** Keep what arrived: the answer is made of the records received so far. */
  | { type: 'stop' };

export interface BatchMessage {
  type: 'batch';
  /** Records completed since the last batch, in order. */
  records: unknown[];
  /** Each record flattened for the table; null where the flat row is the record itself (a flat record). */
  rows: Array<FlatRow | null>;
  /** Columns first seen in this batch, in the order seen. */
  columns: string[];
  /** The batch's counts per column it has (merged on the page into the table's column kinds). */
  stats: Array<[string, ColumnStats]>;
  /** The body's text decoded since the last message. */
  text: string;
  progress: StreamProgress;
}

export type DoneMessage = {
  type: 'done';
  /** The text decoded since the last batch. */
  text: string;
  progress: StreamProgress;
  /** Set when Stop ended the read: the number of records kept. */
  stoppedAfter?: number;
} & (
  | {
      /** The records came in the batches: the body is the skeleton with them at `path`. */
      kind: 'split';
      skeleton: string;
      path: PathKey[];
      /** The schema check; absent when the page is to check the whole body itself. */
      issues?: SchemaIssue[];
    }
  | {
      /** The body read whole (the records were not followed, or not well formed): batches sent are void. */
      kind: 'whole';
      body: unknown;
      parseError?: string;
      issues?: SchemaIssue[];
      /** The page is to read its text whole (the worker no longer held it). */
      reread?: true;
    }
);

export type FromReader = BatchMessage | DoneMessage | { type: 'failed'; message: string };
