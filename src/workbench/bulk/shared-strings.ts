// Merged rows reach the page by structured clone, which copies every string: 200,000 rows of masked
// answers held "••• masked" 630,000 times, `ok` 200,000 times and each column's name once per input
// row — half the page's heap (bench/bulk-run.ts). As each part arrives its strings are swapped for
// one shared instance per value, so the copies are garbage at once and the dataset keeps one each.
import type { MergedPart } from './merged-part.ts';

/** Nested answer values are shared down to this depth (deeper ones are rare and left as they are). */
const MAX_DEPTH = 4;

/**
 * One instance per distinct string, from a bounded pool: when it is full it starts again empty, so a
 * column of values that never repeat cannot grow it; the values that do repeat are back in it at once.
 */
export class StringPool {
  private readonly pool = new Map<string, string>();

  constructor(private readonly capacity = 16_384) {}

  /** How many distinct values it holds now. */
  get size(): number {
    return this.pool.size;
  }

  share(value: string): string {
    const known = this.pool.get(value);
    if (known !== undefined) return known;
    if (this.pool.size >= this.capacity) this.pool.clear();
    this.pool.set(value, value);
    return value;
  }

  /** Replaces, in place, every string value of `record` (and of the objects and arrays it holds). */
  shareValues(record: Record<string, unknown> | unknown[], depth = 0): void {
    if (Array.isArray(record)) {
      for (let at = 0; at < record.length; at += 1) record[at] = this.shared(record[at], depth);
      return;
    }
    for (const key in record) record[key] = this.shared(record[key], depth);
  }

  private shared(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.share(value);
    if (value !== null && typeof value === 'object' && depth < MAX_DEPTH) this.shareValues(value as Record<string, unknown>, depth + 1);
    return value;
  }
}

/** Shares the strings of a part as it arrives: its rows, their flat forms, its column names and counted values. */
export function shareStrings(part: MergedPart, pool: StringPool): void {
  for (let at = 0; at < part.rows.length; at += 1) {
    const row = part.rows[at]!;
    pool.shareValues(row);
    // Most rows are flat: their flat form is the very same object, done already.
    if (part.flat[at] !== row) pool.shareValues(part.flat[at]!);
  }
  pool.shareValues(part.columns);
  for (const column in part.stats) {
    const distinct = part.stats[column]!.distinct;
    if (distinct) pool.shareValues(distinct);
  }
}
