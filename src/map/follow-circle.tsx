// Moves the picker's view to a circle typed into the form fields, and to one set on the map itself
// once it no longer fits the frame (a radius grown by dragging or by the keyboard).
import { useEffect } from 'react';
import type { RefObject } from 'react';
import { useMap } from 'react-leaflet';
import { enclosingBounds } from './geo.ts';
import type { SearchCircle } from './search-circle.ts';
import { FIT_OPTIONS } from './base-map.tsx';

export const circleKey = (circle: SearchCircle | undefined) => (circle ? `${circle.lat},${circle.lon},${circle.radiusMetres}` : undefined);

interface FollowCircleProps {
  circle: SearchCircle | undefined;
  /** Key of a circle set on the map itself, where the user is already looking: it moves the view only when it leaves the frame. */
  skipKey: RefObject<string | undefined>;
}

export function FollowCircle({ circle, skipKey }: FollowCircleProps) {
  const map = useMap();
  const key = circleKey(circle);
  useEffect(() => {
    if (!key) return;
    const [lat, lon, radiusMetres] = key.split(',').map(Number) as [number, number, number];
    const bounds = enclosingBounds([], { lat, lon, radiusMetres });
    if (!bounds) return;
    if (key === skipKey.current && map.getBounds().contains(bounds)) return;
    // Not animated: Leaflet drops a zoom asked for while another is animating, so a second key
    // press (or digit typed) within 250 ms left the circle past the frame.
    map.fitBounds(bounds, { ...FIT_OPTIONS, animate: false });
  }, [map, key, skipKey]);
  return null;
}
