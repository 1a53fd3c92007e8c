// The demo's streets of one view, loaded and painted onto a 2D canvas (issue 34): the offline map's
// layer (demo-streets.tsx) and the export sheets (export/scene.ts) draw them the same way. Avenues
// from zoom 12, and every street from zoom 14, where side streets are some 25 px apart (closer, a
// grid of them reads as graph paper).
import type { GridLine } from '../demo/demo-streets.ts';
import { LABEL_FONT, paintStreets, placeStreetLabels, type Pixel, type PixelLine, type StreetPalette } from './street-paint.ts';
import { readColor } from './theme-colors.ts';

/** From this zoom on (a view some 20 km across) the demo's avenues are drawn. */
export const STREETS_FROM_ZOOM = 12;
/** From this zoom on, side streets too: a view a few kilometres across. */
export const SIDE_STREETS_FROM_ZOOM = 14;

export interface StreetBox {
  south: number;
  west: number;
  north: number;
  east: number;
  zoom: number;
}

/** The demo's streets crossing a box at a zoom: none below STREETS_FROM_ZOOM, avenues only below SIDE_STREETS_FROM_ZOOM. */
export async function loadDemoStreets(box: StreetBox): Promise<GridLine[]> {
  if (box.zoom < STREETS_FROM_ZOOM) return [];
  const { demoStreets } = await import('../demo/demo-streets.ts');
  const every = box.zoom >= SIDE_STREETS_FROM_ZOOM ? demoStreets(box.south, box.west, box.north, box.east).lines : [];
  // A wide canvas holds more streets than a city view draws: its avenues, then.
  return every.length > 0 ? every : demoStreets(box.south, box.west, box.north, box.east, true).lines;
}

/** The theme's colours for the streets (canvas drawing cannot read CSS variables). */
export function streetPalette(): StreetPalette {
  return {
    street: readColor('--border', '#c9ced6'),
    avenue: readColor('--border', '#c9ced6'),
    text: readColor('--fg', '#1f2933'),
    halo: readColor('--surface', '#ffffff'),
  };
}

const shift = (line: PixelLine, dx: number, dy: number): PixelLine => ({
  ...line,
  from: { x: line.from.x + dx, y: line.from.y + dy },
  to: { x: line.to.x + dx, y: line.to.y + dy },
});

/**
 * Paints streets onto a canvas, given where a position lands on it; names are placed inside `seen`
 * (the part of the canvas a reader sees: a layer's canvas reaches past the view). Says what it drew.
 */
export function paintStreetLines(
  ctx: CanvasRenderingContext2D,
  lines: readonly GridLine[],
  zoom: number,
  pixelOf: (lat: number, lon: number) => Pixel,
  seen: { x: number; y: number; width: number; height: number },
  palette: StreetPalette = streetPalette(),
): { streets: number; names: string[] } {
  const pixels = lines.map((line) => ({
    name: line.name,
    major: line.major,
    rank: line.rank,
    from: pixelOf(...line.from),
    to: pixelOf(...line.to),
  }));
  ctx.font = LABEL_FONT;
  const labels = placeStreetLabels(
    pixels.map((line) => shift(line, -seen.x, -seen.y)),
    zoom,
    seen,
    (text) => ctx.measureText(text).width,
  ).map((label) => ({ ...label, x: label.x + seen.x, y: label.y + seen.y }));
  paintStreets(ctx, pixels, labels, zoom, palette);
  return { streets: lines.length, names: [...new Set(labels.map((label) => label.name))] };
}
