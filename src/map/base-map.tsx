// The map both views share: tiles from the server's configuration, the country outline fallback
// and its notice, an accessible name, and the initial view.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import './leaflet-setup.ts';
import './map.css';
import type { Bounds } from './geo.ts';
import { useMapConfig } from './map-config.ts';
import { WorldOutline } from './world-outline.tsx';

type TileState = 'pending' | 'loaded' | 'failed';

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
  const [tiles, setTiles] = useState<TileState>('pending');
  // One failing tile among loaded ones is a hiccup; failing before any loaded means no tiles.
  const onTileError = () => setTiles((state) => (state === 'loaded' ? state : 'failed'));

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
        {config && (
          <TileLayer
            url={config.tileUrl}
            attribution={config.tileAttribution}
            eventHandlers={{ tileload: () => setTiles('loaded'), tileerror: onTileError }}
          />
        )}
        {tiles === 'failed' && <WorldOutline />}
        {children}
      </MapContainer>
      {tiles === 'failed' && (
        <p className="map-notice" role="status">
          Map tiles unavailable — showing country outlines
        </p>
      )}
    </div>
  );
}
