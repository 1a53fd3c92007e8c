// The exported map as a sheet (issue 34): the title block across the top, the map picture, and
// beside it the legend with a scale bar under it, so nothing is drawn over the map's points.
// Both exports draw through it: the results map's view (capture.ts) and the drawn maps of the
// dossier and the evidence pack (scene.ts).
import { SHEET, scaleBar, sheetLayout, type LegendItem } from './sheet-layout.ts';

export interface SheetParts {
  /** The title block, a line each (sheet-layout.ts titleLines); the first is the heading. */
  lines: readonly string[];
  legend: readonly LegendItem[];
  /** Ground metres per map pixel at the map's centre; no scale bar without it. */
  metresPerPixel: number | undefined;
}

const INK = '#1b2330';
const FONT = 'system-ui, sans-serif';
/** The scale bar and its label take two legend rows. */
const SCALE_ROWS = 2;

/** The text, shortened with an ellipsis until it fits `width` (squeezed letters would be unreadable). */
function fitted(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  let end = text.length;
  while (end > 1 && context.measureText(`${text.slice(0, end)}…`).width > width) end -= 1;
  return `${text.slice(0, end)}…`;
}

function drawSwatch(context: CanvasRenderingContext2D, item: LegendItem, x: number, y: number) {
  context.lineWidth = 2;
  context.strokeStyle = item.color;
  context.fillStyle = item.color;
  context.beginPath();
  if (item.kind === 'point') {
    context.arc(x + 7, y, 6, 0, 2 * Math.PI);
    context.fill();
    context.strokeStyle = '#ffffff';
    context.lineWidth = 1.5;
    context.stroke();
    return;
  }
  if (item.kind === 'dashed') context.setLineDash([4, 3]);
  context.arc(x + 7, y, 6, 0, 2 * Math.PI);
  context.stroke();
  context.setLineDash([]);
}

/** Draws the map picture into a sheet with its title block, legend and scale bar. */
export function drawSheet(map: HTMLCanvasElement, parts: SheetParts): HTMLCanvasElement {
  const legendRows = 1 + parts.legend.length + (parts.metresPerPixel ? SCALE_ROWS : 0);
  const layout = sheetLayout({ width: map.width, height: map.height }, legendRows, parts.lines.length);
  const out = document.createElement('canvas');
  out.width = Math.ceil(layout.width);
  out.height = Math.ceil(layout.height);
  const context = out.getContext('2d');
  if (!context) return out;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, out.width, out.height);
  context.textBaseline = 'middle';
  context.textAlign = 'left';

  parts.lines.forEach((line, index) => {
    context.fillStyle = INK;
    context.font = index === 0 ? `700 18px ${FONT}` : `14px ${FONT}`;
    context.fillText(fitted(context, line, layout.title.width), layout.title.x, layout.title.y + SHEET.titleLine * (index + 0.5));
  });

  context.drawImage(map, layout.map.x, layout.map.y);
  context.strokeStyle = INK;
  context.lineWidth = 1;
  context.strokeRect(layout.map.x - 0.5, layout.map.y - 0.5, layout.map.width + 1, layout.map.height + 1);

  const { x, y, width } = layout.legend;
  const row = (index: number) => y + SHEET.legendRow * (index + 0.5);
  context.fillStyle = INK;
  context.font = `700 14px ${FONT}`;
  context.fillText('Legend', x, row(0));
  context.font = `13px ${FONT}`;
  parts.legend.forEach((item, index) => {
    context.fillStyle = INK;
    if (item.kind === 'heading') {
      context.font = `600 13px ${FONT}`;
      context.fillText(fitted(context, item.label, width), x, row(index + 1));
      context.font = `13px ${FONT}`;
      return;
    }
    drawSwatch(context, item, x, row(index + 1));
    context.fillStyle = INK;
    context.fillText(fitted(context, item.label, width - 20), x + 20, row(index + 1));
  });
  if (parts.metresPerPixel) {
    const bar = scaleBar(parts.metresPerPixel, width - 40);
    const barY = row(parts.legend.length + 1);
    context.fillStyle = INK;
    context.fillRect(x, barY - 3, bar.pixels, 6);
    context.fillStyle = '#ffffff';
    context.fillRect(x + bar.pixels / 2, barY - 2, bar.pixels / 2 - 1, 4);
    context.fillStyle = INK;
    context.fillText(`Scale: ${bar.label}`, x, row(parts.legend.length + 2));
  }
  return out;
}

/** The sheet as PNG bytes. */
export async function pngBytes(canvas: HTMLCanvasElement): Promise<Uint8Array<ArrayBuffer>> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The browser could not encode the map as PNG.');
  return new Uint8Array(await blob.arrayBuffer());
}
