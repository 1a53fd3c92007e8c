// Moves the picker's view to a circle typed into the form fields.
import { useEffect } from 'react';
import type { RefObject } from 'react';
import { useMap } from 'react-leaflet';
import { enclosingBounds } from './geo.ts';
import type { SearchCircle } from './search-circle.ts';
import { FIT_OPTIONS } from './base-map.tsx';

export const circleKey = (circle: SearchCircle | undefined) => (circle ? `${circle.lat},${circle.lon},${circle.radiusMetres}` : undefined);

interface FollowCircleProps {
  circle: SearchCircle | undefined;
  /** Key of a circle set on the map itself, which is already where the user is looking. */
  skipKey: RefObject<string | undefined>;
}

export function FollowCircle({ circle, skipKey }: FollowCircleProps) {
  const map = useMap();
  const key = circleKey(circle);
  useEffect(() => {
    if (!key || key === skipKey.current) return;
    const [lat, lon, radiusMetres] = key.split(',').map(Number) as [number, number, number];
    const bounds = enclosingBounds([], { lat, lon, radiusMetres });
    if (bounds) map.fitBounds(bounds, FIT_OPTIONS);
  }, [map, key, skipKey]);
  return null;
}
