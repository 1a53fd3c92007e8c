// A comparison as files: JSON (the diff as the page shows it, with which two answers it compares)
// and CSV (one row per changed field of a changed record, one per added or removed record or path),
// so a diff can be kept, shared or opened in a spreadsheet. Loaded on the click (Papa Parse).
import { recordsToCsv } from '../../results/export/csv.ts';
import type { AnswerDiff } from './diff.ts';

/** The answer on one side of the comparison, as History lists it. */
export interface DiffSide {
  id: string;
  sentAt: number;
  params: Readonly<Record<string, unknown>>;
}

export interface DiffExportContext {
  lookupId: string;
  operationId: string;
  first: DiffSide;
  second: DiffSide;
}

const side = ({ id, sentAt, params }: DiffSide) => ({ historyId: id, sentAt: new Date(sentAt).toISOString(), params });

export function diffToJson(diff: AnswerDiff, context: DiffExportContext): string {
  const answers = { lookup: context.lookupId, operation: context.operationId, before: side(context.first), after: side(context.second) };
  const body =
    diff.kind === 'records'
      ? {
          kind: diff.kind,
          matchedBy: diff.matchedBy,
          identity: diff.identity ?? null,
          masked: diff.masked,
          counts: diff.counts,
          changed: diff.changed,
          added: diff.added,
          removed: diff.removed,
        }
      : { kind: diff.kind, masked: diff.masked, counts: diff.counts, changes: diff.changes };
  return `${JSON.stringify({ ...answers, ...body }, (_key, value: unknown) => (value === undefined ? null : value), 2)}\n`;
}

/** A value in one CSV cell: text as it is, anything else as compact JSON, absent as empty. */
function cell(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

export const DIFF_CSV_COLUMNS = ['change', 'record', 'label', 'field', 'field_change', 'before', 'after'] as const;

type CsvRow = Record<(typeof DIFF_CSV_COLUMNS)[number], string>;

export function diffToCsv(diff: AnswerDiff): string {
  const rows: CsvRow[] = [];
  if (diff.kind === 'records') {
    for (const record of diff.changed) {
      for (const field of record.fields) {
        rows.push({
          change: 'changed',
          record: record.key,
          label: record.label,
          field: field.path,
          field_change: field.kind,
          before: cell(field.before),
          after: cell(field.after),
        });
      }
    }
    for (const entry of diff.added)
      rows.push({
        change: 'added',
        record: entry.key ?? '',
        label: entry.label,
        field: '',
        field_change: '',
        before: '',
        after: cell(entry.record),
      });
    for (const entry of diff.removed)
      rows.push({
        change: 'removed',
        record: entry.key ?? '',
        label: entry.label,
        field: '',
        field_change: '',
        before: cell(entry.record),
        after: '',
      });
  } else {
    for (const change of diff.changes)
      rows.push({
        change: change.kind,
        record: '',
        label: '',
        field: change.path,
        field_change: change.kind,
        before: cell(change.before),
        after: cell(change.after),
      });
  }
  return recordsToCsv(rows, { columns: DIFF_CSV_COLUMNS });
}
