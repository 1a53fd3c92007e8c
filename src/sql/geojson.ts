// A result with coordinates as GeoJSON: the columns named like a latitude and a longitude (`lat`,
// `latitude`, `location.lat`, `lon`, `lng`, `longitude`…) give each row's point; rows without a
// valid pair are left out; every other column is a property.
import type { FlatRow } from '../results/table-api.ts';

const LATITUDE = /(?:^|[._])(?:lat|latitude)$/i;
const LONGITUDE = /(?:^|[._])(?:lon|lng|long|longitude)$/i;

export interface CoordinateColumns {
  latitude: string;
  longitude: string;
}

/** The first latitude and longitude columns, when the result has both. */
export function coordinateColumns(columns: readonly string[]): CoordinateColumns | undefined {
  const latitude = columns.find((column) => LATITUDE.test(column));
  const longitude = columns.find((column) => LONGITUDE.test(column));
  return latitude && longitude ? { latitude, longitude } : undefined;
}

function coordinate(cell: FlatRow[string] | undefined, limit: number): number | undefined {
  const value = typeof cell === 'number' ? cell : typeof cell === 'string' && cell.trim() !== '' ? Number(cell) : Number.NaN;
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
}

/** A flat row's point from the coordinate columns; undefined without a valid pair. */
export function pointReader(columns: CoordinateColumns): (row: unknown) => { lat: number; lon: number } | undefined {
  return (row) => {
    const cells = row as FlatRow;
    const lat = coordinate(cells[columns.latitude], 90);
    const lon = coordinate(cells[columns.longitude], 180);
    return lat === undefined || lon === undefined ? undefined : { lat, lon };
  };
}

export interface PointFeatureCollection {
  type: 'FeatureCollection';
  features: Array<{ type: 'Feature'; geometry: { type: 'Point'; coordinates: [number, number] }; properties: FlatRow }>;
}

export function toGeoJson(rows: readonly FlatRow[], columns: CoordinateColumns): PointFeatureCollection {
  const features: PointFeatureCollection['features'] = [];
  for (const row of rows) {
    const lat = coordinate(row[columns.latitude], 90);
    const lon = coordinate(row[columns.longitude], 180);
    if (lat === undefined || lon === undefined) continue;
    const properties = { ...row };
    delete properties[columns.latitude];
    delete properties[columns.longitude];
    features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties });
  }
  return { type: 'FeatureCollection', features };
}
