// The selected record: Leaflet's default marker above a ring, so it stands out even inside a cluster.
import { CircleMarker, Marker } from 'react-leaflet';
import type { LatLon } from './geo.ts';
import { defaultIcon } from './leaflet-setup.ts';

export function SelectedPoint({ point, label, onClick }: { point: LatLon; label: string; onClick: () => void }) {
  const position: [number, number] = [point.lat, point.lon];
  return (
    <>
      <CircleMarker
        center={position}
        radius={14}
        className="map-selected-ring"
        pathOptions={{ weight: 3, fillOpacity: 0.15 }}
        interactive={false}
      />
      <Marker
        position={position}
        icon={defaultIcon}
        title={`Selected: ${label}`}
        alt={`Selected: ${label}`}
        zIndexOffset={1000}
        eventHandlers={{ click: onClick }}
      />
    </>
  );
}
