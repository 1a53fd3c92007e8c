// The table's filters and facets as URL values, so a link reproduces them. One `f` value per
// condition, `<column>:<op>:<value>`: `call_type:eq:Alarm`, `year:min:2000`, `call_date:from:2024-03-01`
// (ops: contains, min, max, from, to, eq, ne; eq/ne repeat for several values, an empty value is an
// empty cell). The first `:op:` ends the column name, so a value may hold colons. Anything that does
// not read (an unknown op, a bound that is not a number or a day) is dropped, never an error.
import type { ColumnFilter, TableFilters } from './view-state.ts';
import { normaliseFilter } from './table/normalise-filter.ts';

const CONDITION = /^(.+?):(contains|min|max|from|to|eq|ne):(.*)$/s;

/** The conditions of the filters as `f` values, in the filters' order. */
export function filtersToParams(filters: TableFilters | undefined): string[] {
  const values: string[] = [];
  for (const [column, raw] of Object.entries(filters ?? {})) {
    const filter = normaliseFilter(raw);
    if (!filter) continue;
    const add = (op: string, value: string | number) => values.push(`${column}:${op}:${value}`);
    if (filter.contains !== undefined) add('contains', filter.contains);
    if (filter.min !== undefined) add('min', filter.min);
    if (filter.max !== undefined) add('max', filter.max);
    if (filter.from !== undefined) add('from', filter.from);
    if (filter.to !== undefined) add('to', filter.to);
    for (const key of filter.equals ?? []) add('eq', key);
    for (const key of filter.excludes ?? []) add('ne', key);
  }
  return values;
}

/** `f` values back to filters; unreadable ones are ignored. Undefined when none reads. */
export function filtersFromParams(values: readonly string[]): TableFilters | undefined {
  const filters: Record<string, ColumnFilter> = {};
  for (const text of values) {
    const match = CONDITION.exec(text);
    if (!match) continue;
    const [, column, op, value] = match as unknown as [string, string, string, string];
    const filter: ColumnFilter = filters[column] ?? {};
    if (op === 'contains') filter.contains = value;
    else if (op === 'min' || op === 'max') {
      const number = value.trim() === '' ? Number.NaN : Number(value);
      if (Number.isFinite(number)) filter[op] = number;
    } else if (op === 'from' || op === 'to') filter[op] = value;
    else if (op === 'eq') filter.equals = [...(filter.equals ?? []), value];
    else filter.excludes = [...(filter.excludes ?? []), value];
    const clean = normaliseFilter(filter);
    if (clean) filters[column] = clean;
  }
  return Object.keys(filters).length > 0 ? filters : undefined;
}

/** Facet columns as one comma-separated value (like `cols`). */
export function facetsToParam(facets: readonly string[] | undefined): string | undefined {
  return facets && facets.length > 0 ? facets.join(',') : undefined;
}

export function facetsFromParam(text: string | null): string[] | undefined {
  if (!text) return undefined;
  const facets = [...new Set(text.split(',').filter((column) => column !== ''))];
  return facets.length > 0 ? facets : undefined;
}
