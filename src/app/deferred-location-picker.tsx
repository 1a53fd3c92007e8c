// The search-area map of a location search, started only when its box comes near the viewport:
// the picker sits below the parameters on every screen size, so opening the page no longer waits
// on Leaflet (60 kB gzip) and its tiles. The box keeps the map's size from the first paint, so
// nothing below it moves when the map arrives. Without IntersectionObserver the map loads at once.
// The place box above the map ("Find a place") starts with it, in its own chunk, into a slot that
// already has its size: lookup pages are at their budget, so they carry only the slot, and the
// gazetteer loads on the box's first use.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ComponentProps, RefObject } from 'react';
import './deferred-location-picker.css';

const LocationPicker = lazy(() => import('../map/location-picker.tsx'));
const PlaceSearch = lazy(() => import('./place-search/place-search.tsx'));

/** How far below (or above) the viewport the box starts loading, so a scroll finds it ready. */
const LOAD_MARGIN = '200px 0px';

/** True once the element has come within LOAD_MARGIN of the viewport (and stays true). */
function useNearViewport(): [RefObject<HTMLDivElement | null>, boolean] {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [box, near];
}

export function DeferredLocationPicker(props: ComponentProps<typeof LocationPicker>) {
  const [box, near] = useNearViewport();
  const placeholder = (status?: string) => <div className="location-picker-placeholder">{status && <p role="status">{status}</p>}</div>;
  return (
    <div className="location-picker-slot">
      <div className="place-search-slot">
        {near && (
          <Suspense>
            <PlaceSearch {...props} />
          </Suspense>
        )}
      </div>
      <div ref={box}>
        {near ? (
          <Suspense fallback={placeholder('Loading map…')}>
            <LocationPicker {...props} />
          </Suspense>
        ) : (
          placeholder()
        )}
      </div>
      <p className="location-picker-hint">
        Click the map to set the search point and drag the round handle on the circle’s edge to change the radius, or type the values in the
        fields.
      </p>
    </div>
  );
}
