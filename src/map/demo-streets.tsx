// The demo world's streets where tiles are missing (issues 24, 34): over an answer from the demo, from
// zoom 12, the map draws the demo's own street grid around the view (demo/demo-streets.ts, loaded
// lazily, computed here: no request leaves the machine), in a pane above the country outline. The
// lines are the streets the demo's addresses name. Avenues are drawn heavier and named from the zoom
// a search circle is fitted to, side streets from closer in, the busiest first and none over
// another, on one canvas, painted as an export paints them (demo-street-canvas.ts).
import { useEffect } from 'react';
import L from 'leaflet';
import { Pane, useMap } from 'react-leaflet';
import { loadDemoStreets, paintStreetLines, STREETS_FROM_ZOOM } from './demo-street-canvas.ts';

export { STREETS_FROM_ZOOM } from './demo-street-canvas.ts';
const PANE = 'demo-streets';
/** The canvas reaches this far past each side of the view (a share of its size), so a short pan shows streets at once. */
const PAD = 0.25;

function StreetCanvas() {
  const map = useMap();
  useEffect(() => {
    const pane = map.getPane(PANE)!;
    // Hidden while a zoom animates, like Leaflet's own canvas layers, and drawn again when it ends.
    const canvas = L.DomUtil.create('canvas', 'demo-streets__canvas leaflet-zoom-hide', pane);
    canvas.setAttribute('aria-hidden', 'true');
    let latest = 0;
    const mark = (streets: number, names: readonly string[]) => {
      // Says what is drawn, for the page's tests and anyone inspecting it.
      pane.setAttribute('data-zoom', String(map.getZoom()));
      pane.setAttribute('data-streets', String(streets));
      pane.setAttribute('data-names', String(names.length));
      pane.setAttribute('data-name-list', names.slice(0, 40).join('|'));
    };
    const draw = () => {
      const ask = ++latest;
      const zoom = map.getZoom();
      if (zoom < STREETS_FROM_ZOOM) {
        canvas.width = canvas.height = 0;
        return mark(0, []);
      }
      const size = map.getSize();
      const topLeft = map.containerPointToLayerPoint([-size.x * PAD, -size.y * PAD]);
      const width = Math.round(size.x * (1 + 2 * PAD));
      const height = Math.round(size.y * (1 + 2 * PAD));
      const bounds = map.getBounds().pad(PAD);
      void loadDemoStreets({
        south: bounds.getSouth(),
        west: bounds.getWest(),
        north: bounds.getNorth(),
        east: bounds.getEast(),
        zoom,
      }).then((lines) => {
        if (ask !== latest) return;
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
        canvas.style.width = `${width}px`;
        canvas.style.height = `${height}px`;
        L.DomUtil.setPosition(canvas, topLeft);
        const ctx = canvas.getContext('2d');
        if (!ctx) return mark(lines.length, []);
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
        // Names are placed within the view itself, not the padding, so each named street shows its name.
        const seen = { x: size.x * PAD, y: size.y * PAD, width: size.x, height: size.y };
        const drawn = paintStreetLines(ctx, lines, zoom, (lat, lon) => map.latLngToLayerPoint([lat, lon]).subtract(topLeft), seen);
        mark(drawn.streets, drawn.names);
      });
    };
    draw();
    map.on('moveend resize', draw);
    return () => {
      latest = -1;
      map.off('moveend resize', draw);
      canvas.remove();
    };
  }, [map]);
  return null;
}

export function DemoStreets() {
  return (
    // Above the country outline (250), below results (400).
    <Pane name={PANE} style={{ zIndex: 300 }}>
      <StreetCanvas />
    </Pane>
  );
}
