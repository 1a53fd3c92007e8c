// The map both views share: tiles from the server's configuration (StreetTiles, which checks they
// can be reached first), the country outline fallback and its notice (announced once per page),
// an accessible name, and the initial view.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import './leaflet-setup.ts';
import './map.css';
import type { Bounds } from './geo.ts';
import { useMapConfig } from './map-config.ts';
import { useAnnouncesOffline } from './offline-announcer.ts';
import { StreetTiles } from './street-tiles.tsx';
import { WorldOutline } from './world-outline.tsx';

interface BaseMapProps {
  /** Accessible name of the map, which is also a keyboard-focusable region. */
  label: string;
  /** Where to look first; the whole world when undefined. */
  bounds: Bounds | undefined;
  children?: ReactNode;
}

export const FIT_OPTIONS = { padding: [24, 24] as [number, number], maxZoom: 15 };

function ContainerLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

export function BaseMap({ label, bounds, children }: BaseMapProps) {
  const config = useMapConfig();
  const [offline, setOffline] = useState(false);
  const announces = useAnnouncesOffline(offline);

  return (
    <div className="map-frame">
      <MapContainer
        className="map-canvas"
        bounds={bounds}
        boundsOptions={FIT_OPTIONS}
        center={bounds ? undefined : [20, 0]}
        zoom={bounds ? undefined : 2}
        minZoom={1}
        worldCopyJump
      >
        <ContainerLabel label={label} />
        {/* Once the tiles are known to be unreachable the layer goes, so nothing asks for them again. */}
        {config && !offline && <StreetTiles url={config.tileUrl} attribution={config.tileAttribution} onUnreachable={() => setOffline(true)} />}
        {offline && <WorldOutline />}
        {children}
      </MapContainer>
      {offline && (
        // One live region for the page, however many maps lack tiles (quiet: polite, and once).
        <p className="map-notice" role={announces ? 'status' : undefined}>
          Map tiles unavailable — showing country outlines
        </p>
      )}
    </div>
  );
}
