// One map of several answers, each a layer of its own colour with a legend entry and a switch:
// the place dossier's map. Points are drawn on one canvas (an answer can hold thousands), the
// search circle around the place in outline. Built apart from the results map, whose clustering
// and popups serve one answer at a time.
import { useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { Circle, CircleMarker, Tooltip, useMap } from 'react-leaflet';
import { BaseMap, FIT_OPTIONS } from './base-map.tsx';
import { DemoStreets } from './demo-streets.tsx';
import { enclosingBounds, type Bounds, type LatLon } from './geo.ts';
import { MapExportButtons } from './export/export-buttons.tsx';
import { dossierSheetInfo, drawSceneSheet } from './export/scene.ts';
import './layered-map.css';

export interface MapLayer {
  id: string;
  /** The legend's words, e.g. "L. Crime incidents". */
  label: string;
  /** A CSS colour; the caller picks them, so other drawings of the same layers (the evidence pack's image) match. */
  color: string;
  points: readonly (LatLon & { label: string })[];
}

interface LayeredMapProps {
  /** Accessible name of the map. */
  label: string;
  center: LatLon | undefined;
  radiusMetres: number | undefined;
  layers: readonly MapLayer[];
  /** Every layer is demo data: without tiles, the demo's own streets are drawn under them. */
  demo?: boolean;
  /** The exported sheet's facts: its title, file name, masked or not. */
  sheet: { title: string; name: string; masked: boolean };
}

/**
 * A dossier around a record learns its place only when the record has answered, after the map may
 * have opened on the whole world: the map is fitted once, when the place is first known (never
 * again, so the reader's own pan and zoom stay).
 */
function FitWhenKnown({ bounds }: { bounds: Bounds | undefined }) {
  const map = useMap();
  const fitted = useRef(bounds !== undefined);
  useEffect(() => {
    if (fitted.current || !bounds) return;
    fitted.current = true;
    map.fitBounds(bounds, FIT_OPTIONS);
  }, [map, bounds]);
  return null;
}

export default function LayeredMap({ label, center, radiusMetres, layers, demo = false, sheet }: LayeredMapProps) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const renderer = useMemo(() => L.canvas({ padding: 0.5 }), []);
  const bounds = useMemo(
    () =>
      enclosingBounds(
        center ? [center] : layers.flatMap((layer) => layer.points),
        center && radiusMetres ? { ...center, radiusMetres } : undefined,
      ),
    [center, radiusMetres, layers],
  );
  const toggle = (id: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  // The export is fitted to every shown layer's every point, not to the screen's view.
  const exportSheet = () => {
    const scene = { layers: layers.filter((layer) => !hidden.has(layer.id)), place: center, radiusMetres, demo };
    return drawSceneSheet(scene, dossierSheetInfo(sheet.title, scene, sheet.masked));
  };
  return (
    <div className="layered-map">
      <div className="map-toolbar">
        <MapExportButtons drawSheet={exportSheet} name={sheet.name} title={sheet.title} disabled={layers.length === 0} />
      </div>
      <BaseMap label={label} bounds={bounds} offline={demo ? <DemoStreets /> : undefined}>
        <FitWhenKnown bounds={bounds} />
        {center && radiusMetres && (
          <Circle
            center={[center.lat, center.lon]}
            radius={radiusMetres}
            pathOptions={{ color: '#555', weight: 1, fill: false, dashArray: '4 4' }}
          />
        )}
        {layers
          .filter((layer) => !hidden.has(layer.id))
          .flatMap((layer) =>
            layer.points.map((point, index) => (
              <CircleMarker
                key={`${layer.id}-${index}`}
                center={[point.lat, point.lon]}
                radius={5}
                renderer={renderer}
                pathOptions={{ color: layer.color, fillColor: layer.color, fillOpacity: 0.75, weight: 1 }}
              >
                <Tooltip>{`${layer.label}: ${point.label}`}</Tooltip>
              </CircleMarker>
            )),
          )}
      </BaseMap>
      <fieldset className="layered-map__legend">
        <legend>Layers</legend>
        {layers.map((layer) => (
          <label key={layer.id}>
            <input type="checkbox" checked={!hidden.has(layer.id)} onChange={() => toggle(layer.id)} />
            <span className="layered-map__swatch" style={{ background: layer.color }} aria-hidden="true" />
            {layer.label} ({layer.points.length.toLocaleString('en-US')} on the map)
          </label>
        ))}
      </fieldset>
    </div>
  );
}
