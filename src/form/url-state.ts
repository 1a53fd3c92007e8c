// The page URL's query string is the form state: one key per filled parameter (the spec's name),
// plus `op` when the operation is not the lookup's first. A URL holding any parameter value is a
// sent query: opening it runs the query, so every result is a link.
//
// A sent query with no values at all (an all-optional lookup sent blank) would be
// indistinguishable from a fresh form, so it is marked with a bare `run` key: `/lookups/x?run`.
// No lookup has a parameter of that name; the marker is written only when no value is.
//
// How the answer is viewed travels beside the query, in keys no lookup uses as a parameter:
// `view` (the tab: overview, map, table, sql, tree, raw, request), `sort` (a column of the table, `-`
// first for descending), `cols` (the columns shown, comma-separated; `*` for all), `f` (a table
// filter condition, repeated: `call_type:eq:Alarm`, see results/filter-query.ts) and `facets`
// (the faceted columns, comma-separated), `sql` (the SQL tab's query), and the map's `color`, `size`,
// `layer`, `time`, `area` and `layers` (results/filter-query.ts). They never
// make a URL a sent query and never change which query it is: `?movie_id=550&view=tree` runs the
// same request as `?movie_id=550`. Missing or unknown view values fall back to the defaults.
import type { LookupDefinition, Operation, Params, ResultTab } from '../lookups/define-lookup.ts';
import { columnChoiceOf, type TableSort, type ViewState } from '../results/view-state.ts';
import { defaultOperation, findOperation } from '../lookups/define-lookup.ts';
import {
  facetsFromParam,
  facetsToParam,
  filtersFromParams,
  filtersToParams,
  MAP_KEYS,
  mapLookFromParams,
  mapLookToParams,
} from '../results/filter-query.ts';
import { paramToText } from '../lookups/request.ts';
import { OPERATION_KEY, type FormValues } from './form-values.ts';
import { type FieldErrors, validateValues } from './validate-values.ts';

export const SENT_KEY = 'run';
export const VIEW_KEY = 'view';
export const SORT_KEY = 'sort';
export const COLUMNS_KEY = 'cols';
export const FILTER_KEY = 'f';
export const FACETS_KEY = 'facets';
/** The SQL tab's query (src/sql/). */
export const SQL_KEY = 'sql';
/** A history entry whose stored answer is shown instead of sending the query (workbench/history). */
export const STORED_KEY = 'stored';
/** Every key the page writes besides parameter names: none may be a parameter's name. */
export const RESERVED_KEYS: readonly string[] = [
  OPERATION_KEY,
  SENT_KEY,
  VIEW_KEY,
  SORT_KEY,
  COLUMNS_KEY,
  FILTER_KEY,
  FACETS_KEY,
  SQL_KEY,
  STORED_KEY,
  ...MAP_KEYS,
];
const VIEW_KEYS: ReadonlySet<string> = new Set([VIEW_KEY, SORT_KEY, COLUMNS_KEY, FILTER_KEY, FACETS_KEY, SQL_KEY, ...MAP_KEYS]);

/** The tab names written to the URL (`own` reads better as `overview`). */
const TAB_NAMES = {
  own: 'overview',
  map: 'map',
  table: 'table',
  sql: 'sql',
  tree: 'tree',
  raw: 'raw',
  request: 'request',
} as const satisfies Record<ResultTab, string>;
const TAB_BY_NAME = new Map(Object.entries(TAB_NAMES).map(([tab, name]) => [name as string, tab as ResultTab]));
const ALL_COLUMNS = '*';

export interface UrlQuery {
  operation: Operation;
  /** The operation's parameters found in the URL, as the text each control holds. */
  values: FormValues;
  /** Whether the URL records a sent query (values, or the `run` marker). */
  sent: boolean;
}

export type ParsedUrlQuery = UrlQuery & {
  /** The parsed parameters of a sent, valid query: what the page fetches. */
  submittedParams?: Params;
  /** Why a sent query is invalid (a hand-edited or outdated link): shown in the form. */
  urlErrors?: FieldErrors;
};

export function readUrlQuery(lookup: LookupDefinition, search: string): UrlQuery {
  const query = new URLSearchParams(search);
  const operation = findOperation(lookup, query.get(OPERATION_KEY));
  const values: FormValues = {};
  for (const name of Object.keys(operation.params.shape)) {
    const value = query.get(name);
    if (value !== null && value.trim() !== '') values[name] = value;
  }
  return { operation, values, sent: Object.keys(values).length > 0 || query.has(SENT_KEY) };
}

export function parseUrlQuery(lookup: LookupDefinition, search: string): ParsedUrlQuery {
  const url = readUrlQuery(lookup, search);
  if (!url.sent) return url;
  const validation = validateValues(url.operation, url.values);
  return validation.ok ? { ...url, submittedParams: validation.params } : { ...url, urlErrors: validation.errors };
}

