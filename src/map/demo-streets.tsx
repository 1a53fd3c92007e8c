// The demo world's streets where tiles are missing (issue 24): over an answer from the demo, at city
// zoom, the map draws the demo's own street grid around the view (demo/demo-streets.ts, loaded
// lazily, computed here: no request leaves the machine), in a pane above the country outline. The
// lines are the streets the demo's addresses name; their names show at closer zooms.
import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { Pane, useMap } from 'react-leaflet';
import { readColor } from './theme-colors.ts';

/** From this zoom on, a view is a few kilometres across: a street grid is worth drawing. */
export const STREETS_FROM_ZOOM = 13;
/** Names are written from this zoom on, where streets are far enough apart to read them. */
const NAMES_FROM_ZOOM = 16;
const PANE = 'demo-streets';

function StreetLines() {
  const map = useMap();
  const renderer = useMemo(() => L.canvas({ pane: PANE, padding: 0.2 }), []);
  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    const color = readColor('--border', '#c9ced6');
    let latest = 0;
    const draw = () => {
      const ask = ++latest;
      // Says what is drawn, for the page's tests and anyone inspecting it.
      map.getPane(PANE)?.setAttribute('data-zoom', String(map.getZoom()));
      if (map.getZoom() < STREETS_FROM_ZOOM) {
        map.getPane(PANE)?.setAttribute('data-streets', '0');
        return void group.clearLayers();
      }
      const bounds = map.getBounds().pad(0.25);
      void import('../demo/demo-streets.ts').then(({ demoStreets }) => {
        if (ask !== latest) return;
        group.clearLayers();
        const { lines } = demoStreets(bounds.getSouth(), bounds.getWest(), bounds.getNorth(), bounds.getEast());
        const named = map.getZoom() >= NAMES_FROM_ZOOM;
        for (const line of lines) {
          const drawn = L.polyline([line.from as [number, number], line.to as [number, number]], { renderer, color, weight: 3, interactive: false });
          if (named) drawn.bindTooltip(line.name, { permanent: true, direction: 'center', className: 'demo-street-name', opacity: 0.8 });
          drawn.addTo(group);
        }
        map.getPane(PANE)?.setAttribute('data-streets', String(lines.length));
      });
    };
    draw();
    map.on('moveend', draw);
    return () => {
      latest = -1;
      map.off('moveend', draw);
      group.remove();
    };
  }, [map, renderer]);
  return null;
}

export function DemoStreets() {
  return (
    // Above the country outline (250), below results (400).
    <Pane name={PANE} style={{ zIndex: 300 }}>
      <StreetLines />
    </Pane>
  );
}
