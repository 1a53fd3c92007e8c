// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import L from 'leaflet';
import './leaflet-setup.ts';

// Leaflet 1.9's private step that starts an animated zoom (jsdom has no CSS 3D, so the public
// setZoom would not animate); a zoom animation ends from a 250 ms timer.
type AnimatingMap = L.Map & { _animateZoom(center: L.LatLng, zoom: number, startAnim: boolean): void };

describe('a map removed while it zooms', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends the animation quietly instead of moving the removed panes', () => {
    vi.useFakeTimers();
    const container = document.createElement('div');
    document.body.append(container);
    const map = L.map(container).setView([37.77, -122.42], 12) as AnimatingMap;
    map._animateZoom(map.getCenter(), 13, true);
    map.remove();
    // Without the fix: "Cannot read properties of undefined (reading '_leaflet_pos')".
    expect(() => vi.advanceTimersByTime(300)).not.toThrow();
    container.remove();
  });
});

describe('a canvas renderer whose canvas is gone', () => {
  // Leaflet 1.9's private redraw state (what a removed renderer keeps).
  type RedrawingCanvas = L.Canvas & { _redraw(): void; _redrawRequest: number | null; _destroyContainer(): void; _ctx?: unknown };

  it('skips a redraw that runs after its canvas was destroyed, instead of throwing', () => {
    const renderer = L.canvas() as RedrawingCanvas;
    // As after _destroyContainer: no drawing context. Without the fix: "reading 'save'".
    expect(renderer._ctx).toBeUndefined();
    expect(() => renderer._redraw()).not.toThrow();
    expect(renderer._redrawRequest).toBeNull();
  });
});
