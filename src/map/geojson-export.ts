// GeoJSON export of the answer's records: one Feature per record, in the records' order, its fields
// as properties, so it holds the same records as the table's CSV and JSON exports. A record
// without coordinates is a Feature with `geometry: null` (RFC 7946 §3.2, an "unlocated" feature).
import type { Feature, FeatureCollection, Point } from 'geojson';
import type { MappedPoint } from './points.ts';
import { isRecord } from '../lookups/adapters.ts';
import { downloadText } from '../results/download.ts';

type Properties = Record<string, unknown>;

/** The record's own fields, exactly (a plain value as `{ value }`); its position is the feature's `id`. */
function propertiesOf(record: unknown): Properties {
  return isRecord(record) ? record : { value: record };
}

/** `shown`: the positions of the records to export (the filtered view); undefined: every record. */
export function toFeatureCollection(
  points: readonly MappedPoint[],
  records: readonly unknown[],
  shown?: readonly number[],
): FeatureCollection<Point | null, Properties> {
  const pointByIndex = new Map(points.map((point) => [point.index, point]));
  const feature = (index: number): Feature<Point | null, Properties> => {
    const point = pointByIndex.get(index);
    return {
      type: 'Feature',
      id: index,
      // GeoJSON orders coordinates longitude first (RFC 7946).
      geometry: point ? { type: 'Point', coordinates: [point.lon, point.lat] } : null,
      properties: propertiesOf(records[index]),
    };
  };
  return { type: 'FeatureCollection', features: shown ? shown.map(feature) : records.map((_, index) => feature(index)) };
}

/** Saves the collection as `<name>.geojson`. */
export function downloadGeoJson(collection: FeatureCollection<Point | null>, name: string): void {
  downloadText(`${name}.geojson`, `${JSON.stringify(collection, null, 2)}\n`, 'application/geo+json');
}
