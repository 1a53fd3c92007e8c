// Points as flat typed arrays: what the cluster worker is sent (transferred, no object per point).
import type { MappedPoint } from './points.ts';

export interface PackedPoints {
  lats: Float64Array;
  lons: Float64Array;
  indices: Int32Array;
}

export function packPoints(points: readonly MappedPoint[]): PackedPoints {
  const packed = { lats: new Float64Array(points.length), lons: new Float64Array(points.length), indices: new Int32Array(points.length) };
  points.forEach((point, position) => {
    packed.lats[position] = point.lat;
    packed.lons[position] = point.lon;
    packed.indices[position] = point.index;
  });
  return packed;
}
