// A /sql result's rows on a map: the rows with a latitude and a longitude as points (clustered as
// on an answer's map), over the same tiles, with a caption saying how many rows had none. /sql has
// no lookup behind its rows, so no popups or search circle; loaded lazily with the rest of map/.
import { useMemo } from 'react';
import { BaseMap } from './base-map.tsx';
import { ClusterLayer } from './cluster-layer.tsx';
import { DemoStreets } from './demo-streets.tsx';
import { enclosingBounds } from './geo.ts';
import type { MappedPoint } from './points.ts';

export interface SqlPointsMapProps {
  rows: readonly unknown[];
  point: (row: unknown) => { lat: number; lon: number } | undefined;
  /** The server answers every lookup from the demo: without tiles, the demo's own streets are drawn under the rows. */
  demo?: boolean;
}

/** The rows' points, by row index; rows without a usable position are counted, not drawn. */
export function sqlPoints(rows: readonly unknown[], point: SqlPointsMapProps['point']): { points: MappedPoint[]; missing: number } {
  const points: MappedPoint[] = [];
  rows.forEach((row, index) => {
    const at = point(row);
    if (at && Number.isFinite(at.lat) && Number.isFinite(at.lon) && Math.abs(at.lat) <= 90 && Math.abs(at.lon) <= 180)
      points.push({ index, lat: at.lat, lon: at.lon });
  });
  return { points, missing: rows.length - points.length };
}

export default function SqlPointsMap({ rows, point, demo = false }: SqlPointsMapProps) {
  const { points, missing } = useMemo(() => sqlPoints(rows, point), [rows, point]);
  const bounds = useMemo(() => enclosingBounds(points), [points]);
  const caption =
    missing > 0
      ? `${missing.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} rows have no position and are not drawn.`
      : undefined;
  return (
    <BaseMap
      label={`Map of the query result: ${points.length.toLocaleString('en-US')} points`}
      bounds={bounds}
      caption={caption}
      offline={demo ? <DemoStreets /> : undefined}
    >
      <ClusterLayer points={points} onPointClick={() => undefined} />
    </BaseMap>
  );
}
