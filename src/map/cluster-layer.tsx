// Draws the clusters and points in view, imperatively: React reconciling thousands of layers on
// every pan would be the bottleneck, so one Leaflet layer group is redrawn on `moveend` instead.
import { useEffect, useEffectEvent, useMemo } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import type { MappedPoint } from './points.ts';
import { buildPointIndex, expansionZoom, visibleItems } from './cluster-index.ts';
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

    const draw = () => {
      group.clearLayers();
      const bounds = map.getBounds();
      const items = visibleItems(index, [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], map.getZoom());
      for (const item of items) {
        if (item.kind === 'cluster') {
          const marker = L.marker([item.lat, item.lon], { icon: clusterIcon(item.count), title: `${item.count} records, zoom in`, alt: `${item.count} records` });
          marker.on('click', () => map.flyTo([item.lat, item.lon], expansionZoom(index, item.id), { duration: 0.4 }));
          marker.addTo(group);
        } else {
          const dot = L.circleMarker([item.lat, item.lon], { renderer, radius: 6, weight: 2, color: surface, fillColor: accent, fillOpacity: 0.9 });
          dot.on('click', () => clickPoint(item.index));
          dot.addTo(group);
        }
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
