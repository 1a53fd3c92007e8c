// Of the maps on screen without street tiles, one announces it: a page with two maps (the search
// area picker and the results) used to put two identical live regions up at once, so a screen
// reader said it twice. Every such map still shows the notice; the first one still mounted speaks.
import { useEffect, useState, useSyncExternalStore } from 'react';

const offlineMaps: object[] = [];
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Registers an offline map while `offline`; true when this map is the one that announces it. */
export function useAnnouncesOffline(offline: boolean): boolean {
  const [token] = useState(() => ({}));
  useEffect(() => {
    if (!offline) return;
    offlineMaps.push(token);
    notify();
    return () => {
      offlineMaps.splice(offlineMaps.indexOf(token), 1);
      notify();
    };
  }, [offline, token]);
  return useSyncExternalStore(subscribe, () => offlineMaps[0] === token);
}
