// Leaflet's stylesheet, its default marker icon from bundled images (Leaflet guesses the image
// path from its CSS URL at run time, which breaks once a bundler renames the files), and the end
// of zoom animations when a map is removed. The images stay files (`?no-inline`): inlined, their
// base64 was 4.8 kB of the map chunk's gzip, loaded by every map that never shows a marker.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png?no-inline';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png?no-inline';
import markerShadow from 'leaflet/dist/images/marker-shadow.png?no-inline';

export const defaultIcon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

L.Marker.prototype.options.icon = defaultIcon;

/** The part of Leaflet 1.9's private zoom animation state that `remove()` forgets. */
interface ZoomAnimationState {
  _animatingZoom?: boolean;
}

// Leaflet 1.9 ends an animated zoom (fitBounds, zoom buttons, wheel) from a 250 ms timer that
// `map.remove()` does not cancel; when React unmounts a map within that time (a new answer
// remounts the results map, a tab or page change), the timer moves the removed panes and throws
// "Cannot read properties of undefined (reading '_leaflet_pos')" (Leaflet issues #6775, #9575).
// `remove()` already stops pans and flights; marking the zoom as over makes that timer a no-op.
L.Map.addInitHook(function (this: L.Map) {
  this.on('unload', () => {
    (this as unknown as ZoomAnimationState)._animatingZoom = false;
  });
});

/** The part of Leaflet 1.9's private canvas renderer state its redraw relies on. */
interface CanvasRedrawState {
  _ctx?: CanvasRenderingContext2D | null;
  _redrawRequest: number | null;
  _redraw(): void;
  _destroyContainer(): void;
}

// Leaflet 1.9's canvas renderer can run a queued redraw after its canvas is gone (a renderer
// removed as a new answer replaces the clusters mid-zoom), which throws "Cannot read properties of
// undefined (reading 'save')"; and it keeps a cancelled redraw's id when destroyed, so once added
// again it never redraws (fixed in Leaflet's #9608, not in 1.9.4). A redraw without a canvas is
// skipped, and a destroyed renderer forgets its request.
const canvas = L.Canvas.prototype as unknown as CanvasRedrawState;
const redraw = canvas._redraw;
const destroyContainer = canvas._destroyContainer;
canvas._redraw = function (this: CanvasRedrawState) {
  if (!this._ctx) {
    this._redrawRequest = null;
    return;
  }
  redraw.call(this);
};
canvas._destroyContainer = function (this: CanvasRedrawState) {
  destroyContainer.call(this);
  this._redrawRequest = null;
};
