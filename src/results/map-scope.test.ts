import { describe, expect, it } from 'vitest';
import { intersectIndices, pointInPolygon, scopeRecords, timeOf } from './map-scope.ts';
import type { Operation } from '../lookups/define-lookup.ts';
import { allLookups } from '../lookups/registry.ts';

// An operation with a point adapter and a declared time field, from the registry (no letter spelt).
const operation: Operation = allLookups
  .flatMap((lookup): readonly Operation[] => lookup.operations)
  .find((candidate) => candidate.map?.timeField && candidate.adapters?.point)!;

describe('pointInPolygon', () => {
  const square: Array<[number, number]> = [
    [0, 0],
    [0, 10],
    [10, 10],
    [10, 0],
  ];
  it('keeps points inside and leaves points outside', () => {
    expect(pointInPolygon(5, 5, square)).toBe(true);
    expect(pointInPolygon(11, 5, square)).toBe(false);
    expect(pointInPolygon(5, -1, square)).toBe(false);
  });
  it('follows a concave outline', () => {
    const notch: Array<[number, number]> = [
      [0, 0],
      [10, 0],
      [10, 10],
      [5, 5],
      [0, 10],
    ];
    expect(pointInPolygon(2, 5, notch)).toBe(true);
    expect(pointInPolygon(5, 8, notch)).toBe(false);
  });
});

describe('timeOf', () => {
  it('reads dates and date-times, a zoneless one as UTC', () => {
    expect(timeOf('2024-05-01T10:00:00Z')).toBe(Date.UTC(2024, 4, 1, 10));
    expect(timeOf('2024-05-01 10:00:00')).toBe(Date.UTC(2024, 4, 1, 10));
    expect(timeOf('2024-05-01')).toBe(Date.UTC(2024, 4, 1));
    expect(timeOf('soon')).toBeUndefined();
    expect(timeOf(3)).toBeUndefined();
  });
});

describe('scopeRecords', () => {
  const timeField = operation.map!.timeField!;
  // Records the operation's own point adapter reads: built by probing which fields it uses.
  const sample = (lat: number, lon: number, at: string) => {
    const record: Record<string, unknown> = { [timeField]: at };
    for (const key of ['incident_latitude', 'call_latitude', 'latitude', 'lat']) record[key] = lat;
    for (const key of ['incident_longitude', 'call_longitude', 'longitude', 'lon', 'lng']) record[key] = lon;
    return record;
  };
  const records = [sample(1, 1, '2024-05-01T00:00:00Z'), sample(5, 5, '2024-05-02T00:00:00Z'), sample(20, 20, '2024-05-03T00:00:00Z')];

  it('narrows nothing without a window or an area', () => {
    expect(scopeRecords(operation, records, undefined)).toBeUndefined();
    expect(scopeRecords(operation, records, { color: timeField })).toBeUndefined();
  });
  it('keeps the records in the time window, bounds included', () => {
    expect(scopeRecords(operation, records, { time: { from: '2024-05-01T12:00:00Z', to: '2024-05-03T00:00:00Z' } })).toEqual([1, 2]);
  });
  it('keeps the records inside the area', () => {
    expect(operation.adapters!.point!(records[0])).toEqual({ lat: 1, lon: 1 });
    expect(
      scopeRecords(operation, records, {
        area: [
          [0, 0],
          [0, 10],
          [10, 10],
          [10, 0],
        ],
      }),
    ).toEqual([0, 1]);
  });
});

describe('intersectIndices', () => {
  it('keeps the indices in both, undefined standing for all', () => {
    expect(intersectIndices([1, 2, 3], [2, 3, 4])).toEqual([2, 3]);
    expect(intersectIndices(undefined, [2])).toEqual([2]);
    expect(intersectIndices(undefined, undefined)).toBeUndefined();
  });
});
