// A JSONPath that fits the answer at hand, for the Query box's placeholder: the first key of the
// first list of records found near the top, e.g. `$[0].incidents[*].city_key`.
import { formatPath, isContainer, isRecord, keysOf, type Segment } from './doc-path.ts';

const SEARCH_DEPTH = 3;

export function exampleQuery(root: unknown): string | undefined {
  let level: Array<{ value: unknown; path: Segment[] }> = [{ value: root, path: [] }];
  for (let depth = 0; depth <= SEARCH_DEPTH && level.length > 0; depth += 1) {
    const next: typeof level = [];
    for (const { value, path } of level) {
      if (Array.isArray(value)) {
        const first = value[0];
        if (isContainer(first) && !Array.isArray(first) && value.length > 1 && keysOf(first).length > 0)
          return `${formatPath(path)}[*]${formatPath([keysOf(first)[0]!]).slice(1)}`;
        if (value.length > 0) next.push({ value: first, path: [...path, 0] });
      } else if (isRecord(value)) {
        for (const key of keysOf(value).slice(0, 20)) next.push({ value: value[key], path: [...path, key] });
      }
    }
    level = next;
  }
  return undefined;
}
