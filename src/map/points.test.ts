import { describe, expect, it } from 'vitest';
import { extractPoints, pointWithIndex, recordLabel, sharingPosition } from './points.ts';
import { incidentsOperation, proxOperation } from './testing/fake-operations.ts';

const station = (name: string, latitude: unknown, longitude: unknown) => ({ name, position: { latitude, longitude } });

describe('extractPoints', () => {
  it('places records with coordinates and lists the others with their labels', () => {
    const records = [
      station('Alexanderplatz', 52.52, 13.41),
      station('Nowhere', null, null),
      station('Zero', 0, 0),
      station('Tiergarten', 52.51, 13.36),
    ];
    const { points, missing } = extractPoints(proxOperation, records);
    expect(points).toEqual([
      { index: 0, lat: 52.52, lon: 13.41 },
      { index: 3, lat: 52.51, lon: 13.36 },
    ]);
    expect(missing).toEqual([
      { index: 1, label: 'Nowhere' },
      { index: 2, label: 'Zero' },
    ]);
  });

  it('names unlabelled records by their position', () => {
    const { missing } = extractPoints(incidentsOperation, [
      { incident_latitude: 37.7, incident_longitude: -122.4 },
      { incident_address: 'unknown' },
    ]);
    expect(missing).toEqual([{ index: 1, label: 'Record 2' }]);
    expect(recordLabel(proxOperation, { name: '  ' }, 4)).toBe('Record 5');
  });
});

describe('looking points up without a map of every point', () => {
  const points = [
    { index: 0, lat: 1, lon: 2 },
    { index: 2, lat: 1, lon: 2 },
    { index: 5, lat: 3, lon: 4 },
  ];
  it('finds a record’s point by its index, and none for a record without one', () => {
    expect(pointWithIndex(points, 5)).toBe(points[2]);
    expect(pointWithIndex(points, 0)).toBe(points[0]);
    expect(pointWithIndex(points, 1)).toBeUndefined();
  });
  it('counts the points that share a position', () => {
    expect(sharingPosition(points, points[0]!)).toBe(2);
    expect(sharingPosition(points, points[2]!)).toBe(1);
  });
});
