// Every row checked with the operation's own parameter schema, through the form's validator, so a
// row gets exactly the message the form would give. Valid rows become jobs; identical queries are
// one job (sent once) that every row asking it shares.
import type { Operation, Params } from '../../lookups/define-lookup.ts';
import type { FormValues } from '../../form/form-values.ts';
import { validateValues } from '../../form/validate-values.ts';
import type { ColumnMapping } from './column-mapping.ts';
import type { InputRow } from './read-input.ts';

export interface RowProblem {
  /** "line 7" / "item 3". */
  where: string;
  /** The column at fault, or the parameter with "(constant)" when the form's value is at fault. */
  column: string;
  message: string;
}

/** One query to send: the parsed parameters and the rows that ask it. */
export interface Job {
  index: number;
  params: Params;
  /** The first row that asks it (its cells are the output's input columns). */
  input: Record<string, string>;
  /** Where each row that asks it is in the file. */
  rows: string[];
}

export interface RowCheck {
  jobs: Job[];
  invalid: Array<{ row: InputRow; problems: RowProblem[] }>;
  /** Valid rows that repeat an earlier query: not sent again. */
  duplicates: number;
}

/** The values one row sends: the form's constants, overridden by the mapped cells. */
export function rowValues(row: InputRow, mapping: ColumnMapping, constants: FormValues): FormValues {
  const values: FormValues = {};
  for (const [name, value] of Object.entries(constants)) if (!(name in mapping)) values[name] = value;
  for (const [name, column] of Object.entries(mapping)) values[name] = row.values[column] ?? '';
  return values;
}

/** A stable identity for parsed parameters: the same query whatever the column order or spelling. */
export function queryKey(params: Params): string {
  const entries = Object.entries(params).filter(([, value]) => value !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

export function checkRows(operation: Operation, rows: readonly InputRow[], mapping: ColumnMapping, constants: FormValues): RowCheck {
  const jobs: Job[] = [];
  const byKey = new Map<string, Job>();
  const invalid: RowCheck['invalid'] = [];
  let duplicates = 0;
  const columnOf = (name: string) => mapping[name] ?? `${name} (constant)`;
  for (const row of rows) {
    const validation = validateValues(operation, rowValues(row, mapping, constants));
    if (!validation.ok) {
      const problems: RowProblem[] = [
        ...Object.entries(validation.errors.fields).map(([name, message]) => ({ where: row.where, column: columnOf(name), message })),
        ...validation.errors.form.map((message) => ({ where: row.where, column: '(whole row)', message })),
      ];
      invalid.push({ row, problems });
      continue;
    }
    const key = queryKey(validation.params);
    const existing = byKey.get(key);
    if (existing) {
      existing.rows.push(row.where);
      duplicates += 1;
      continue;
    }
    const job: Job = { index: jobs.length, params: validation.params, input: row.values, rows: [row.where] };
    byKey.set(key, job);
    jobs.push(job);
  }
  return { jobs, invalid, duplicates };
}
