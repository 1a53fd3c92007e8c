import { describe, expect, it } from 'vitest';
import { coordinateColumns, pointReader, toGeoJson } from './geojson.ts';

describe('coordinateColumns', () => {
  it('finds latitude and longitude columns by their names', () => {
    expect(coordinateColumns(['id', 'location.lat', 'location.lon'])).toEqual({ latitude: 'location.lat', longitude: 'location.lon' });
    expect(coordinateColumns(['latitude', 'longitude'])).toEqual({ latitude: 'latitude', longitude: 'longitude' });
    expect(coordinateColumns(['platform', 'along'])).toBeUndefined();
    expect(coordinateColumns(['lat'])).toBeUndefined();
  });
});

describe('toGeoJson', () => {
  it('makes a point of each row with a valid pair and keeps the rest as properties', () => {
    const rows = [
      { name: 'a', lat: 41.5, lng: -87.6 },
      { name: 'b', lat: '41.6', lng: '-87.7' },
      { name: 'c', lat: null, lng: -87.6 },
      { name: 'd', lat: 95, lng: 10 },
    ];
    const collection = toGeoJson(rows, { latitude: 'lat', longitude: 'lng' });
    expect(collection.features.map((feature) => feature.geometry.coordinates)).toEqual([
      [-87.6, 41.5],
      [-87.7, 41.6],
    ]);
    expect(collection.features[0]!.properties).toEqual({ name: 'a' });
  });
});

describe('pointReader', () => {
  it('reads a row’s point from its coordinate columns', () => {
    const point = pointReader({ latitude: 'location.lat', longitude: 'location.lon' });
    expect(point({ 'location.lat': 37.7, 'location.lon': '-122.4' })).toEqual({ lat: 37.7, lon: -122.4 });
    expect(point({ 'location.lat': null, 'location.lon': -122.4 })).toBeUndefined();
  });
});
