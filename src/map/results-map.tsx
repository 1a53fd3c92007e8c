// The viewer's Map tab: every record with coordinates, clustered, with the search circle, a popup
// per point, the selection shared with the table, and a GeoJSON export.
import { useMemo, useState } from 'react';
import { Circle } from 'react-leaflet';
import type { MapSlotProps } from '../results/slots.ts';
import { plural } from '../lookups/adapters.ts';
import { BaseMap } from './base-map.tsx';
import { ClusterLayer } from './cluster-layer.tsx';
import { enclosingBounds } from './geo.ts';
import { downloadGeoJson, toFeatureCollection } from './geojson-export.ts';
import { FitToBounds, PanToPoint } from './map-view-effects.tsx';
import { MissingCoordinates } from './missing-coordinates.tsx';
import { PointPopup } from './point-popup.tsx';
import { extractPoints, recordLabel } from './points.ts';
import { searchCircle } from './search-circle.ts';
import { SelectedPoint } from './selected-point.tsx';

export default function ResultsMap({ lookup, operation, params, records, filteredFrom, selectedIndex, onSelect, onOpenTable }: MapSlotProps) {
  const { points, missing } = useMemo(() => extractPoints(operation, records), [operation, records]);
  const circle = useMemo(() => searchCircle(operation.locationSearch, params), [operation, params]);
  const bounds = useMemo(() => enclosingBounds(points, circle), [points, circle]);
  const pointByIndex = useMemo(() => new Map(points.map((point) => [point.index, point])), [points]);
  const [popupIndex, setPopupIndex] = useState<number>();

  const selected = selectedIndex === undefined ? undefined : pointByIndex.get(selectedIndex);
  const popupPoint = popupIndex === undefined ? undefined : pointByIndex.get(popupIndex);
  const openPopup = (index: number) => {
    onSelect(index);
    setPopupIndex(index);
  };

  return (
    <div className="results-map">
      <div className="map-toolbar">
        <p className="map-toolbar__count">
          {points.length > 0 ? `${plural(points.length, 'record')} on the map` : 'No record has coordinates to show'}
          {filteredFrom !== undefined && ` (filtered: ${plural(records.length, 'record')} of ${filteredFrom.toLocaleString('en-US')})`}
        </p>
        <button
          type="button"
          disabled={points.length === 0}
          onClick={() => downloadGeoJson(toFeatureCollection(points, records), `${lookup.slug}-${operation.id}-points${filteredFrom !== undefined ? '-filtered' : ''}`)}
        >
          Export GeoJSON
        </button>
      </div>
      <BaseMap label={`Map of ${plural(points.length, 'result')}`} bounds={bounds}>
        {circle && (
          <Circle
            center={[circle.lat, circle.lon]}
            radius={circle.radiusMetres}
            interactive={false}
            // A Leaflet option read once at creation: react-leaflet's pathOptions only restyle.
            className="map-search-circle"
            pathOptions={{ weight: 2, fillOpacity: 0.06 }}
          />
        )}
        <ClusterLayer points={points} onPointClick={openPopup} />
        {selected && (
          <SelectedPoint point={selected} label={recordLabel(operation, records[selected.index], selected.index)} onClick={() => openPopup(selected.index)} />
        )}
        {popupPoint && (
          <PointPopup
            key={popupPoint.index}
            position={popupPoint}
            label={recordLabel(operation, records[popupPoint.index], popupPoint.index)}
            record={records[popupPoint.index]}
            onOpenTable={() => onOpenTable(popupPoint.index)}
            // Only this popup's own closing clears it, not its replacement by another.
            onClose={() => setPopupIndex((current) => (current === popupPoint.index ? undefined : current))}
          />
        )}
        <FitToBounds bounds={bounds} />
        <PanToPoint point={selected} />
      </BaseMap>
      <MissingCoordinates missing={missing} onOpenTable={onOpenTable} />
    </div>
  );
}
