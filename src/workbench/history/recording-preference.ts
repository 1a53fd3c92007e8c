// "Do not record": a preference of this browser, kept in localStorage, read by the recorder at
// each answer and shown on the History page.
import { useSyncExternalStore } from 'react';

const KEY = 'lx-history-recording';
const listeners = new Set<() => void>();
let fallback = true;

/** Whether requests are recorded (the default). */
export function isRecordingEnabled(): boolean {
  try {
    const value = window.localStorage.getItem(KEY);
    return value === null ? fallback : value !== 'off';
  } catch {
    return fallback;
  }
}

export function setRecordingEnabled(enabled: boolean): void {
  fallback = enabled;
  try {
    window.localStorage.setItem(KEY, enabled ? 'on' : 'off');
  } catch {
    // Private mode or disabled storage: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRecordingEnabled(): [enabled: boolean, setEnabled: (enabled: boolean) => void] {
  return [useSyncExternalStore(subscribe, isRecordingEnabled), setRecordingEnabled];
}
