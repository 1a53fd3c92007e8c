// The merged dataset: each output row carries the input row's columns, the row's status (ok, empty,
// failed with its reason) and one answer record's fields, so one input row gives one output row
// per record, or one row when it has none. A record field named like an input column keeps its
// value under `row_answer` (shown as `row_answer.<name>`), so neither hides the other.
import type { AnyLookup, AnyOperation, Params } from './define-lookup.ts';
import { isRecord } from './adapters.ts';
import { interpretAnswer } from './answer.ts';
import { WIRE_HEADERS } from './wire.ts';

export const STATUS_COLUMN = 'row_status';
export const REASON_COLUMN = 'row_reason';
export const COLLISIONS_KEY = 'row_answer';
const RESERVED = new Set([STATUS_COLUMN, REASON_COLUMN, COLLISIONS_KEY]);

export type FinalState = 'ok' | 'empty' | 'failed';
export type MergedRow = Record<string, unknown>;

export interface SettledJob {
  index: number;
  input: Record<string, string>;
  state: FinalState;
  reason?: string | undefined;
}

export function mergeRows(job: SettledJob, records: readonly unknown[], columns: readonly string[]): MergedRow[] {
  const base: MergedRow = {};
  for (const column of columns) if (!RESERVED.has(column)) base[column] = job.input[column] ?? '';
  base[STATUS_COLUMN] = job.state;
  base[REASON_COLUMN] = job.reason ?? null;
  if (job.state !== 'ok' || records.length === 0) return [base];
  const taken = new Set(Object.keys(base));
  return records.map((record) => {
    const row: MergedRow = { ...base };
    const fields = isRecord(record) ? record : { value: record };
    let collided: Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(fields)) {
      if (taken.has(key)) (collided ??= {})[key] = value;
      else row[key] = value;
    }
    if (collided) row[COLLISIONS_KEY] = collided;
    return row;
  });
}

/** The answer record an output row was made from (for the map's point adapter); undefined without one. */
export function originalRecord(row: MergedRow, columns: readonly string[]): Record<string, unknown> | undefined {
  if (row[STATUS_COLUMN] !== 'ok') return undefined;
  const skip = new Set([...columns, ...RESERVED]);
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!skip.has(key)) record[key] = value;
  const collided = row[COLLISIONS_KEY];
  if (isRecord(collided)) Object.assign(record, collided);
  return record;
}

/** The records an answer holds, read by the lookup's own interpreter from the body as received. */
export function answerRecords(
  lookup: AnyLookup,
  operation: AnyOperation,
  params: Params,
  text: string,
  maskedHeader: string | undefined,
  mask: boolean,
): readonly unknown[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [];
  }
  const headers: Array<[string, string]> = maskedHeader === undefined ? [] : [[WIRE_HEADERS.masked, maskedHeader]];
  return interpretAnswer(lookup, operation, params, { body, headers }, { mask }).records;
}
