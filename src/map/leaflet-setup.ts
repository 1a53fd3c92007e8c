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
