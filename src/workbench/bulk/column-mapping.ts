// Which column of the file feeds which parameter. Matched by name, ignoring case and surrounding
// spaces; the user maps the rest by hand, and a parameter no column feeds takes the form's value.
import type { Operation } from '../../lookups/define-lookup.ts';

/** Parameter name → the column that feeds it (absent: the constant from the form applies). */
export type ColumnMapping = Record<string, string>;

export function parameterNames(operation: Operation): string[] {
  return Object.keys(operation.params.shape);
}

/** The columns whose name is a parameter's name (case-insensitive). */
export function matchColumns(operation: Operation, columns: readonly string[]): ColumnMapping {
  const byName = new Map(columns.map((column) => [column.trim().toLowerCase(), column]));
  const mapping: ColumnMapping = {};
  for (const name of parameterNames(operation)) {
    const column = byName.get(name.toLowerCase());
    if (column !== undefined) mapping[name] = column;
  }
  return mapping;
}

/** Columns no parameter reads: carried into the output as they are, never sent. */
export function unmappedColumns(columns: readonly string[], mapping: ColumnMapping): string[] {
  const used = new Set(Object.values(mapping));
  return columns.filter((column) => !used.has(column));
}
