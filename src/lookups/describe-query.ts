// A query in words, read from its lookup definition's parameters: where (a distance around a point),
// when (a date range) and the other filters that tell two queries apart, e.g.
// "L · 1 mi around 37.77, −122.42 · May 1–8, 2024". History, the map's layer choices, the /sql
// tables and Compare all name answers with it, so two answers of one lookup can be told apart.
// Pure and light (no zod): the History list reads the widgets from the build-time catalog.
import type { Params, ParamValue } from './define-lookup.ts';
import type { Widget } from './param.ts';
import { parseProx } from './prox.ts';

/** Each parameter's widget, in the definition's order: what describeQuery needs of a definition. */
export type ParamWidgets = Readonly<Record<string, Widget>>;

/** Paging and size parameters: they say which slice of an answer, not what was asked. */
const SLICE = new Set(['page', 'offset', 'limit', 'page_size', 'per_page']);
const FIRST_SLICE: Readonly<Record<string, number>> = { page: 1, offset: 0 };
const OTHER_FILTERS = 3;
const VALUE_CHARS = 24;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A coordinate to two decimals (about 1 km), with a true minus sign. */
const coordinate = (value: number) => value.toFixed(2).replace(/^-/, '\u2212');

const trimNumber = (value: number) => String(Number(value.toFixed(2)));

/** "1mi" → "1 mi", ".25mi" → "0.25 mi". */
function distanceText(value: string): string {
  const match = /^(\d*\.?\d+)\s*(mi|km|ft|m)$/.exec(value.trim());
  return match ? `${trimNumber(Number(match[1]))} ${match[2]}` : value;
}

/** Metres as "250 m" or "5 km". */
const metresText = (metres: number) => (metres >= 1000 ? `${trimNumber(metres / 1000)} km` : `${trimNumber(metres)} m`);

interface Moment {
  year: number;
  month: number;
  day: number;
  /** "14:30", or undefined at midnight UTC (or for a calendar date). */
  time: string | undefined;
}

function momentOf(value: ParamValue, widget: Widget): Moment | undefined {
  const ms = widget === 'epoch-ms' ? Number(value) : Date.parse(widget === 'date' ? `${String(value)}T00:00:00Z` : String(value));
  if (!Number.isFinite(ms)) return undefined;
  const at = new Date(ms);
  const hours = at.getUTCHours();
  const minutes = at.getUTCMinutes();
  const time = hours === 0 && minutes === 0 ? undefined : `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  return { year: at.getUTCFullYear(), month: at.getUTCMonth(), day: at.getUTCDate(), time };
}

const dayText = (moment: Moment) => `${MONTHS[moment.month]} ${moment.day}`;

/** "May 1–8, 2024", "Apr 28 – May 3, 2024", "Dec 30, 2023 – Jan 2, 2024"; times in UTC when not midnight. */
export function dateRangeText(from: Moment, to: Moment): string {
  if (from.time !== undefined || to.time !== undefined) {
    const at = (moment: Moment) => `${dayText(moment)}, ${moment.year} ${moment.time ?? '00:00'}`;
    const sameDay = from.year === to.year && from.month === to.month && from.day === to.day;
    return sameDay ? `${at(from)}–${to.time ?? '00:00'} UTC` : `${at(from)} – ${at(to)} UTC`;
  }
  if (from.year !== to.year) return `${dayText(from)}, ${from.year} – ${dayText(to)}, ${to.year}`;
  if (from.month !== to.month) return `${dayText(from)} – ${dayText(to)}, ${to.year}`;
  if (from.day !== to.day) return `${dayText(from)}–${to.day}, ${to.year}`;
  return `${dayText(from)}, ${from.year}`;
}

function singleMomentText(moment: Moment): string {
  return `${dayText(moment)}, ${moment.year}${moment.time ? ` ${moment.time} UTC` : ''}`;
}

function valueText(value: ParamValue): string {
  const text = Array.isArray(value) ? value.join(', ') : String(value);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
}

/** Where the query looks: "1 mi around 37.77, −122.42", "5 km around 52.52, 13.40", "near 37.77, −122.42". */
function placeText(params: Params, widgets: ParamWidgets): string | undefined {
  const named = (widget: Widget) => Object.keys(widgets).find((name) => widgets[name] === widget && params[name] !== undefined);
  const prox = named('prox');
  if (prox) {
    const parsed = parseProx(String(params[prox]));
    if (parsed) return `${metresText(parsed.radius)} around ${coordinate(parsed.lat)}, ${coordinate(parsed.lon)}`;
  }
  const lat = named('latitude');
  const lon = named('longitude');
  if (!lat || !lon) return undefined;
  const point = `${coordinate(Number(params[lat]))}, ${coordinate(Number(params[lon]))}`;
  const distance = named('distance');
  const radius = named('radius');
  if (distance) return `${distanceText(String(params[distance]))} around ${point}`;
  if (radius) return `${valueText(params[radius]!)} around ${point}`;
  return `near ${point}`;
}

function whenText(params: Params, widgets: ParamWidgets): string | undefined {
  const moments = Object.keys(widgets)
    .filter((name) => ['date', 'datetime', 'epoch-ms'].includes(widgets[name]!) && params[name] !== undefined)
    .flatMap((name) => momentOf(params[name]!, widgets[name]!) ?? []);
  if (moments.length === 0) return undefined;
  return moments.length === 1 ? singleMomentText(moments[0]!) : dateRangeText(moments[0]!, moments[moments.length - 1]!);
}

const PLACE_OR_TIME: readonly Widget[] = ['latitude', 'longitude', 'distance', 'radius', 'prox', 'date', 'datetime', 'epoch-ms'];

/** The other parameters sent, in the definition's order: "make Toyota", "page 2", "verified". */
function otherFilters(params: Params, widgets: ParamWidgets): string[] {
  const names = [...Object.keys(widgets), ...Object.keys(params).filter((name) => !(name in widgets))];
  return names.flatMap((name) => {
    const value = params[name];
    if (value === undefined || PLACE_OR_TIME.includes(widgets[name]!)) return [];
    if (SLICE.has(name))
      return FIRST_SLICE[name] === undefined || Number(value) === FIRST_SLICE[name] ? [] : [`${name} ${valueText(value)}`];
    if (typeof value === 'boolean') return [value ? name : `not ${name}`];
    return [`${name} ${valueText(value)}`];
  });
}

/** The query in words: "L · 1 mi around 37.77, −122.42 · May 1–8, 2024"; "L · no parameters" when none was sent. */
export function describeQuery(lookupId: string, widgets: ParamWidgets, params: Params): string {
  const others = otherFilters(params, widgets);
  const parts = [
    placeText(params, widgets),
    whenText(params, widgets),
    ...others.slice(0, OTHER_FILTERS),
    ...(others.length > OTHER_FILTERS ? [`+${others.length - OTHER_FILTERS} more`] : []),
  ].filter((part): part is string => part !== undefined);
  return [lookupId, ...(parts.length > 0 ? parts : ['no parameters'])].join(' · ');
}
