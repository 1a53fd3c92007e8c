// Which records the map can place, and which it cannot (those are listed, never silently dropped).
import type { Operation } from '../lookups/define-lookup.ts';

export interface MappedPoint {
  /** Index into the records, shared with the table's selection. */
  index: number;
  lat: number;
  lon: number;
}

export interface UnmappedRecord {
  index: number;
  label: string;
}

export interface PointExtraction {
  points: MappedPoint[];
  missing: UnmappedRecord[];
}

/** The record's label from the operation's adapter, else its position ("Record 3"). */
export function recordLabel(operation: Operation, record: unknown, index: number): string {
  const label = operation.adapters?.label?.(record)?.trim();
  return label ? label : `Record ${index + 1}`;
}

export function extractPoints(operation: Operation, records: readonly unknown[]): PointExtraction {
  const pointOf = operation.adapters?.point;
  const points: MappedPoint[] = [];
  const missing: UnmappedRecord[] = [];
  records.forEach((record, index) => {
    const point = pointOf?.(record);
    if (point && Number.isFinite(point.lat) && Number.isFinite(point.lon)) points.push({ index, lat: point.lat, lon: point.lon });
    else missing.push({ index, label: recordLabel(operation, record, index) });
  });
  return { points, missing };
}

/** The point of the record at `index` (points are in record order: a binary search). */
export function pointWithIndex(points: readonly MappedPoint[], index: number): MappedPoint | undefined {
  let low = 0;
  let high = points.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = points[middle]!.index;
    if (at === index) return points[middle];
    if (at < index) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/** How many points lie exactly where this one does (itself included). */
export function sharingPosition(points: readonly MappedPoint[], point: MappedPoint): number {
  let count = 0;
  for (const other of points) if (other.lat === point.lat && other.lon === point.lon) count += 1;
  return count;
}
