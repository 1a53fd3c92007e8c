import { describe, expect, it } from 'vitest';
import { toFeatureCollection } from './geojson-export.ts';

describe('toFeatureCollection', () => {
  it('makes one Point feature per mapped record, longitude first, with the record’s fields', () => {
    const records = [{ name: 'A', position: { latitude: 52.5, longitude: 13.4 } }, { name: 'no place' }, { name: 'C', position: { latitude: 48.8, longitude: 2.3 } }];
    const collection = toFeatureCollection(
      [
        { index: 0, lat: 52.5, lon: 13.4 },
        { index: 2, lat: 48.8, lon: 2.3 },
      ],
      records,
    );
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(2);
    expect(collection.features[1]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [2.3, 48.8] },
      properties: { name: 'C', position: { latitude: 48.8, longitude: 2.3 }, record_index: 2 },
    });
  });
});
