// Behaviours the results map adds to the Leaflet map: refit to new results, follow the selection.
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { Bounds, LatLon } from './geo.ts';
import { FIT_OPTIONS } from './base-map.tsx';

/** Refits when the results (or the search circle) change; the first fit is the map's initial view. */
export function FitToBounds({ bounds }: { bounds: Bounds | undefined }) {
  const map = useMap();
  const key = bounds ? bounds.flat().join(',') : '';
  useEffect(() => {
    if (!key) return;
    const [south, west, north, east] = key.split(',').map(Number) as [number, number, number, number];
    map.fitBounds([[south, west], [north, east]], FIT_OPTIONS);
  }, [map, key]);
  return null;
}

/** Brings a point selected elsewhere (table, own view) into view, without moving for one already visible. */
export function PanToPoint({ point }: { point: LatLon | undefined }) {
  const map = useMap();
  const lat = point?.lat;
  const lon = point?.lon;
  useEffect(() => {
    if (lat === undefined || lon === undefined) return;
    if (!map.getBounds().contains([lat, lon])) map.panTo([lat, lon]);
  }, [map, lat, lon]);
  return null;
}
