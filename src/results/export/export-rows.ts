// The rows and columns a file export writes, in one place, so CSV and XLSX hold the same cells:
// the records flattened like the table's columns (arrays and deep objects as compact JSON), the
// chosen columns (every column by default) and the chosen record order (the answer's by default).
import { type Cell, flattenRecords } from '../table/flatten-records.ts';

export interface ExportRowsOptions {
  /** The columns to write, in this order; every column of the flattened records when absent. */
  columns?: readonly string[];
  /** Record indices in the order to write them; the records' own order when absent. */
  order?: readonly number[];
}

export interface ExportRows {
  fields: string[];
  /** One array of cells per record, aligned with `fields`; a field the record lacks is null. */
  rows: Cell[][];
}

export function exportRows(records: readonly unknown[], { columns, order }: ExportRowsOptions = {}): ExportRows {
  const table = flattenRecords(records, { nested: 'json' });
  const fields = [...(columns ?? table.columns)];
  const indices = order ?? table.rows.map((_, index) => index);
  const rows = indices.map((index) => {
    const row = table.rows[index] ?? {};
    return fields.map((field): Cell => row[field] ?? null);
  });
  return { fields, rows };
}
