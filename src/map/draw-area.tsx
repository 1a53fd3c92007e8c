// Drawing an area on the results map (`area=`): a rectangle, a polygon or a circle, with Geoman, a
// maintained Leaflet drawing plugin loaded only when the person starts drawing. The drawn shape is
// kept as the URL's polygon (a circle as 32 corners) and drawn from it, so a link shows it too.
// For a lookup that searches by point and radius, "Search this area" sends the circle that covers it.
import { useEffect, useState } from 'react';
import L from 'leaflet';
import { Polygon, useMap } from 'react-leaflet';
import type { MapLook } from '../results/view-state.ts';
import { circlePolygon } from './area-shapes.ts';

type Shape = 'Rectangle' | 'Polygon' | 'Circle';
const SHAPES: ReadonlyArray<[Shape, string]> = [
  ['Rectangle', 'Draw a rectangle'],
  ['Polygon', 'Draw a polygon'],
  ['Circle', 'Draw a circle'],
];

/** Geoman reads Leaflet from the page's global and hooks maps made after it loads: this one is older. */
async function loadGeoman(map: L.Map): Promise<void> {
  (globalThis as { L?: typeof L }).L = L;
  await import('@geoman-io/leaflet-geoman-free');
  await import('@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css');
  const withPm = map as unknown as { pm?: unknown };
  const PM = (L as unknown as { PM: { Map: new (map: L.Map) => unknown } }).PM;
  if (!withPm.pm) withPm.pm = new PM.Map(map);
}

interface DrawnShape {
  shape: string;
  layer: L.Layer;
}

/** Inside the map: starts drawing when asked and hands the finished shape over as corners. */
export function AreaDrawing({
  drawing,
  area,
  onDrawn,
}: {
  drawing: Shape | undefined;
  area: MapLook['area'];
  onDrawn: (corners: Array<[number, number]>) => void;
}) {
  const map = useMap();
  useEffect(() => {
    if (!drawing) return;
    let live = true;
    // While drawing, a click on a cluster or a point is a corner, not a zoom or a popup.
    map.getContainer().classList.add('map-drawing');
    const created = ({ shape, layer }: DrawnShape) => {
      map.removeLayer(layer);
      if (shape === 'Circle' && layer instanceof L.Circle) {
        const centre = layer.getLatLng();
        onDrawn(circlePolygon(centre.lat, centre.lng, layer.getRadius()));
      } else if (layer instanceof L.Polygon) {
        const rings = layer.getLatLngs() as L.LatLng[][];
        onDrawn((rings[0] ?? []).map((corner) => [corner.lat, corner.lng]));
      }
    };
    void loadGeoman(map).then(() => {
      if (!live) return;
      const pm = (map as L.Map & { pm: { enableDraw: (shape: Shape) => void } }).pm;
      map.on('pm:create', created as unknown as L.LeafletEventHandlerFn);
      pm.enableDraw(drawing);
    });
    return () => {
      live = false;
      map.getContainer().classList.remove('map-drawing');
      map.off('pm:create', created as unknown as L.LeafletEventHandlerFn);
      (map as L.Map & { pm?: { disableDraw: () => void } }).pm?.disableDraw();
    };
  }, [map, drawing, onDrawn]);
  if (!area) return null;
  return (
    <Polygon
      positions={area.map(([lat, lon]) => [lat, lon] as [number, number])}
      interactive={false}
      className="map-area"
      pathOptions={{ weight: 2, dashArray: '6 4', fillOpacity: 0.05 }}
    />
  );
}

/** The buttons above the map: a shape to draw, clear the area, and "Search this area". */
export function AreaTools({
  drawing,
  onDraw,
  area,
  onClear,
  onSearchArea,
}: {
  drawing: Shape | undefined;
  onDraw: (shape: Shape | undefined) => void;
  area: MapLook['area'];
  onClear: () => void;
  onSearchArea: (() => void) | undefined;
}) {
  return (
    <div className="map-area-tools" role="group" aria-label="Area">
      {SHAPES.map(([shape, label]) => (
        <button key={shape} type="button" aria-pressed={drawing === shape} onClick={() => onDraw(drawing === shape ? undefined : shape)}>
          {label}
        </button>
      ))}
      {area && (
        <button type="button" onClick={onClear}>
          Clear the area
        </button>
      )}
      {area && onSearchArea && (
        <button type="button" onClick={onSearchArea}>
          Search this area
        </button>
      )}
    </div>
  );
}

export function useDrawing() {
  return useState<Shape>();
}
