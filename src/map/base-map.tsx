// The map both views share: tiles from the server's configuration (StreetTiles, which checks they
// can be reached first), the country outline fallback, an accessible name, the initial view, and a
// caption strip under the map for its notices (tiles unavailable, announced once per page; the
// results map's own notes). The strip sits below the canvas, not over it, so no notice covers a
// popup, a control or a point; the frame keeps its height and the canvas gives up the strip's.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import './leaflet-setup.ts';
import './map.css';
import type { Bounds } from './geo.ts';
import { useMapConfig } from './map-config.ts';
import { useAnnouncesOffline } from './offline-announcer.ts';
import { useOfflineOnly } from './offline-only.ts';
import { StreetTiles } from './street-tiles.tsx';
import type { MapView } from './view-memory.ts';
import { WorldOutline } from './world-outline.tsx';

interface BaseMapProps {
  /** Accessible name of the map, which is also a keyboard-focusable region. */
  label: string;
  /** Where to look first; the whole world when undefined. */
  bounds: Bounds | undefined;
  /** A view to open at instead of fitting `bounds` (where the user left this answer's map). */
  view?: MapView | undefined;
  /** Notes for the caption strip under the map. */
  caption?: ReactNode;
  /** Drawn over the country outline when tiles cannot load (the demo's own streets). */
  offline?: ReactNode;
  children?: ReactNode;
}

export const FIT_OPTIONS = { padding: [24, 24] as [number, number], maxZoom: 15 };

export const OFFLINE_NOTICE = 'Map tiles unavailable — showing country outlines';

function ContainerLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

/** Leaflet measures its box once; the caption strip coming or going resizes it, so it measures again. */
function Remeasure({ when }: { when: string }) {
  const map = useMap();
  useEffect(() => {
    map.invalidateSize();
  }, [map, when]);
  return null;
}

export function BaseMap({ label, bounds, view, caption, offline: offlineLayers, children }: BaseMapProps) {
  const offlineOnly = useOfflineOnly();
  const config = useMapConfig(!offlineOnly);
  const [offline, setOffline] = useState(offlineOnly);
  const announces = useAnnouncesOffline(offline);
  const initial = view
    ? { center: [view.lat, view.lng] as [number, number], zoom: view.zoom }
    : bounds
      ? { bounds, boundsOptions: FIT_OPTIONS }
      : { center: [20, 0] as [number, number], zoom: 2 };

  return (
    <div className="map-frame">
      <MapContainer className="map-canvas" {...initial} minZoom={1} worldCopyJump>
        <ContainerLabel label={label} />
        <Remeasure when={`${offline}/${caption ? 'caption' : ''}`} />
        {/* Once the tiles are known to be unreachable the layer goes, so nothing asks for them again. */}
        {config && !offline && (
          <StreetTiles url={config.tileUrl} attribution={config.tileAttribution} onUnreachable={() => setOffline(true)} />
        )}
        {offline && <WorldOutline />}
        {offline && offlineLayers}
        {children}
      </MapContainer>
      {(offline || caption) && (
        <div className="map-caption">
          {offline && (
            // One live region for the page, however many maps lack tiles (quiet: polite, and once).
            <p className="map-caption__offline" role={announces ? 'status' : undefined}>
              {OFFLINE_NOTICE}
            </p>
          )}
          {caption}
        </div>
      )}
    </div>
  );
}
