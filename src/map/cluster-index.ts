// Clustering of the mapped points with supercluster: only what is in view at the current zoom is
// ever handed to Leaflet, which keeps 50,000 points as cheap as a few hundred.
import Supercluster from 'supercluster';
import type { ClusterProperties, PointFeature } from 'supercluster';
import type { MappedPoint } from './points.ts';
import { packPoints, type PackedPoints } from './packed-points.ts';

interface PointProps {
  index: number;
}
export type PointIndex = Supercluster<PointProps>;

export type VisibleItem =
  | { kind: 'cluster'; id: number; lat: number; lon: number; count: number }
  | { kind: 'point'; index: number; lat: number; lon: number };

/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

/** Clusters stop at this zoom; beyond it every point is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 14;

export function buildPointIndex(points: readonly MappedPoint[]): PointIndex {
  return buildPointIndexFrom(packPoints(points));
}

export function buildPointIndexFrom({ lats, lons, indices }: PackedPoints): PointIndex {
  const index = new Supercluster<PointProps>({ radius: 60, maxZoom: CLUSTER_MAX_ZOOM, minPoints: 3 });
  const features = new Array<PointFeature<PointProps>>(lats.length);
  for (let position = 0; position < lats.length; position += 1) {
    features[position] = { type: 'Feature', geometry: { type: 'Point', coordinates: [lons[position]!, lats[position]!] }, properties: { index: indices[position]! } };
  }
  index.load(features);
  return index;
}

/** Clamps a view to the one world supercluster indexes (a map panned past ±180° still asks). */
export function clampBBox([west, south, east, north]: BBox): BBox {
  if (east - west >= 360) return [-180, Math.max(-90, south), 180, Math.min(90, north)];
  return [Math.max(-180, west), Math.max(-90, south), Math.min(180, east), Math.min(90, north)];
}

export function visibleItems(index: PointIndex, bbox: BBox, zoom: number): VisibleItem[] {
  return index.getClusters(clampBBox(bbox), Math.round(zoom)).map((feature): VisibleItem => {
    const [lon, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties as Partial<ClusterProperties> & Partial<PointProps>;
    if (props.cluster && props.cluster_id !== undefined)
      return { kind: 'cluster', id: props.cluster_id, lat, lon, count: props.point_count ?? 0 };
    return { kind: 'point', index: props.index ?? -1, lat, lon };
  });
}

/** The zoom at which a cluster breaks apart, capped one past the clustering limit. */
export function expansionZoom(index: PointIndex, clusterId: number): number {
  return Math.min(index.getClusterExpansionZoom(clusterId), CLUSTER_MAX_ZOOM + 1);
}
