// The search-area map sits in a scrolling form: a wheel turned to scroll the form must not zoom it
// (walk defect 15: the map zoomed out under the pointer, and the next click set a point 50 mi off).
// As map embeds do, the wheel zooms only after a click (or a press) in the map, until the pointer
// leaves it, or while Ctrl is held (a trackpad pinch arrives as Ctrl+wheel); a wheel turned before
// that scrolls the page and shows a short hint over the map.
import { useCallback, useEffect, useState } from 'react';
import { useMap } from 'react-leaflet';

export const WHEEL_HINT = 'Click the map to zoom with the wheel, or hold Ctrl while scrolling';
/** How long the hint stays after the last wheel turn it answered. */
const HINT_MS = 1500;

/** Inside a MapContainer: gates its wheel zoom and reports wheel turns it let the page have. */
export function WheelGate({ onScrollPast }: { onScrollPast: () => void }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    map.scrollWheelZoom.disable();
    const activate = () => map.scrollWheelZoom.enable();
    const deactivate = () => map.scrollWheelZoom.disable();
    const wheel = (event: WheelEvent) => {
      if (map.scrollWheelZoom.enabled()) return;
      if (!event.ctrlKey) {
        onScrollPast();
        return;
      }
      // Ctrl+wheel would zoom the page: here it zooms the map about the pointer instead.
      event.preventDefault();
      const zoom = map.getZoom() + (event.deltaY < 0 ? 1 : -1);
      map.setZoomAround(map.mouseEventToContainerPoint(event as unknown as MouseEvent), zoom);
    };
    container.addEventListener('pointerdown', activate);
    container.addEventListener('pointerleave', deactivate);
    container.addEventListener('wheel', wheel, { passive: false });
    return () => {
      container.removeEventListener('pointerdown', activate);
      container.removeEventListener('pointerleave', deactivate);
      container.removeEventListener('wheel', wheel);
    };
  }, [map, onScrollPast]);
  return null;
}

/** The hint's state: shown on a wheel turn the map let pass, gone a moment after the last. */
export function useWheelHint(): [boolean, () => void] {
  const [turns, setTurns] = useState(0);
  useEffect(() => {
    if (turns === 0) return;
    const timer = setTimeout(() => setTurns(0), HINT_MS);
    return () => clearTimeout(timer);
  }, [turns]);
  const show = useCallback(() => setTurns((count) => count + 1), []);
  return [turns > 0, show];
}
