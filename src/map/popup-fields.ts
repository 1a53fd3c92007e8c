// The lines a popup shows: the ones the operation's definition names (`map.popup`), else the first
// plain fields of the record and one level of nesting, skipping coordinates (the popup writes the
// point's own) and empty values.
import type { MapPopupField, MapPresentation } from '../lookups/define-lookup.ts';
import { isRecord } from '../lookups/adapters.ts';

const COORDINATE = /(^|[._])(lat|lon|lng|latitude|longitude|coordinates)$/i;
const MAX_TEXT = 80;
/** Different values one `*` path lists before "…" (B's connectors). */
const MAX_VALUES = 4;

export interface PopupField {
  name: string;
  value: string;
}

function show(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return undefined;
    return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A named line's value: numbers grouped (a distance of 1,234 m), since the definition chose them as quantities. */
const showQuantity = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value.toLocaleString('en-US') : show(value);

/** Every value at a dot path, `*` standing for each item (or property) there. */
export function valuesAt(value: unknown, path: string): unknown[] {
  let current: unknown[] = [value];
  for (const key of path.split('.')) {
    const next: unknown[] = [];
    for (const item of current) {
      if (key === '*') {
        if (Array.isArray(item)) next.push(...item);
        else if (isRecord(item)) next.push(...Object.values(item));
      } else if (Array.isArray(item) && /^\d+$/.test(key)) next.push(item[Number(key)]);
      else if (isRecord(item)) next.push(item[key]);
    }
    current = next;
  }
  return current;
}

/** One line's text: each path's shown values, without repeats, joined; undefined when all are empty. */
function lineValue(record: unknown, field: MapPopupField): string | undefined {
  const paths = typeof field.path === 'string' ? [field.path] : field.path;
  const parts = paths.map((path) => {
    const shown = [
      ...new Set(
        valuesAt(record, path)
          .map(showQuantity)
          .filter((text) => text !== undefined),
      ),
    ];
    if (shown.length === 0) return undefined;
    return shown.length > MAX_VALUES ? `${shown.slice(0, MAX_VALUES).join(', ')}, …` : shown.join(', ');
  });
  const text = parts.filter((part) => part !== undefined).join(' ');
  if (!text) return undefined;
  return field.unit ? `${text} ${field.unit}` : text;
}

/** The lines the definition names, in its order; a line without a value is left out. */
export function definedPopupFields(presentation: MapPresentation, record: unknown): PopupField[] {
  return presentation.popup.flatMap((field) => {
    const value = lineValue(record, field);
    return value === undefined ? [] : [{ name: field.label, value }];
  });
}

/** The first plain fields of a record, for an operation whose definition names none. */
export function popupFields(record: unknown, limit = 5): PopupField[] {
  const fields: PopupField[] = [];
  const visit = (value: unknown, prefix: string, depth: number) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (fields.length >= limit) return;
      const name = prefix ? `${prefix}.${key}` : key;
      if (COORDINATE.test(name)) continue;
      const text = show(child);
      if (text !== undefined) fields.push({ name, value: text });
      else if (depth < 1) visit(child, name, depth + 1);
    }
  };
  visit(record, '', 0);
  return fields;
}

/** What a record's popup lists: the definition's lines when it names any. */
export function recordPopupFields(presentation: MapPresentation | undefined, record: unknown): PopupField[] {
  return presentation ? definedPopupFields(presentation, record) : popupFields(record);
}
