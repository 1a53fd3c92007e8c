// The table's filters as pure functions over flat rows: which kind of filter fits a column, which
// records pass, and the edits the filter row and the facets make. The map and the exports read the
// same indices, so what the table shows is what they show and write.
import type { ColumnFilter, TableFilters } from '../view-state.ts';
import { type Cell, cellText, type FlatRow, type FlatTable } from './flatten-records.ts';
import { isDay, normaliseFilter } from './normalise-filter.ts';

// Kept here for their callers; they live apart so that the URL codec (filter-query.ts), which every
// lookup page loads, does not bring the table's code with it.
export { isDay, normaliseFilter };

/** number: min/max; date: from/to; choice: is / is not among a few values; text: contains. */
export type ColumnKind = 'number' | 'date' | 'choice' | 'text';

export interface ColumnInfo {
  kind: ColumnKind;
  /** The distinct cell keys of a choice column, sorted, `''` (empty) last. */
  choices?: readonly string[];
}

/** At most this many distinct values make a column a choice. */
export const CHOICE_LIMIT = 12;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** What equality compares: the cell's text, `''` for an empty cell. */
export function cellKey(cell: Cell | undefined): string {
  return cellText(cell).trim() === '' ? '' : cellText(cell);
}

/** Orders keys for display: by text (numeric-aware), the empty key last. */
export function compareKeys(a: string, b: string): number {
  if (a === '' || b === '') return a === b ? 0 : a === '' ? 1 : -1;
  return collator.compare(a, b);
}

/**
 * What a column's kind is decided from, counted over some rows. Counts of separate row sets add
 * up (mergeColumnStats), so a dataset assembled from parts (a bulk run's rows, merged in a worker)
 * gets the same kinds as one scan of all its rows, without that scan on the page's thread.
 */
export interface ColumnStats {
  /** Rows counted, the column's empty cells included. */
  rows: number;
  filled: number;
  numbers: number;
  dates: number;
  booleans: number;
  /** The distinct cell keys while there are at most CHOICE_LIMIT; null beyond (never a choice). */
  distinct: string[] | null;
}

function addDistinct(distinct: string[] | null, keys: Iterable<string>): string[] | null {
  if (distinct === null) return null;
  const all = new Set(distinct);
  for (const key of keys) {
    all.add(key);
    if (all.size > CHOICE_LIMIT) return null;
  }
  return [...all];
}

/** A column's counts over these rows (a row without the column counts as an empty cell). */
export function columnStats(rows: readonly FlatRow[], column: string): ColumnStats {
  let numbers = 0;
  let dates = 0;
  let booleans = 0;
  let filled = 0;
  const distinct = new Set<string>();
  for (const row of rows) {
    const cell = row[column];
    const key = cellKey(cell);
    if (distinct.size <= CHOICE_LIMIT) distinct.add(key);
    if (key === '') continue;
    filled += 1;
    if (typeof cell === 'number') numbers += 1;
    else if (typeof cell === 'boolean') booleans += 1;
    else if (typeof cell === 'string' && ISO_DATE.test(cell)) dates += 1;
  }
  return { rows: rows.length, filled, numbers, dates, booleans, distinct: distinct.size > CHOICE_LIMIT ? null : [...distinct] };
}

/** The counts of two separate sets of rows, as if counted together. */
export function mergeColumnStats(a: ColumnStats, b: ColumnStats): ColumnStats {
  return {
    rows: a.rows + b.rows,
    filled: a.filled + b.filled,
    numbers: a.numbers + b.numbers,
    dates: a.dates + b.dates,
    booleans: a.booleans + b.booleans,
    distinct: b.distinct === null ? null : addDistinct(a.distinct, b.distinct),
  };
}

/** The kind the counts call for; `rowCount` rows in all (rows counted without the column are empty cells). */
export function kindOfStats(stats: ColumnStats, rowCount = stats.rows): ColumnInfo {
  const { filled, numbers, dates, booleans } = stats;
  const distinct = rowCount > stats.rows ? addDistinct(stats.distinct, ['']) : stats.distinct;
  if (filled > 0 && numbers === filled) return { kind: 'number' };
  if (filled > 0 && dates === filled) return { kind: 'date' };
  if (distinct === null || filled === 0) return { kind: 'text' };
  const values = distinct.length - (distinct.includes('') ? 1 : 0);
  // A few values that repeat read as a choice; a few values that never repeat are better searched.
  if (booleans === filled || values * 2 <= filled) return { kind: 'choice', choices: [...distinct].sort(compareKeys) };
  return { kind: 'text' };
}

const kindsCache = new WeakMap<FlatTable, ReadonlyMap<string, ColumnInfo>>();

