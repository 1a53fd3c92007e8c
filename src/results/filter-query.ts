// The table's filters and facets as URL values, so a link reproduces them. One `f` value per
// condition, `<column>:<op>:<value>`: `call_type:eq:Alarm`, `year:min:2000`, `call_date:from:2024-03-01`
// (ops: contains, min, max, from, to, eq, ne; eq/ne repeat for several values, an empty value is an
// empty cell). The first `:op:` ends the column name, so a value may hold colons. Anything that does
// not read (an unknown op, a bound that is not a number or a day) is dropped, never an error.
import { simplifyArea } from './simplify-area.ts';
import type { ColumnFilter, MapLayerKind, MapLook, TableFilters } from './view-state.ts';
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

// The map's words (issue 24): `color=<column>`, `size=<column>`, `layer=points|heat|hex`,
// `time=<ISO>/<ISO>`, `area=<lat>,<lon>;<lat>,<lon>;<lat>,<lon>[;…]`, `layers=<id>,<id>`.
export const MAP_KEYS = ['color', 'size', 'layer', 'time', 'area', 'layers'] as const;
const LAYER_KINDS: readonly MapLayerKind[] = ['points', 'heat', 'hex'];

/** `lat,lon;lat,lon;…` to corners; undefined unless there are three readable corners or more. */
export function areaFromParam(text: string | null): Array<[number, number]> | undefined {
  if (!text) return undefined;
  const corners: Array<[number, number]> = [];
  for (const pair of text.split(';')) {
    const [lat, lon, extra] = pair.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
    if (extra !== undefined || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat!) > 90 || Math.abs(lon!) > 180)
      return undefined;
    corners.push([lat!, lon!]);
  }
  return corners.length >= 3 ? corners : undefined;
}

/** Corners to `lat,lon;…`, simplified first (simplify-area.ts) so that a link stays short. */
export function areaToParam(area: MapLook['area']): string | undefined {
  if (!area || area.length < 3) return undefined;
  const fixed = (value: number) => String(Number(value.toFixed(6)));
  return simplifyArea(area)
    .map(([lat, lon]) => `${fixed(lat)},${fixed(lon)}`)
    .join(';');
}

/** `from/to` as two ISO 8601 instants in order; undefined when either does not read as a date. */
export function timeFromParam(text: string | null): MapLook['time'] {
  if (!text) return undefined;
  const [from, to, extra] = text.split('/');
  if (!from || !to || extra !== undefined) return undefined;
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (!Number.isFinite(start) || !Number.isFinite(end) || start > end) return undefined;
  return { from, to };
}

/** The map's look from the URL; undefined when it holds none of the map's words that read. */
export function mapLookFromParams(query: URLSearchParams): MapLook | undefined {
  const look: MapLook = {};
  const color = query.get('color');
  if (color) look.color = color;
  const size = query.get('size');
  if (size) look.size = size;
  const layer = query.get('layer');
  if (layer && (LAYER_KINDS as readonly string[]).includes(layer)) look.layer = layer as MapLayerKind;
  const time = timeFromParam(query.get('time'));
  if (time) look.time = time;
  const area = areaFromParam(query.get('area'));
  if (area) look.area = area;
  const layers = facetsFromParam(query.get('layers'));
  if (layers) look.layers = layers;
  return Object.keys(look).length > 0 ? look : undefined;
}

/** The map's look as URL pairs, in MAP_KEYS' order. */
export function mapLookToParams(look: MapLook | undefined): Array<[string, string]> {
  if (!look) return [];
  const pairs: Array<[string, string]> = [];
  if (look.color) pairs.push(['color', look.color]);
  if (look.size) pairs.push(['size', look.size]);
  if (look.layer && look.layer !== 'points') pairs.push(['layer', look.layer]);
  if (look.time) pairs.push(['time', `${look.time.from}/${look.time.to}`]);
  const area = areaToParam(look.area);
  if (area) pairs.push(['area', area]);
  const layers = facetsToParam(look.layers);
  if (layers) pairs.push(['layers', layers]);
  return pairs;
}
