// Where the user left the results map, so the map that mounts again for the same answer (back from
// the Table tab, the popup's "Show in table") opens there instead of re-fitting to every point.
// Kept for the page's life in memory: the map unmounts with its tab, and a new answer (other points
// or another search circle) has another key and is fitted afresh.

export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

/** Views of the last few answers; the oldest is forgotten first. */
const LIMIT = 20;
const views = new Map<string, MapView>();

export function rememberView(key: string, view: MapView): void {
  views.delete(key);
  views.set(key, view);
  if (views.size > LIMIT) views.delete(views.keys().next().value!);
}

export function rememberedView(key: string): MapView | undefined {
  return views.get(key);
}

/** Forgets every view (tests). */
export function forgetViews(): void {
  views.clear();
}
