// The failed rows as a CSV ready to fix and upload again: the input columns as they were, plus the
// reason (an unmapped column, so it is carried along and never sent).
import { recordsToCsv } from '../../results/export/csv.ts';
import { REASON_COLUMN } from './merge.ts';
import type { JobRecord } from './run-store.ts';

export function failedRowsCsv(jobs: readonly JobRecord[], columns: readonly string[]): string {
  const rows = jobs
    .filter((job) => job.state === 'failed')
    .map((job) => ({
      ...Object.fromEntries(columns.map((column) => [column, job.input[column] ?? ''])),
      [REASON_COLUMN]: job.reason ?? '',
    }));
  return recordsToCsv(rows, { columns: [...columns.filter((column) => column !== REASON_COLUMN), REASON_COLUMN] });
}
