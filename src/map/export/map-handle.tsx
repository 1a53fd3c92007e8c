// Hands the Leaflet map a component sits in to the code outside it (the export reads its zoom and centre).
import { useEffect } from 'react';
import type L from 'leaflet';
import { useMap } from 'react-leaflet';

export function MapHandle({ intoRef }: { intoRef: { current: L.Map | undefined } }) {
  const map = useMap();
  useEffect(() => {
    intoRef.current = map;
    return () => {
      if (intoRef.current === map) intoRef.current = undefined;
    };
  }, [map, intoRef]);
  return null;
}
