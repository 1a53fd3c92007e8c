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
  /** The text the row sent for that parameter (the cell, or the constant); none for a whole-row rule. */
  value?: string;
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

/**
 * A row's cell of a column, or of a column spelt the same in another case: the columns of a JSON
 * array are every key any item has, so `zipcode` and `ZIPCODE` are two columns where one item
 * uses one spelling and another the other; matching is by name in any case, so both feed it.
 */
function cellOf(row: InputRow, column: string): string {
  const own = row.values[column];
  if (own !== undefined && own !== '') return own;
  const name = column.trim().toLowerCase();
  for (const [key, value] of Object.entries(row.values))
    if (value !== '' && key !== column && key.trim().toLowerCase() === name) return value;
  return own ?? '';
}

/** The values one row sends: the form's constants, overridden by the mapped cells. */
export function rowValues(row: InputRow, mapping: ColumnMapping, constants: FormValues): FormValues {
  const values: FormValues = {};
  for (const [name, value] of Object.entries(constants)) if (!(name in mapping)) values[name] = value;
  for (const [name, column] of Object.entries(mapping)) values[name] = cellOf(row, column);
  return values;
}

/** A stable identity for parsed parameters: the same query whatever the column order or spelling. */
export function queryKey(params: Params): string {
  const entries = Object.entries(params).filter(([, value]) => value !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/** Checks rows one at a time, keeping the jobs, the invalid rows and the duplicates found so far. */
class RowChecker {
  readonly jobs: Job[] = [];
  readonly invalid: RowCheck['invalid'] = [];
  duplicates = 0;
  private readonly byKey = new Map<string, Job>();

  constructor(
    private readonly operation: Operation,
    private readonly mapping: ColumnMapping,
    private readonly constants: FormValues,
  ) {}

  check(row: InputRow): void {
    const values = rowValues(row, this.mapping, this.constants);
    const validation = validateValues(this.operation, values);
    if (!validation.ok) {
      const columnOf = (name: string) => this.mapping[name] ?? `${name} (constant)`;
      const problems: RowProblem[] = [
        ...Object.entries(validation.errors.fields).map(([name, message]) => ({
          where: row.where,
          column: columnOf(name),
          value: values[name] ?? '',
          message,
        })),
        ...validation.errors.form.map((message) => ({ where: row.where, column: '(whole row)', message })),
      ];
      this.invalid.push({ row, problems });
      return;
    }
    const key = queryKey(validation.params);
    const existing = this.byKey.get(key);
    if (existing) {
      existing.rows.push(row.where);
      this.duplicates += 1;
      return;
    }
    const job: Job = { index: this.jobs.length, params: validation.params, input: row.values, rows: [row.where] };
    this.byKey.set(key, job);
    this.jobs.push(job);
  }

  result(): RowCheck {
    return { jobs: this.jobs, invalid: this.invalid, duplicates: this.duplicates };
  }
}

export interface SlicedCheckOptions {
  /** Stops the check (the file, mapping or constants changed): the promise then resolves undefined. */
  signal: AbortSignal;
  /** How long one slice may run before the page gets its turn. */
  sliceMs?: number;
  /** Rows checked so far, after each slice. */
  onProgress?: (checked: number) => void;
  /** Gives the page its turn between slices (tests pass their own). */
  yieldToPage?: () => Promise<void>;
}

/**
 * The rows checked in slices of a few milliseconds, the page answering in between: 10,000 rows are
 * about a second of zod on this machine, which as one task froze the page at every mapping change.
 */
export async function checkRowsInSlices(
  operation: Operation,
  rows: readonly InputRow[],
  mapping: ColumnMapping,
  constants: FormValues,
  { signal, sliceMs = 8, onProgress, yieldToPage = yieldToBrowser }: SlicedCheckOptions,
): Promise<RowCheck | undefined> {
  const checker = new RowChecker(operation, mapping, constants);
  let next = 0;
  while (next < rows.length) {
    if (signal.aborted) return undefined;
    const sliceEnd = performance.now() + sliceMs;
    do checker.check(rows[next++]!);
    while (next < rows.length && performance.now() < sliceEnd);
    onProgress?.(next);
    if (next < rows.length) await yieldToPage();
  }
  return signal.aborted ? undefined : checker.result();
}

/**
 * A new task, soon: scheduler.yield where the browser has it (Chromium), else a message to
 * ourselves (a timer nested this deep waits at least 4 ms).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
