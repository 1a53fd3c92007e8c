// What the page on screen offers the command palette beyond the app-wide items: the lookup page
// registers "export the current answer" while it shows one. A tiny store outside React, so the
// page (its own chunk) and the palette (another chunk) share it without either loading the other.
import { useEffect } from 'react';

export interface PageAction {
  id: string;
  label: string;
  /** Extra words the palette matches the action by. */
  keywords?: readonly string[];
  run: () => void;
}

let current: readonly PageAction[] = [];
const listeners = new Set<() => void>();

function publish(actions: readonly PageAction[]) {
  current = actions;
  for (const listener of listeners) listener();
}

/** The actions the page on screen offers now. */
export function pageActions(): readonly PageAction[] {
  return current;
}

export function onPageActionsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Offers `actions` while the calling component is mounted (and they are the latest it gave). */
export function usePageActions(actions: readonly PageAction[]): void {
  useEffect(() => {
    publish(actions);
    return () => {
      if (current === actions) publish([]);
    };
  }, [actions]);
}
