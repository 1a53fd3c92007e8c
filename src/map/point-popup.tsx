// The popup of one record: its label, the fields its definition names (else a few plain ones), its
// coordinates (marked approximate when masking rounded them) and the way to the table row.
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { Popup } from 'react-leaflet';
import type { MapPresentation } from '../lookups/define-lookup.ts';
import { plural } from '../lookups/adapters.ts';
import type { LatLon } from './geo.ts';
import { positionText } from './approximate.ts';
import { recordPopupFields } from './popup-fields.ts';
import { RecordActions } from '../results/record-actions.tsx';

interface PointPopupProps {
  position: LatLon;
  label: string;
  record: unknown;
  presentation: MapPresentation | undefined;
  /** The position was rounded by masking. */
  rounded: boolean;
  /** Records at exactly this position, this one included. */
  atPosition: number;
  onOpenTable: () => void;
  onClose: () => void;
}

export function PointPopup({ position, label, record, presentation, rounded, atPosition, onOpenTable, onClose }: PointPopupProps) {
  // react-leaflet updates an open popup whenever its children change, and Leaflet pans the map on
  // every update: content that changes only with the record keeps the map where the user put it
  // (a click on "Show in table" used to move the map the user was about to come back to).
  const openTable = useRef(onOpenTable);
  useLayoutEffect(() => {
    openTable.current = onOpenTable;
  });
  const onShowInTable = useCallback(() => openTable.current(), []);
  const content = useMemo(
    () => (
      <>
        <strong className="map-popup__title">{label}</strong>
        <dl className="map-popup__fields">
          {recordPopupFields(presentation, record).map((field) => (
            <div key={field.name}>
              <dt>{field.name}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
          <div>
            <dt>Lat, lon</dt>
            <dd>{positionText(position, rounded)}</dd>
          </div>
        </dl>
        {atPosition > 1 && <p className="map-popup__shared">{plural(atPosition, 'record')} share this position (see the table).</p>}
        <button type="button" className="map-popup__action" onClick={onShowInTable}>
          Show in table
        </button>
        <RecordActions record={record} />
      </>
    ),
    [label, presentation, record, position, rounded, atPosition, onShowInTable],
  );
  return (
    <Popup position={[position.lat, position.lon]} eventHandlers={{ remove: onClose }} className="map-popup" autoPanPadding={[16, 16]}>
      {content}
    </Popup>
  );
}
