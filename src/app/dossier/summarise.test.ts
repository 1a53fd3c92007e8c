import { describe, expect, it } from 'vitest';
import { lookups } from '../../lookups/registry.ts';
import { distanceText, metresBetween, summariseAnswer, summaryLines } from './summarise.ts';

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
    expect(summary.categories).toEqual({
      column: 'incident_offense',
      top: [
        { value: 'Theft', count: 2 },
        { value: 'Assault', count: 1 },
      ],
    });
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

  it('picks the column that describes the record: not a yes/no column, never a coordinate or an id', () => {
    const rows = ['Theft', 'Theft', 'Assault', 'Burglary', 'Theft', 'Fraud'].map((offense, index) => ({
      ...incident(String(index), offense, '2024-05-03T10:00:00.000Z', 37.77),
      incident_offense_action: index === 3 ? 'attempted' : 'committed',
      incident_source_id: ['a', 'a', 'b', 'b', 'c', 'c'][index],
    }));
    expect(summariseAnswer(l, rows, undefined).categories?.column).toBe('incident_offense');
    const h = lookups.H.operations[0];
    const offenders = ['33.46', '33.46', '33.47', '33.47', '33.46'].map((lat, index) => ({
      sex_offender_lat: lat,
      sex_offender_lon: '-112.03',
      sex_offender_risk: index < 3 ? 'Level 1' : 'Level 2',
    }));
    expect(summariseAnswer(h, offenders, undefined).categories?.column).toBe('sex_offender_risk');
  });

  it('never writes 0 m between rounded positions: within about 1 km, or about so many km', () => {
    expect(distanceText(0, true)).toBe('within about 1 km (rounded position)');
    expect(distanceText(999, true)).toBe('within about 1 km (rounded position)');
    expect(distanceText(2_912, true)).toBe('about 2.9 km (rounded position)');
    const lines = summaryLines(summariseAnswer(l, records, { lat: 37.771, lon: -122.42 }, 1), {
      rounded: true,
      partial: 'page 1 of 3 (50 of 145 records)',
    });
    expect(lines).toContainEqual({ term: 'Nearest', value: 'Theft at b Main St — within about 1 km (rounded position)' });
    expect(lines[0]).toEqual({ term: 'Count', value: '3 records: page 1 of 3 (50 of 145 records)' });
  });
});
