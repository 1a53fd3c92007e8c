// The street tile layer, mounted only once one tile (the first it would ask for) has loaded:
// offline, the map then makes one failed request instead of one per tile in view. Once mounted, the
// layer goes as soon as the tiles are judged unreachable (the map shows the outline and asks for no
// tile again): the first tile failing before any loaded, or, after some loaded, a run of failures
// with no tile loading between them (the network went away while the map was in use).
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { TileLayer, useMap } from 'react-leaflet';
import { firstTileUrl } from './first-tile-url.ts';
import { markTilesUnreachable, probeTiles, type TileReach } from './tile-probe.ts';

/** Failures in a row, none loading between them, that mean the tiles are gone rather than one hiccup. */
export const FAILURES_MEANING_GONE = 6;

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
  const failuresInARow = useRef(0);
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
          failuresInARow.current = 0;
        },
        // One failing tile among loaded ones is a hiccup; failing before any loaded, or failing
        // again and again with none loading, means no tiles: the layer is removed and stops asking.
        tileerror: () => {
          failuresInARow.current += 1;
          if (anyLoaded.current && failuresInARow.current < FAILURES_MEANING_GONE) return;
          markTilesUnreachable(url);
          onUnreachable();
        },
      }}
    />
  );
}
