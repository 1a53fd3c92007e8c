import { describe, expect, it } from 'vitest';
import { lookups } from '../../lookups/registry.ts';
import { distanceText, metresBetween, summariseAnswer } from './summarise.ts';

const l = lookups.L.operations[0];
const incident = (code: string, offense: string, date: string, lat: number) => ({
  incident_code: code,
  incident_offense: offense,
  incident_date: date,
  incident_address: `${code} Main St`,
  incident_latitude: lat,
  incident_longitude: -122.42,
});

describe('summariseAnswer', () => {
  const records = [
    incident('a', 'Theft', '2024-05-03T10:00:00.000Z', 37.8),
    incident('b', 'Theft', '2024-05-01T09:00:00.000Z', 37.771),
    incident('c', 'Assault', '2024-05-07T23:00:00.000Z', 37.775),
  ];
  const summary = summariseAnswer(l, records, { lat: 37.77, lon: -122.42 }, 2);

  it('counts, picks the repeating category column and its top values', () => {
    expect(summary.count).toBe(3);
    expect(summary.categories).toEqual({ column: 'incident_offense', top: [{ value: 'Theft', count: 2 }, { value: 'Assault', count: 1 }] });
  });

  it('lists the nearest records first, with their distance', () => {
    expect(summary.nearest.map((item) => item.label)).toEqual(['Theft at b Main St', 'Assault at c Main St']);
    expect(summary.nearest[0]!.metres).toBeCloseTo(metresBetween({ lat: 37.77, lon: -122.42 }, { lat: 37.771, lon: -122.42 }), 3);
    expect(summary.nearest[0]!.metres).toBeGreaterThan(100);
    expect(summary.nearest[0]!.metres).toBeLessThan(120);
  });

  it('gives the time span of the dates', () => {
    expect(summary.span).toEqual({ from: '2024-05-01T09:00:00.000Z', to: '2024-05-07T23:00:00.000Z' });
  });

  it('says nothing it cannot: no categories or span for one record without dates, no nearest without a place', () => {
    expect(summariseAnswer(l, [{ incident_code: 'x' }], undefined)).toEqual({ count: 1, nearest: [] });
  });

  it('writes distances in m or km', () => {
    expect(distanceText(420.4)).toBe('420 m');
    expect(distanceText(1234)).toBe('1.23 km');
    expect(distanceText(12_345)).toBe('12.3 km');
  });
});
