// Where the records sit in a body: reading the value at a path, and putting the records streamed in
// batches back into the skeleton (the body read with its records array empty).
import { isRecord } from './adapters.ts';
import type { PathKey } from './json-splitter.ts';

/** The value at `path` (the body itself for []): array indices are numbers, keys strings. */
export function valueAt(body: unknown, path: readonly PathKey[]): unknown {
  let current = body;
  for (const key of path) {
    if (typeof key === 'number' ? !Array.isArray(current) : !isRecord(current)) return undefined;
    current = (current as Record<PathKey, unknown>)[key];
  }
  return current;
}

/** The body with `records` put at `path`, where the skeleton holds an empty array; undefined when it does not. */
export function withRecords(skeleton: unknown, path: readonly PathKey[], records: unknown[]): unknown {
  const holder = valueAt(skeleton, path);
  if (!Array.isArray(holder) || holder.length > 0) return undefined;
  if (path.length === 0) return records;
  const parent = valueAt(skeleton, path.slice(0, -1)) as Record<PathKey, unknown>;
  parent[path[path.length - 1]!] = records;
  return skeleton;
}
