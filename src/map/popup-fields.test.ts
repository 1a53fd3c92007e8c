import { describe, expect, it } from 'vitest';
import { popupFields } from './popup-fields.ts';

describe('popupFields', () => {
  it('shows plain and one-level nested fields, skipping coordinates and empty values', () => {
    const record = {
      incident_latitude: 37.7,
      incident_longitude: -122.4,
      incident_offense: 'Larceny/Theft',
      incident_address: '',
      properties: { dataset: 'pm25', deep: { hidden: 'x' } },
      geometry: { coordinates: [1, 2] },
      confirmed: true,
    };
    expect(popupFields(record)).toEqual([
      { name: 'incident_offense', value: 'Larceny/Theft' },
      { name: 'properties.dataset', value: 'pm25' },
      { name: 'confirmed', value: 'true' },
    ]);
  });

  it('shortens long text and stops at the limit', () => {
    const fields = popupFields({ a: 'x'.repeat(200), b: 1, c: 2, d: 3 }, 2);
    expect(fields).toHaveLength(2);
    expect(fields[0]?.value).toHaveLength(80);
    expect(fields[0]?.value.endsWith('…')).toBe(true);
  });
});
