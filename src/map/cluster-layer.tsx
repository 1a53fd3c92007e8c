// Draws the clusters and points in view, imperatively: React reconciling thousands of layers on
// every pan would be the bottleneck, so one Leaflet layer group is redrawn on `moveend` instead.
import { useEffect, useEffectEvent, useMemo } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import type { MappedPoint } from './points.ts';
import { buildPointIndex, expansionZoom, visibleItems, type VisibleItem } from './cluster-index.ts';
import { readColor } from './theme-colors.ts';

interface ClusterLayerProps {
  points: readonly MappedPoint[];
  onPointClick: (index: number) => void;
}

function clusterIcon(count: number): L.DivIcon {
  const size = count < 100 ? 'small' : count < 1000 ? 'medium' : 'large';
  const text = count < 10_000 ? String(count) : `${Math.round(count / 1000)}k`;
  const px = { small: 32, medium: 40, large: 48 }[size];
  return L.divIcon({ html: `<span>${text}</span>`, className: `map-cluster map-cluster--${size}`, iconSize: [px, px] });
}

export function ClusterLayer({ points, onPointClick }: ClusterLayerProps) {
  const map = useMap();
  const index = useMemo(() => buildPointIndex(points), [points]);
  const clickPoint = useEffectEvent(onPointClick);

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    // One canvas for every point: far cheaper than a DOM element per marker.
    const renderer = L.canvas({ padding: 0.5 });
    const accent = readColor('--accent', '#1f56b3');
    const surface = readColor('--surface', '#ffffff');

    // Layers stay while their cluster or point stays in view: a pan then touches only what
    // entered or left the view instead of rebuilding every marker (cluster ids are per zoom).
    const shown = new Map<string, L.Layer>();
    const layerFor = (item: VisibleItem): L.Layer => {
      if (item.kind === 'cluster') {
        const marker = L.marker([item.lat, item.lon], { icon: clusterIcon(item.count), title: `${item.count} records, zoom in`, alt: `${item.count} records` });
        return marker.on('click', () => map.flyTo([item.lat, item.lon], expansionZoom(index, item.id), { duration: 0.4 }));
      }
      const dot = L.circleMarker([item.lat, item.lon], { renderer, radius: 6, weight: 2, color: surface, fillColor: accent, fillOpacity: 0.9 });
      return dot.on('click', () => clickPoint(item.index));
    };

    const draw = () => {
      const bounds = map.getBounds();
      const items = visibleItems(index, [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], map.getZoom());
      const wanted = new Map(items.map((item) => [item.kind === 'cluster' ? `c${item.id}` : `p${item.index}`, item]));
      for (const [key, layer] of shown) {
        if (wanted.has(key)) continue;
        group.removeLayer(layer);
        shown.delete(key);
      }
      for (const [key, item] of wanted) {
        if (shown.has(key)) continue;
        const layer = layerFor(item).addTo(group);
        shown.set(key, layer);
      }
    };

    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      group.remove();
    };
  }, [map, index]);

  return null;
}
