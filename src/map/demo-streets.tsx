// The demo world's streets where tiles are missing (issues 24, 34): over an answer from the demo, at
// city zoom, the map draws the demo's own street grid around the view (demo/demo-streets.ts, loaded
// lazily, computed here: no request leaves the machine), in a pane above the country outline. The
// lines are the streets the demo's addresses name. Avenues are drawn heavier and named from the zoom
// a search circle is fitted to, side streets from closer in, the busiest first and none over
// another (street-paint.ts), on one canvas that an export can paint again the same way.
import { useEffect } from 'react';
import L from 'leaflet';
import { Pane, useMap } from 'react-leaflet';
import type { GridLine } from '../demo/demo-streets.ts';
import { LABEL_FONT, paintStreets, placeStreetLabels, type PixelLine, type StreetPalette } from './street-paint.ts';
import { readColor } from './theme-colors.ts';

/** From this zoom on, a view is a few kilometres across: a street grid is worth drawing. */
export const STREETS_FROM_ZOOM = 13;
const PANE = 'demo-streets';
/** The canvas reaches this far past each side of the view (a share of its size), so a short pan shows streets at once. */
const PAD = 0.25;

export function streetPalette(): StreetPalette {
  return {
    street: readColor('--border', '#c9ced6'),
    avenue: readColor('--border', '#c9ced6'),
    text: readColor('--fg', '#1f2933'),
    halo: readColor('--surface', '#ffffff'),
  };
}

/** The lines of a box in a canvas' pixels, given how a position lands on it. */
export function toPixelLines(lines: readonly GridLine[], pixelOf: (lat: number, lon: number) => { x: number; y: number }): PixelLine[] {
  return lines.map((line) => ({ name: line.name, major: line.major, rank: line.rank, from: pixelOf(...line.from), to: pixelOf(...line.to) }));
}

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
      void import('../demo/demo-streets.ts').then(({ demoStreets }) => {
        if (ask !== latest) return;
        const { lines } = demoStreets(bounds.getSouth(), bounds.getWest(), bounds.getNorth(), bounds.getEast());
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
        canvas.style.width = `${width}px`;
        canvas.style.height = `${height}px`;
        L.DomUtil.setPosition(canvas, topLeft);
        const ctx = canvas.getContext('2d');
        if (!ctx) return mark(lines.length, []);
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
        const pixels = toPixelLines(lines, (lat, lon) => map.latLngToLayerPoint([lat, lon]).subtract(topLeft));
        ctx.font = LABEL_FONT;
        // Names are placed within the view itself, not the padding, so each named street shows its name.
        const inView = { x: size.x * PAD, y: size.y * PAD };
        const labels = placeStreetLabels(
          pixels.map((line) => ({ ...line, from: { x: line.from.x - inView.x, y: line.from.y - inView.y }, to: { x: line.to.x - inView.x, y: line.to.y - inView.y } })),
          zoom,
          { width: size.x, height: size.y },
          (text) => ctx.measureText(text).width,
        ).map((label) => ({ ...label, x: label.x + inView.x, y: label.y + inView.y }));
        paintStreets(ctx, pixels, labels, zoom, streetPalette());
        mark(lines.length, [...new Set(labels.map((label) => label.name))]);
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
