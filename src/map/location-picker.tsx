// Search by location: click the map to set the point, drag the handle on the circle's edge (or
// focus it and press the arrow keys) to set the radius. The form fields stay the source of truth:
// the map writes them through onValuesChange and follows whatever is typed there. The page loads this chunk when
// the map's box nears the viewport and writes the hint under it (app/deferred-location-picker.tsx).
import { useMemo, useRef, useState } from 'react';
import type L from 'leaflet';
import type { LeafletEvent } from 'leaflet';
import { Circle, Marker, useMapEvents } from 'react-leaflet';
import type { Operation } from '../lookups/define-lookup.ts';
import type { FormValues } from '../form/form-values.ts';
import { BaseMap } from './base-map.tsx';
import { distanceMetres, eastOf, enclosingBounds } from './geo.ts';
import type { LatLon } from './geo.ts';
import { FollowCircle, circleKey } from './follow-circle.tsx';
import { RadiusHandle, type RadiusValue } from './radius-handle.tsx';
import { defaultRadius, radiusInFormUnit, searchCircle, steppedRadius, valuesFromCircle } from './search-circle.ts';
import type { SearchCircle } from './search-circle.ts';
import { WHEEL_HINT, WheelGate, useWheelHint } from './wheel-gate.tsx';

interface LocationPickerProps {
  operation: Operation;
  values: FormValues;
  onValuesChange: (values: FormValues) => void;
}

function PickOnClick({ onPick }: { onPick: (point: LatLon) => void }) {
  useMapEvents({
    click(event) {
      const { lat, lng } = event.latlng.wrap();
      onPick({ lat, lon: lng });
    },
  });
  return null;
}

const latLonOf = (event: LeafletEvent): LatLon => {
  const { lat, lng } = (event.target as L.Marker).getLatLng().wrap();
  return { lat, lon: lng };
};

export default function LocationPicker({ operation, values, onValuesChange }: LocationPickerProps) {
  const search = operation.locationSearch;
  const typed = useMemo(() => searchCircle(search, values), [search, values]);
  const [dragRadius, setDragRadius] = useState<number>();
  const [wheelHint, showWheelHint] = useWheelHint();
  // The circle last written from the map, so the view does not jump to refit the user's own click.
  const fromMap = useRef<string | undefined>(undefined);
  // Stable positions: react-leaflet moves a marker whenever its position prop changes identity.
  const center = useMemo<[number, number] | undefined>(() => typed && [typed.lat, typed.lon], [typed]);
  const handle = useMemo<[number, number] | undefined>(() => {
    if (!typed) return undefined;
    const edge = eastOf(typed, typed.radiusMetres);
    return [edge.lat, edge.lon];
  }, [typed]);
  const radiusValue = useMemo<RadiusValue | undefined>(() => {
    const radius = radiusInFormUnit(operation, values);
    if (!radius) return undefined;
    const now = Number(radius.value.toPrecision(6));
    return { now, min: 0.1, max: Number(radius.max.toPrecision(6)), text: `${now.toLocaleString('en-US')} ${radius.unit}` };
  }, [operation, values]);
  if (!search) return null;

  const commit = (next: SearchCircle) => {
    const nextValues = valuesFromCircle(operation, values, next);
    fromMap.current = circleKey(searchCircle(search, nextValues));
    onValuesChange(nextValues);
  };
  const radius = dragRadius ?? typed?.radiusMetres;

  return (
    <div className="location-picker">
      <BaseMap
        label="Search area map: click to set the search point, drag the handle on the circle's edge to set the radius"
        bounds={enclosingBounds([], typed)}
      >
        <WheelGate onScrollPast={showWheelHint} />
        <PickOnClick onPick={(point) => commit({ ...point, radiusMetres: typed?.radiusMetres ?? defaultRadius(operation) })} />
        {typed && center && handle && radius !== undefined && (
          <>
            <Circle
              center={center}
              radius={radius}
              interactive={false}
              className="map-search-circle"
              pathOptions={{ weight: 2, fillOpacity: 0.08 }}
            />
            <Marker
              position={center}
              draggable
              title="Search point (drag to move)"
              alt="Search point"
              eventHandlers={{ dragend: (event) => commit({ ...latLonOf(event), radiusMetres: typed.radiusMetres }) }}
            />
            {radiusValue && (
              <RadiusHandle
                position={handle}
                value={radiusValue}
                onDrag={(point) => setDragRadius(distanceMetres(typed, point))}
                onDragEnd={(point) => {
                  setDragRadius(undefined);
                  commit({ ...typed, radiusMetres: distanceMetres(typed, point) });
                }}
                onStep={(steps) => {
                  const next = steppedRadius(operation, values, steps);
                  if (!next) return;
                  fromMap.current = circleKey(searchCircle(search, next));
                  onValuesChange(next);
                }}
              />
            )}
          </>
        )}
        <FollowCircle circle={typed} skipKey={fromMap} />
      </BaseMap>
      {wheelHint && (
        <p className="map-wheel-hint" role="status">
          {WHEEL_HINT}
        </p>
      )}
    </div>
  );
}
