// Country outlines beneath everything else, shown when tiles cannot load so the map still has
// a shape. Their data is a separate chunk fetched from our own server on first need.
import { useEffect, useMemo, useState } from 'react';
import L from 'leaflet';
import type { FeatureCollection } from 'geojson';
import { GeoJSON, Pane } from 'react-leaflet';
import { readColor } from './theme-colors.ts';

const PANE = 'world-outline';

export function WorldOutline() {
  const [outline, setOutline] = useState<FeatureCollection>();
  // Canvas, not SVG: redrawing 177 country polygons as SVG after a zoom took ~150 ms in the benchmark.
  const renderer = useMemo(() => L.canvas({ pane: PANE }), []);
  useEffect(() => {
    let live = true;
    void import('./world-outline-data.ts').then((module) => live && setOutline(module.worldOutline));
    return () => {
      live = false;
    };
  }, []);
  if (!outline) return null;
  const style = {
    color: readColor('--muted', '#4d5868'),
    weight: 1,
    fillColor: readColor('--surface', '#ffffff'),
    fillOpacity: 1,
  };
  return (
    // Above the (empty) tile pane at 200, below results and the search circle at 400.
    <Pane name={PANE} style={{ zIndex: 250 }}>
      {/* Leaflet hands GeoJSON's options to each polygon, renderer included; its typings omit it. */}
      <GeoJSON data={outline} interactive={false} style={style} {...({ renderer } as object)} />
    </Pane>
  );
}
