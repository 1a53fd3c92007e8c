// Other answers on the same map (`layers=`): each drawn in its own colour on the shared canvas, with
// a toggle and a legend of its colour column whose entries hide or show that layer's categories.
// The legend's swatches are the layer's one colour (walk defect 9: per-category colours there
// matched nothing drawn and clashed with the main legend's), and the drawn area keeps only the
// layer's points inside it, in the map and in the legend's counts alike.
import { useEffect, useMemo, useState } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { colorColumnOf, legendOf, type MapLegend } from '../results/map-legend.ts';
import { scopedIndicesOf } from '../results/map-scope.ts';
import type { MapLook } from '../results/view-state.ts';
import type { ExtraMapLayer } from '../results/slots.ts';
import { flatTableOf } from '../results/table-api.ts';
import { LAYER_COLORS } from './category-colors.ts';
import { Legend } from './legend.tsx';
import { extractPoints } from './points.ts';

export interface ShownLayer {
  layer: ExtraMapLayer;
  color: string;
  legend: MapLegend | undefined;
  hidden: ReadonlySet<string>;
  visible: boolean;
  /** The layer's records inside the drawn area (by index); undefined: every one. */
  inArea: ReadonlySet<number> | undefined;
}

/** Each extra layer with its colour and legend within the drawn area, and the person's toggles. */
export function useShownLayers(layers: readonly ExtraMapLayer[], area: MapLook['area']) {
  const [visible, setVisible] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [hidden, setHidden] = useState<ReadonlyMap<string, ReadonlySet<string>>>(new Map());
  const scopes = useMemo(() => layers.map((layer) => scopedIndicesOf(layer.operation, layer.records, area && { area })), [layers, area]);
  const legends = useMemo(
    () =>
      layers.map((layer, position) => {
        const column = colorColumnOf(layer.operation, layer.records, undefined);
        return column ? legendOf(layer.records, column, undefined, scopes[position]) : undefined;
      }),
    [layers, scopes],
  );
  const areas = useMemo(() => scopes.map((scope) => scope && new Set(scope)), [scopes]);
  const shown: ShownLayer[] = layers.map((layer, position) => {
    const off = hidden.get(layer.id) ?? new Set<string>();
    const legend = legends[position];
    return {
      layer,
      color: LAYER_COLORS[position % LAYER_COLORS.length]!,
      legend: legend && { ...legend, entries: legend.entries.map((entry) => ({ ...entry, shown: !off.has(entry.key) })) },
      hidden: off,
      visible: visible.get(layer.id) ?? true,
      inArea: areas[position],
    };
  });
  const toggleLayer = (id: string) => setVisible((current) => new Map(current).set(id, !(current.get(id) ?? true)));
  const toggleCategory = (id: string, key: string) =>
    setHidden((current) => {
      const off = new Set(current.get(id));
      if (off.has(key)) off.delete(key);
      else off.add(key);
      return new Map(current).set(id, off);
    });
  return { shown, toggleLayer, toggleCategory };
}

/** Draws the visible extra layers' points (inside the map). */
export function ExtraLayerPoints({ shown }: { shown: readonly ShownLayer[] }) {
  const map = useMap();
  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    const renderer = L.canvas({ padding: 0.5 });
    for (const { layer, color, legend, hidden, visible, inArea } of shown) {
      if (!visible) continue;
      const rows = flatTableOf(layer.records).rows;
      for (const point of extractPoints(layer.operation, layer.records).points) {
        if (inArea && !inArea.has(point.index)) continue;
        if (legend && hidden.size > 0 && hidden.has(String(rows[point.index]?.[legend.column] ?? ''))) continue;
        L.circleMarker([point.lat, point.lon], {
          renderer,
          radius: 5,
          weight: 2,
          color: '#ffffff',
          fillColor: color,
          fillOpacity: 0.9,
          interactive: false,
        }).addTo(group);
      }
    }
    return () => {
      group.remove();
      // Its canvas stays on the map until removed, redrawn on every move.
      renderer.remove();
    };
  }, [map, shown]);
  return null;
}

/** The extra layers' toggles and legends (under the map). */
export function ExtraLayerLegends({
  shown,
  onToggleLayer,
  onToggleCategory,
}: {
  shown: readonly ShownLayer[];
  onToggleLayer: (id: string) => void;
  onToggleCategory: (id: string, key: string) => void;
}) {
  return (
    <>
      {shown.map(({ layer, color, legend, visible }) => (
        <div key={layer.id} className="map-layer">
          <label>
            <input type="checkbox" checked={visible} onChange={() => onToggleLayer(layer.id)} />
            <span className="map-legend__swatch" style={{ background: color }} aria-hidden="true" /> Show {layer.title}
          </label>
          {legend && (
            <Legend legend={legend} label={`Legend: ${layer.title}`} color={color} onToggle={(key) => onToggleCategory(layer.id, key)} />
          )}
        </div>
      ))}
    </>
  );
}
