// The picker's radius handle: dragged with the mouse, or focused and moved from the keyboard as a
// slider named "Search radius" (arrows and + / - one step, Page Up / Page Down four, in the form's
// unit). Made imperatively: react-leaflet's Marker gives no hold on the icon's element, which needs
// its role, value and key handler (Leaflet itself makes a keyboard marker a nameless button).
import { useEffect, useEffectEvent, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import type { LatLon } from './geo.ts';

const handleIcon = L.divIcon({ className: 'map-radius-handle', iconSize: [18, 18] });

/** Rungs of the radius one key moves (search-circle.ts, steppedRadius). */
const KEY_STEPS: Readonly<Record<string, number>> = {
  ArrowRight: 1,
  ArrowUp: 1,
  '+': 1,
  ArrowLeft: -1,
  ArrowDown: -1,
  '-': -1,
  PageUp: 4,
  PageDown: -4,
};

export interface RadiusValue {
  /** The radius in the form's unit. */
  now: number;
  min: number;
  max: number;
  /** As the form writes it, e.g. "1.5 mi". */
  text: string;
}

interface RadiusHandleProps {
  /** Where the handle sits: due east of the centre, at the radius. */
  position: [number, number];
  value: RadiusValue;
  onDrag: (point: LatLon) => void;
  onDragEnd: (point: LatLon) => void;
  /** A key asked for the radius `steps` rungs larger (negative: smaller). */
  onStep: (steps: number) => void;
}

const latLonOf = (marker: L.Marker): LatLon => {
  const { lat, lng } = marker.getLatLng().wrap();
  return { lat, lon: lng };
};

export function RadiusHandle({ position, value, onDrag, onDragEnd, onStep }: RadiusHandleProps) {
  const map = useMap();
  const marker = useRef<L.Marker>(undefined);
  const drag = useEffectEvent(onDrag);
  const dragEnd = useEffectEvent(onDragEnd);
  const step = useEffectEvent(onStep);
  const [lat, lon] = position;

  useEffect(() => {
    // autoPan: dragged towards the frame's edge, the map moves along instead of losing the handle.
    const handle = L.marker([lat, lon], {
      icon: handleIcon,
      draggable: true,
      autoPan: true,
      keyboard: true,
      title: 'Drag, or use the arrow keys, to change the radius',
    });
    handle.on('drag', () => drag(latLonOf(handle)));
    handle.on('dragend', () => dragEnd(latLonOf(handle)));
    handle.addTo(map);
    const element = handle.getElement()!;
    element.addEventListener('keydown', (event) => {
      const steps = KEY_STEPS[event.key];
      if (steps === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      step(steps);
    });
    element.setAttribute('role', 'slider');
    element.setAttribute('aria-label', 'Search radius');
    element.setAttribute('aria-orientation', 'horizontal');
    marker.current = handle;
    return () => {
      handle.remove();
      marker.current = undefined;
    };
    // The handle is made once per map; its place and value follow below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);

  useEffect(() => {
    marker.current?.setLatLng([lat, lon]);
  }, [lat, lon]);

  useEffect(() => {
    const element = marker.current?.getElement();
    if (!element) return;
    element.setAttribute('aria-valuenow', String(value.now));
    element.setAttribute('aria-valuemin', String(value.min));
    element.setAttribute('aria-valuemax', String(value.max));
    element.setAttribute('aria-valuetext', value.text);
  }, [value.now, value.min, value.max, value.text]);

  return null;
}
