// The street tile layer, mounted only once one tile (the first it would ask for) has loaded:
// offline, the map then makes one failed request instead of one per tile in view.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { TileLayer, useMap } from 'react-leaflet';
import { firstTileUrl } from './first-tile-url.ts';
import { markTilesUnreachable, probeTiles, type TileReach } from './tile-probe.ts';

interface StreetTilesProps {
  url: string;
  attribution: string;
  /** The tiles cannot be reached: the probe failed, or tiles failed before any loaded. */
  onUnreachable: () => void;
}

export function StreetTiles({ url, attribution, onUnreachable }: StreetTilesProps) {
  const map = useMap();
  const [reach, setReach] = useState<TileReach>();
  const anyLoaded = useRef(false);
  const unreachable = useEffectEvent(onUnreachable);

  useEffect(() => {
    let live = true;
    // The view at mount picks the probe tile; later moves do not probe again.
    const center = map.getCenter();
    const probeUrl = firstTileUrl(url, { lat: center.lat, lng: center.lng, zoom: map.getZoom(), retina: window.devicePixelRatio > 1 });
    // A template we cannot fill is left to Leaflet, unprobed.
    const answer = probeUrl === undefined ? Promise.resolve<TileReach>('reachable') : probeTiles(url, probeUrl);
    void answer.then((result) => {
      if (!live) return;
      setReach(result);
      if (result === 'unreachable') unreachable();
    });
    return () => {
      live = false;
    };
  }, [map, url]);

  if (reach !== 'reachable') return null;
  return (
    <TileLayer
      url={url}
      attribution={attribution}
      eventHandlers={{
        tileload: () => {
          anyLoaded.current = true;
        },
        // One failing tile among loaded ones is a hiccup; failing before any loaded means no tiles
        // (the network went away after the probe): the layer is removed and stops asking.
        tileerror: () => {
          if (anyLoaded.current) return;
          markTilesUnreachable(url);
          onUnreachable();
        },
      }}
    />
  );
}
