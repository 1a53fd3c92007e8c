// The demo's streets as a reader sees them (issue 34): avenues heavier than side streets, and names
// on them from the zoom a search circle is fitted to, the busiest streets named first and no name
// over another. Pure canvas drawing, given the lines already in pixels: the offline map's layer
// (demo-streets.tsx) and anything that draws the map again (an export) paint with the same code.
import type { GridLine } from '../demo/demo-streets.ts';

export interface Pixel {
  x: number;
  y: number;
}

/** A street of the grid placed on the canvas. */
export interface PixelLine extends Pick<GridLine, 'name' | 'major' | 'rank'> {
  from: Pixel;
  to: Pixel;
}

export interface StreetLabel {
  name: string;
  /** The centre of the name on the canvas. */
  x: number;
  y: number;
  /** Along a north-south street the name reads upwards. */
  vertical: boolean;
}

export interface StreetPalette {
  street: string;
  avenue: string;
  text: string;
  halo: string;
}

/** From this zoom side streets are about 50 px apart: wide enough to carry their names too. */
export const SIDE_NAMES_FROM_ZOOM = 15;
/** Two names of one street stand at least this far apart along it. */
const LABEL_SPACING_PX = 320;
/** Clear space kept around each name, so two never touch. */
const LABEL_GAP_PX = 6;
export const LABEL_FONT = '600 11px system-ui, sans-serif';
const LABEL_HEIGHT_PX = 13;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function boxOf(label: StreetLabel, width: number): Box {
  const [across, along] = label.vertical ? [LABEL_HEIGHT_PX, width] : [width, LABEL_HEIGHT_PX];
  return {
    left: label.x - across / 2 - LABEL_GAP_PX,
    right: label.x + across / 2 + LABEL_GAP_PX,
    top: label.y - along / 2 - LABEL_GAP_PX,
    bottom: label.y + along / 2 + LABEL_GAP_PX,
  };
}

/**
 * Where each street's name goes: avenues at every zoom streets are drawn at, side streets from
 * SIDE_NAMES_FROM_ZOOM; busiest first (GridLine.rank), repeated along a long street, and a name that
 * would touch one already placed (or the canvas' edge) is left out.
 */
export function placeStreetLabels(
  lines: readonly PixelLine[],
  zoom: number,
  size: { width: number; height: number },
  measure: (text: string) => number,
): StreetLabel[] {
  const placed: Box[] = [];
  const labels: StreetLabel[] = [];
  const named = lines.filter((line) => line.major || zoom >= SIDE_NAMES_FROM_ZOOM).sort((a, b) => a.rank - b.rank);
  for (const line of named) {
    const vertical = Math.abs(line.to.x - line.from.x) < Math.abs(line.to.y - line.from.y);
    const width = measure(line.name);
    const start = vertical ? Math.min(line.from.y, line.to.y) : Math.min(line.from.x, line.to.x);
    const end = vertical ? Math.max(line.from.y, line.to.y) : Math.max(line.from.x, line.to.x);
    const extent = vertical ? size.height : size.width;
    // Streets side by side start their names at different places, so names do not stand in a row.
    const offset = (LABEL_SPACING_PX / 2) * (1 + ((Math.abs(line.rank) * 7) % 5) / 5);
    for (let along = Math.max(start, 0) + offset; along < Math.min(end, extent); along += LABEL_SPACING_PX) {
      const label: StreetLabel = vertical
        ? { name: line.name, x: line.from.x, y: along, vertical }
        : { name: line.name, x: along, y: line.from.y, vertical };
      const box = boxOf(label, width);
      const inside = box.left >= 0 && box.top >= 0 && box.right <= size.width && box.bottom <= size.height;
      if (!inside || placed.some((other) => overlaps(box, other))) continue;
      placed.push(box);
      labels.push(label);
    }
  }
  return labels;
}

/** Draws the streets (side streets under avenues) and then the names, each on a halo so it reads over any line. */
export function paintStreets(
  ctx: CanvasRenderingContext2D,
  lines: readonly PixelLine[],
  labels: readonly StreetLabel[],
  zoom: number,
  palette: StreetPalette,
): void {
  ctx.save();
  ctx.lineCap = 'butt';
  for (const major of [false, true]) {
    ctx.strokeStyle = major ? palette.avenue : palette.street;
    // Side streets recede at the working zoom, so the avenues read as the map's frame.
    ctx.globalAlpha = major || zoom >= SIDE_NAMES_FROM_ZOOM ? 1 : 0.55;
    ctx.lineWidth = major ? (zoom >= SIDE_NAMES_FROM_ZOOM ? 5 : 4) : zoom >= SIDE_NAMES_FROM_ZOOM ? 2 : 1;
    ctx.beginPath();
    for (const line of lines) {
      if (line.major !== major) continue;
      ctx.moveTo(line.from.x, line.from.y);
      ctx.lineTo(line.to.x, line.to.y);
    }
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  ctx.font = LABEL_FONT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const label of labels) {
    ctx.save();
    ctx.translate(label.x, label.y);
    if (label.vertical) ctx.rotate(-Math.PI / 2);
    // A plate under the name: the street's line and any crossing stop at its edge, so it reads.
    const width = ctx.measureText(label.name).width + 6;
    ctx.fillStyle = palette.halo;
    ctx.fillRect(-width / 2, -LABEL_HEIGHT_PX / 2, width, LABEL_HEIGHT_PX);
    ctx.fillStyle = palette.text;
    ctx.fillText(label.name, 0, 0.5);
    ctx.restore();
  }
  ctx.restore();
}