/** The search string (with `?`) recording a sent query; values in the definition's field order, then the view. */
export function sentQuerySearch(lookup: LookupDefinition, operation: Operation, values: FormValues, view?: ViewState): string {
  return view ? withViewState(querySearch(lookup, operation, values), view) : querySearch(lookup, operation, values);
}

function querySearch(lookup: LookupDefinition, operation: Operation, values: FormValues): string {
  const query = new URLSearchParams();
  if (operation !== defaultOperation(lookup)) query.set(OPERATION_KEY, operation.id);
  let filled = 0;
  for (const name of Object.keys(operation.params.shape)) {
    const value = values[name];
    if (value === undefined || value.trim() === '') continue;
    query.set(name, value);
    filled += 1;
  }
  const search = query.toString();
  if (filled > 0) return `?${search}`;
  return `?${search ? `${search}&` : ''}${SENT_KEY}`;
}

/** The search string of a fresh form for an operation: nothing sent yet. */
export function operationSearch(lookup: LookupDefinition, operation: Operation): string {
  return operation === defaultOperation(lookup) ? '' : `?${new URLSearchParams({ [OPERATION_KEY]: operation.id })}`;
}

/** Parsed parameters back to control text (the paging bar's neighbours). */
export function paramsToValues(operation: Operation, params: Params): FormValues {
  const values: FormValues = {};
  for (const name of Object.keys(operation.params.shape)) {
    const value = params[name];
    if (value !== undefined) values[name] = paramToText(value);
  }
  return values;
}

/** Values of one operation that another also has: kept when the user switches between them. */
export function carryValues(values: FormValues, to: Operation): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => name in to.params.shape && value.trim() !== ''));
}

/** The view the URL holds; anything missing or unreadable is left to its default. */
export function readViewState(search: string): ViewState {
  const query = new URLSearchParams(search);
  const view: ViewState = {};
  const tab = TAB_BY_NAME.get(query.get(VIEW_KEY) ?? '');
  if (tab) view.tab = tab;
  const sort = readSort(query.get(SORT_KEY));
  if (sort) view.sort = sort;
  const columns = query.get(COLUMNS_KEY);
  if (columns !== null) view.columns = columns === ALL_COLUMNS ? 'all' : columns === '' ? [] : columns.split(',');
  const filters = filtersFromParams(query.getAll(FILTER_KEY));
  if (filters) view.filters = filters;
  const facets = facetsFromParam(query.get(FACETS_KEY));
  if (facets) view.facets = facets;
  const sql = query.get(SQL_KEY);
  if (sql) view.sql = sql;
  const map = mapLookFromParams(query);
  if (map) view.map = map;
  return view;
}

function readSort(text: string | null): TableSort | undefined {
  if (!text) return undefined;
  const descending = text.startsWith('-');
  const column = descending ? text.slice(1) : text;
  return column ? { column, direction: descending ? 'descending' : 'ascending' } : undefined;
}

/** The `view`, `sort`, `cols`, `f` and `facets` keys of a view, encoded; empty for the default view. */
export function viewQuery(view: ViewState): string {
  const query = new URLSearchParams();
  if (view.tab) query.set(VIEW_KEY, TAB_NAMES[view.tab]);
  if (view.sort) query.set(SORT_KEY, `${view.sort.direction === 'descending' ? '-' : ''}${view.sort.column}`);
  // Only the person's choice travels: the key columns come from the definition.
  const columns = columnChoiceOf(view.columns);
  if (columns) query.set(COLUMNS_KEY, columns === 'all' ? ALL_COLUMNS : columns.join(','));
  for (const condition of filtersToParams(view.filters)) query.append(FILTER_KEY, condition);
  const facets = facetsToParam(view.facets);
  if (facets) query.set(FACETS_KEY, facets);
  if (view.sql) query.set(SQL_KEY, view.sql);
  for (const [key, value] of mapLookToParams(view.map)) query.set(key, value);
  return query.toString();
}

/** The search string with its view keys replaced by `view`'s; every other part is kept as written (a bare `run` stays bare). */
export function withViewState(search: string, view: ViewState): string {
  const text = search.startsWith('?') ? search.slice(1) : search;
  const kept = text === '' ? [] : text.split('&').filter((part) => part !== '' && !VIEW_KEYS.has(partKey(part)));
  const added = viewQuery(view);
  const parts = added ? [...kept, added] : kept;
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function partKey(part: string): string {
  const raw = part.split('=', 1)[0]!.replaceAll('+', ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The search string (with `?`) of a sent query for an operation the page has not loaded, known by
 * its id (a link from another lookup's record): `op` when given, then the values in their order.
 * Opening it fills that lookup's form and runs the query, as any sent query's URL does.
 */
export function linkedQuerySearch(operationId: string | undefined, values: FormValues): string {
  const query = new URLSearchParams();
  if (operationId !== undefined) query.set(OPERATION_KEY, operationId);
  for (const [name, value] of Object.entries(values)) if (value.trim() !== '' && !RESERVED_KEYS.includes(name)) query.set(name, value);
  const search = query.toString();
  return search ? `?${search}` : `?${SENT_KEY}`;
}
