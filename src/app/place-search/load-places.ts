// What the place box needs beyond its own code, loaded on its first use so that neither the first
// page nor a lookup page carries it: the demo's gazetteer, and the map's way of writing a point
// into the form (the same the search-area map uses for a click, so both set the point alike).
import type { Operation } from '../../lookups/define-lookup.ts';
import type { FormValues } from '../../form/form-values.ts';

/** A place the box can offer: how the gazetteer names it and where it is. */
export interface PlaceMatch {
  id: string;
  label: string;
  lat: number;
  lon: number;
  /** How a code matched ("centre of the 802 zip area"). */
  note?: string;
}

export interface Places {
  /** The best matches (a few) and how many match in all. */
  find: (query: string) => { matches: PlaceMatch[]; total: number };
  /** The form's values with the search point moved to `point`, the radius kept (or the operation's default). */
  withPoint: (operation: Operation, values: FormValues, point: { lat: number; lon: number }) => FormValues;
}

let loading: Promise<Places> | undefined;

export function loadPlaces(): Promise<Places> {
  loading ??= Promise.all([import('../../demo/gazetteer.ts'), import('../../map/search-circle.ts')]).then(
    ([gazetteer, { defaultRadius, searchCircle, valuesFromCircle }]) => ({
      find: (query) => gazetteer.findPlaces(query),
      withPoint: (operation, values, point) =>
        valuesFromCircle(operation, values, {
          lat: point.lat,
          lon: point.lon,
          radiusMetres: searchCircle(operation.locationSearch, values)?.radiusMetres ?? defaultRadius(operation),
        }),
    }),
  );
  // A failed load (offline mid-deploy) may be retried on the next use.
  loading.catch(() => (loading = undefined));
  return loading;
}
