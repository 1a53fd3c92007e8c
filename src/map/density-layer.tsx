// The heat and hexbin layers (`layer=heat|hex`): the density worker counts, this draws. Heat is a
// canvas of our own over the view, redrawn after each move; hexagons are canvas polygons shaded by
// their count. Both come from the same points the clusters are built from.
import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import type { MapLayerKind } from '../results/view-state.ts';
import type { MappedPoint } from './points.ts';
import { densityClient } from './density-client.ts';
import { HEAT_CELL_PX, heatColor, type HeatGrid, resolutionForZoom } from './density.ts';

interface DensityLayerProps {
  points: readonly MappedPoint[];
  kind: Exclude<MapLayerKind, 'points'>;
}

/** Paints a heat grid onto a canvas the size of the view. */
export function paintHeat(canvas: HTMLCanvasElement, grid: HeatGrid, width: number, height: number): void {
  const cells = document.createElement('canvas');
  cells.width = grid.columns;
  cells.height = grid.rows;
  const context = cells.getContext('2d');
  const target = canvas.getContext('2d');
  if (!context || !target) return;
  const image = context.createImageData(grid.columns, grid.rows);
  for (let cell = 0; cell < grid.values.length; cell += 1) {
    const [r, g, b, a] = heatColor(grid.max > 0 ? grid.values[cell]! / grid.max : 0);
    image.data.set([r, g, b, a], cell * 4);
  }
  context.putImageData(image, 0, 0);
  canvas.width = width;
  canvas.height = height;
  target.imageSmoothingEnabled = true;
  target.clearRect(0, 0, width, height);
  target.drawImage(cells, 0, 0, grid.columns * HEAT_CELL_PX, grid.rows * HEAT_CELL_PX);
}

export function DensityLayer({ points, kind }: DensityLayerProps) {
  const map = useMap();
  const client = useMemo(() => {
    const lats = new Float64Array(points.length);
    const lons = new Float64Array(points.length);
    points.forEach((point, position) => {
      lats[position] = point.lat;
      lons[position] = point.lon;
    });
    return densityClient(lats, lons);
  }, [points]);
  useEffect(() => () => client.close(), [client]);

  useEffect(() => {
    let latest = 0;
    if (kind === 'heat') {
      const pane = map.getPane('overlayPane')!;
      const canvas = L.DomUtil.create('canvas', 'map-heat leaflet-zoom-hide', pane);
      canvas.setAttribute('aria-hidden', 'true');
      canvas.style.pointerEvents = 'none';
      const draw = () => {
        const ask = ++latest;
        const size = map.getSize();
        const zoom = map.getZoom();
        const origin = map.project(map.containerPointToLatLng([0, 0]), zoom);
        void client.heat({ zoom, originX: origin.x, originY: origin.y, width: size.x, height: size.y }).then((grid) => {
          if (ask !== latest) return;
          L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([0, 0]));
          paintHeat(canvas, grid, size.x, size.y);
        });
      };
      draw();
      map.on('moveend', draw);
      return () => {
        latest = -1;
        map.off('moveend', draw);
        canvas.remove();
      };
    }
    const group = L.layerGroup().addTo(map);
    const renderer = L.canvas({ padding: 0.5 });
    const draw = () => {
      const ask = ++latest;
      void client.hex(resolutionForZoom(map.getZoom())).then((bins) => {
        if (ask !== latest) return;
        group.clearLayers();
        const max = bins.reduce((most, bin) => Math.max(most, bin.count), 1);
        for (const bin of bins) {
          const share = Math.sqrt(bin.count / max);
          const [r, g, b] = heatColor(Math.max(0.08, share));
          L.polygon(bin.boundary, {
            renderer,
            weight: 1,
            color: `rgb(${r},${g},${b})`,
            fillColor: `rgb(${r},${g},${b})`,
            fillOpacity: 0.25 + 0.5 * share,
            interactive: false,
          }).addTo(group);
        }
      });
    };
    draw();
    map.on('zoomend', draw);
    return () => {
      latest = -1;
      map.off('zoomend', draw);
      group.remove();
      // Its canvas stays on the map until removed, redrawn on every move.
      renderer.remove();
    };
  }, [map, client, kind]);

  return null;
}
