// A place in a JSON document: the keys and indices from the root. One spelling of it, as JSONPath
// (`$[0].incidents[99999].incident_code`), serves as the result list's label and as the tree's key
// for a node, so it must be one-to-one: a key that is not a plain name is quoted (`['a b']`), and
// an object's key "0" (`['0']`) never reads like an array's index 0 (`[0]`).

/** A key of an object (string) or an index of an array (number). */
export type Segment = string | number;
export type DocPath = readonly Segment[];

const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function formatSegment(segment: Segment): string {
  if (typeof segment === 'number') return `[${segment}]`;
  if (PLAIN_NAME.test(segment)) return `.${segment}`;
  return `['${segment.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
}

/** The path as JSONPath, `$` for the root; the same path always gives the same text and vice versa. */
export function formatPath(path: DocPath): string {
  let text = '$';
  for (const segment of path) text += formatSegment(segment);
  return text;
}

export type Container = Record<string, unknown> | unknown[];

export function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

// Object.keys of a large object is work; the tree asks for it on every visible row.
/** An object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const keyCache = new WeakMap<object, readonly string[]>();

/** An object's keys in document order (remembered per object: documents are never edited). */
export function keysOf(value: Record<string, unknown>): readonly string[] {
  let keys = keyCache.get(value);
  if (!keys) keyCache.set(value, (keys = Object.keys(value)));
  return keys;
}

export function childCount(value: Container): number {
  return Array.isArray(value) ? value.length : keysOf(value).length;
}

/** The key of the child at `position`, in document order. */
export function childKey(value: Container, position: number): Segment {
  return Array.isArray(value) ? position : keysOf(value)[position]!;
}

export function childAt(value: Container, segment: Segment): unknown {
  if (Array.isArray(value)) return typeof segment === 'number' ? value[segment] : undefined;
  return typeof segment === 'string' && Object.hasOwn(value, segment) ? value[segment] : undefined;
}

const positionCache = new WeakMap<object, Map<string, number>>();

/** Where a child sits among its siblings, or -1 when the container has no such child. */
export function positionOf(value: Container, segment: Segment): number {
  if (Array.isArray(value)) return typeof segment === 'number' && segment >= 0 && segment < value.length ? segment : -1;
  if (typeof segment !== 'string') return -1;
  const keys = keysOf(value);
  if (keys.length <= 32) return keys.indexOf(segment);
  let positions = positionCache.get(value);
  if (!positions) positionCache.set(value, (positions = new Map(keys.map((key, index) => [key, index]))));
  return positions.get(segment) ?? -1;
}

/** The value at `path`, or undefined when the document has no such place. */
export function valueAt(root: unknown, path: DocPath): unknown {
  let value = root;
  for (const segment of path) {
    if (!isContainer(value)) return undefined;
    value = childAt(value, segment);
  }
  return value;
}

const PREVIEW = 80;

/** A short text of a value for a result list: a primitive as JSON (cut), a container by its size. */
export function previewOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length.toLocaleString('en-US')} ${value.length === 1 ? 'item' : 'items'}]`;
  if (isRecord(value)) {
    const keys = keysOf(value).length;
    return `{${keys.toLocaleString('en-US')} ${keys === 1 ? 'key' : 'keys'}}`;
  }
  if (typeof value === 'string') return JSON.stringify(value.length > PREVIEW ? `${value.slice(0, PREVIEW)}…` : value);
  return String(value);
}
