// How the viewer shows an answer, apart from the answer itself: the tab, the table's sort, its
// chosen columns, its filters and facets. The lookup page keeps it in the URL (src/form/url-state.ts), so a shared link
// reproduces the view as well as the data; the viewer works on its own state when given none.
import type { ResultTab } from '../lookups/define-lookup.ts';
import type { SortDirection } from './table/flatten-records.ts';

export interface TableSort {
  column: string;
  direction: SortDirection;
}

/**
 * One column's filter; every part set must hold for a record to show. Equality compares a cell's
 * text, `''` standing for an empty cell (null, missing or blank).
 */
export interface ColumnFilter {
  /** The cell's text contains this, ignoring case. */
  contains?: string;
  /** Numeric bounds, inclusive. */
  min?: number;
  max?: number;
  /** Date bounds `YYYY-MM-DD`, inclusive, compared with the cell's date part. */
  from?: string;
  to?: string;
  /** The cell is one of these. */
  equals?: readonly string[];
  /** The cell is none of these. */
  excludes?: readonly string[];
}

/** Filters by column name; a record shows when every column's filter holds. */
export type TableFilters = Readonly<Record<string, ColumnFilter>>;

/** The columns a person chose: `all`, or these (shown in the table's order). */
export type ColumnChoice = readonly string[] | 'all';

/**
 * An operation's columns: its key columns, which the table puts first in this order, and the
 * person's choice; without a choice the table shows the key columns, then the answer's next
 * columns up to its usual count. The lookup page builds it from the definition and the URL.
 */
export interface ColumnLayout {
  keyColumns: readonly string[];
  choice?: ColumnChoice;
}

export interface TableView {
  /** Undefined: the answer's own order. */
  sort?: TableSort;
  /** The columns shown: undefined for the default (the first twelve), a choice, or an operation's layout. */
  columns?: ColumnChoice | ColumnLayout;
  /** Undefined: every record shows. */
  filters?: TableFilters;
  /** The columns whose top values are counted, in the order picked. */
  facets?: readonly string[];
}

/** How the map draws the answer's points: `layer=points|heat|hex`. */
export type MapLayerKind = 'points' | 'heat' | 'hex';

/**
 * The map's analysis, in the URL beside the table's view (`color`, `size`, `layer`, `time`, `area`,
 * `layers`). `time` and `area` narrow the same records the table, its count and the exports show.
 */
export interface MapLook {
  /** The category column points are coloured by (its legend filters like a facet). */
  color?: string;
  /** The numeric column points are sized by. */
  size?: string;
  layer?: MapLayerKind;
  /** ISO 8601 instants, inclusive: records whose time column falls between them. */
  time?: { from: string; to: string };
  /** A polygon, [lat, lon] corners in order (a rectangle is four): records inside it. */
  area?: ReadonlyArray<readonly [number, number]>;
  /** History entries drawn as further layers on the same map. */
  layers?: readonly string[];
}

export interface ViewState extends TableView {
  /** The tab picked; undefined for the operation's default. */
  tab?: ResultTab;
  /** The SQL tab's query over the answer's records (src/sql/). */
  sql?: string;
  /** The map's colour, size, layer, time window, area and extra layers; undefined for none. */
  map?: MapLook;
}

/** A change to some of the view; a key present with `undefined` resets that part to its default. */
export type ViewChange = Partial<ViewState>;

export function applyViewChange(view: ViewState, change: ViewChange): ViewState {
  const next: ViewState = { ...view, ...change };
  for (const key of Object.keys(next) as Array<keyof ViewState>) if (next[key] === undefined) delete next[key];
  return next;
}

/** The table's part of a view (what RecordTable is given). */
export function tableViewOf({ sort, columns, filters, facets }: ViewState): TableView {
  return { sort, columns, filters, facets };
}

export function isColumnLayout(columns: TableView['columns']): columns is ColumnLayout {
  return typeof columns === 'object' && 'keyColumns' in columns;
}

/** The person's own choice of columns in a view's columns, without the operation's key columns. */
export function columnChoiceOf(columns: TableView['columns']): ColumnChoice | undefined {
  return isColumnLayout(columns) ? columns.choice : columns;
}
