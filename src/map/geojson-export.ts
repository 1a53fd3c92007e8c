// GeoJSON export of the mapped records: one Point feature per record, its fields as properties.
import type { Feature, FeatureCollection, Point } from 'geojson';
import type { MappedPoint } from './points.ts';
import { isRecord } from '../lookups/adapters.ts';

type Properties = Record<string, unknown>;

function propertiesOf(record: unknown, index: number): Properties {
  const fields = isRecord(record) ? record : { value: record };
  return { ...fields, record_index: index };
}

export function toFeatureCollection(points: readonly MappedPoint[], records: readonly unknown[]): FeatureCollection<Point, Properties> {
  const features = points.map(
    (point): Feature<Point, Properties> => ({
      type: 'Feature',
      // GeoJSON orders coordinates longitude first (RFC 7946).
      geometry: { type: 'Point', coordinates: [point.lon, point.lat] },
      properties: propertiesOf(records[point.index], point.index),
    }),
  );
  return { type: 'FeatureCollection', features };
}

/** Saves the collection as `<name>.geojson` through a temporary object URL. */
export function downloadGeoJson(collection: FeatureCollection, name: string): void {
  const blob = new Blob([JSON.stringify(collection, null, 2)], { type: 'application/geo+json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.geojson`;
  link.click();
  // Revoked on the next task so the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
