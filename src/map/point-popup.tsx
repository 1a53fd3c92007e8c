// The popup of one record: its label, a few key fields and the way to the table row.
import { Popup } from 'react-leaflet';
import type { LatLon } from './geo.ts';
import { popupFields } from './popup-fields.ts';

interface PointPopupProps {
  position: LatLon;
  label: string;
  record: unknown;
  onOpenTable: () => void;
  onClose: () => void;
}

export function PointPopup({ position, label, record, onOpenTable, onClose }: PointPopupProps) {
  return (
    <Popup position={[position.lat, position.lon]} eventHandlers={{ remove: onClose }} className="map-popup">
      <strong className="map-popup__title">{label}</strong>
      <dl className="map-popup__fields">
        {popupFields(record).map((field) => (
          <div key={field.name}>
            <dt>{field.name}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="map-popup__action" onClick={onOpenTable}>
        Show in table
      </button>
    </Popup>
  );
}
