// Behaviours the results map adds to the Leaflet map: refit to new results, follow the selection,
// remember where the user left it.
import { useEffect, useRef, useState } from 'react';
import { useMap } from 'react-leaflet';
import type { Bounds, LatLon } from './geo.ts';
import { FIT_OPTIONS } from './base-map.tsx';
import { rememberView } from './view-memory.ts';

interface FitToBoundsProps {
  bounds: Bounds | undefined;
  /** The map opened at a remembered view of these bounds: keep it until the bounds change. */
  keepFirst?: boolean;
}

/** Refits when the results (or the search circle) change; the first fit is the map's initial view. */
export function FitToBounds({ bounds, keepFirst = false }: FitToBoundsProps) {
  const map = useMap();
  const key = bounds ? bounds.flat().join(',') : '';
  const [kept] = useState(() => (keepFirst ? key : undefined));
  const moved = useRef(false);
  useEffect(() => {
    if (!key) return;
    if (key === kept && !moved.current) return;
    moved.current = true;
    const [south, west, north, east] = key.split(',').map(Number) as [number, number, number, number];
    map.fitBounds(
      [
        [south, west],
        [north, east],
      ],
      FIT_OPTIONS,
    );
  }, [map, key, kept]);
  return null;
}

/**
 * Brings a point selected elsewhere (table, own view) into view, without moving for one already
 * visible. With `keepFirst` (the map opened at a view the user left), the selection it opens with
 * is the one the user left out of view: only a new selection moves the map.
 */
export function PanToPoint({ point, keepFirst = false }: { point: LatLon | undefined; keepFirst?: boolean }) {
  const map = useMap();
  const lat = point?.lat;
  const lon = point?.lon;
  const [kept] = useState(() => (keepFirst ? `${lat},${lon}` : undefined));
  useEffect(() => {
    if (lat === undefined || lon === undefined || `${lat},${lon}` === kept) return;
    if (!map.getBounds().contains([lat, lon])) map.panTo([lat, lon]);
  }, [map, lat, lon, kept]);
  return null;
}

/** Remembers the view under `viewKey` after every move, for the next mount of this answer's map. */
export function RememberView({ viewKey }: { viewKey: string }) {
  const map = useMap();
  useEffect(() => {
    const save = () => {
      const { lat, lng } = map.getCenter();
      rememberView(viewKey, { lat, lng, zoom: map.getZoom() });
    };
    map.on('moveend', save);
    return () => {
      map.off('moveend', save);
    };
  }, [map, viewKey]);
  return null;
}
