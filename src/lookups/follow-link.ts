// Following a link: the target's parameter values (the text each control holds) from one source
// record, read with the source definition's own adapters (its point). A link whose record lacks a
// value it needs is not offered for that record, rather than opening a half-filled form.
import type { AnyOperation, GeoPoint } from './define-lookup.ts';
import type { LinkFill, LookupLink } from './link-types.ts';
import { readPath } from './adapters.ts';
import { LINK_WINDOW_PARAMS } from './links.ts';

function pointOf(source: AnyOperation, record: unknown): GeoPoint | undefined {
  try {
    return source.adapters?.point?.(record);
  } catch {
    return undefined;
  }
}

function fillText(fill: LinkFill, record: unknown, point: () => GeoPoint | undefined): string | undefined {
  if ('value' in fill) return fill.value;
  if ('field' in fill) {
    const value = readPath(record, fill.field);
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  }
  const at = point();
  if (!at) return undefined;
  if ('point' in fill) return String(at[fill.point]);
  return `${at.lat},${at.lon},${fill.prox}`;
}

/** The target's form values for one record, or undefined when the record lacks one of them. */
export function linkValues(link: LookupLink, source: AnyOperation, record: unknown): Record<string, string> | undefined {
  let point: GeoPoint | undefined | null = null;
  const lazyPoint = () => (point === null ? (point = pointOf(source, record)) : point);
  const values: Record<string, string> = {};
  for (const [param, fill] of Object.entries(link.fill)) {
    const text = fillText(fill, record, lazyPoint);
    if (text === undefined) return undefined;
    values[param] = text;
  }
  return values;
}

/** The values with the search radius set (metres), for a link that declares where its radius goes. */
export function withRadius(link: LookupLink, values: Record<string, string>, metres: number): Record<string, string> {
  if (!link.radius) return values;
  const { param, unit } = link.radius;
  const radius = Math.max(1, Math.round(metres));
  if (unit === 'distance') return { ...values, [param]: `${radius}m` };
  const [lat, lon] = (values[param] ?? '').split(',');
  return lat && lon ? { ...values, [param]: `${lat},${lon},${radius}` } : values;
}

/** The values with another time window (ISO 8601 instants), for a link that fills one; others as they are. */
export function withWindow(values: Record<string, string>, window: { from: string; to: string }): Record<string, string> {
  const { from, to } = LINK_WINDOW_PARAMS;
  if (!(from in values) && !(to in values)) return values;
  return { ...values, [from]: window.from, [to]: window.to };
}

/** The records of a source answer's body, where the link says they sit. */
export function linkRecords(link: LookupLink, body: unknown): unknown[] {
  const records = link.recordsAt ? readPath(body, link.recordsAt) : body;
  return Array.isArray(records) ? records : [];
}