/** The filter kind of every column, worked out once per table. */
export function columnKinds(table: FlatTable): ReadonlyMap<string, ColumnInfo> {
  let kinds = kindsCache.get(table);
  if (!kinds) {
    kinds = new Map(table.columns.map((column) => [column, kindOfStats(columnStats(table.rows, column))]));
    kindsCache.set(table, kinds);
  }
  return kinds;
}

/** Kinds worked out elsewhere (from counts made off the page's thread) for this table: no scan on first render. */
export function rememberColumnKinds(table: FlatTable, kinds: ReadonlyMap<string, ColumnInfo>): void {
  kindsCache.set(table, kinds);
}

/** The filters with one column's filter replaced (or removed); undefined when none is left. */
export function withColumnFilter(
  filters: TableFilters | undefined,
  column: string,
  filter: ColumnFilter | undefined,
): TableFilters | undefined {
  const next: Record<string, ColumnFilter> = { ...filters };
  const clean = normaliseFilter(filter);
  if (clean) next[column] = clean;
  else delete next[column];
  return Object.keys(next).length > 0 ? next : undefined;
}

/** A facet click: adds the value to the column's "is one of", or takes it out when it is there. */
export function toggleEquals(filters: TableFilters | undefined, column: string, key: string): TableFilters | undefined {
  const current = filters?.[column] ?? {};
  const equals = current.equals ?? [];
  const next = equals.includes(key) ? equals.filter((value) => value !== key) : [...equals, key];
  return withColumnFilter(filters, column, { ...current, equals: next });
}

type CellTest = (cell: Cell | undefined) => boolean;

function testsOf(filter: ColumnFilter): CellTest[] {
  const tests: CellTest[] = [];
  const { contains, min, max, from, to, equals, excludes } = filter;
  if (contains !== undefined) {
    const needle = contains.trim().toLowerCase();
    tests.push((cell) => cellText(cell).toLowerCase().includes(needle));
  }
  if (min !== undefined) tests.push((cell) => typeof cell === 'number' && cell >= min);
  if (max !== undefined) tests.push((cell) => typeof cell === 'number' && cell <= max);
  if (from !== undefined) tests.push((cell) => typeof cell === 'string' && DAY.test(cell.slice(0, 10)) && cell.slice(0, 10) >= from);
  if (to !== undefined) tests.push((cell) => typeof cell === 'string' && DAY.test(cell.slice(0, 10)) && cell.slice(0, 10) <= to);
  if (equals !== undefined) {
    const wanted = new Set(equals);
    tests.push((cell) => wanted.has(cellKey(cell)));
  }
  if (excludes !== undefined) {
    const unwanted = new Set(excludes);
    tests.push((cell) => !unwanted.has(cellKey(cell)));
  }
  return tests;
}

/** The filters that apply to this table: its own columns, with something set. */
export function activeFilters(table: FlatTable, filters: TableFilters | undefined, except?: string): Array<[string, ColumnFilter]> {
  if (!filters) return [];
  const columns = new Set(table.columns);
  const active: Array<[string, ColumnFilter]> = [];
  for (const [column, filter] of Object.entries(filters)) {
    const clean = normaliseFilter(filter);
    if (clean && column !== except && columns.has(column)) active.push([column, clean]);
  }
  return active;
}

/**
 * Indices of the rows every filter passes, in the answer's order; undefined when no filter
 * applies (every row shows). `except` leaves one column's filter out (a facet's own counts).
 */
export function filterRows(table: FlatTable, filters: TableFilters | undefined, except?: string): number[] | undefined {
  const active = activeFilters(table, filters, except);
  if (active.length === 0) return undefined;
  const checks = active.flatMap(([column, filter]) => testsOf(filter).map((test) => ({ column, test })));
  const passed: number[] = [];
  const { rows } = table;
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
    let ok = true;
    for (const { column, test } of checks) {
      if (!test(row[column])) {
        ok = false;
        break;
      }
    }
    if (ok) passed.push(index);
  }
  return passed;
}

/** How a filter reads in the list of active filters, e.g. `call_type is Alarm or Fire`. */
export function describeFilter(column: string, filter: ColumnFilter): string {
  const shown = (key: string) => (key === '' ? '(empty)' : key);
  const parts: string[] = [];
  if (filter.contains !== undefined) parts.push(`contains “${filter.contains.trim()}”`);
  if (filter.min !== undefined) parts.push(`≥ ${filter.min}`);
  if (filter.max !== undefined) parts.push(`≤ ${filter.max}`);
  if (filter.from !== undefined) parts.push(`from ${filter.from}`);
  if (filter.to !== undefined) parts.push(`to ${filter.to}`);
  if (filter.equals) parts.push(`is ${filter.equals.map(shown).join(' or ')}`);
  if (filter.excludes) parts.push(`is not ${filter.excludes.map(shown).join(' or ')}`);
  return `${column} ${parts.join(', ')}`;
}
