// The map as a PNG: the canvases Leaflet and our layers draw (outline, streets, points, heat,
// hexagons) copied onto one canvas where they sit on screen, the cluster bubbles drawn as circles
// (or pies of their colours) with their counts, and tiles of our own origin. Tiles from another origin would taint the canvas
// (no export at all), so they are left out and the map's water colour stands in for them.
import { downloadBytes } from '../results/download.ts';
import { readColor } from './theme-colors.ts';

/** A pie bubble's slices ("#0072b2 3;#e69f00 1", as cluster-layer.tsx writes it) as arcs in radians from the top, clockwise. */
export function pieArcs(spec: string): Array<{ color: string; start: number; end: number }> {
  const slices = spec
    .split(';')
    .map((part) => /^(\S+) (\d+)$/.exec(part.trim()))
    .flatMap((match) => (match ? [{ color: match[1]!, share: Number(match[2]) }] : []));
  const total = slices.reduce((sum, slice) => sum + slice.share, 0);
  let start = -Math.PI / 2;
  return slices.map(({ color, share }) => {
    const end = start + (total > 0 ? (share / total) * 2 * Math.PI : 0);
    const arc = { color, start, end };
    start = end;
    return arc;
  });
}

/** Composes what the map shows into one canvas the size of its container. */
export function composeMap(container: HTMLElement): HTMLCanvasElement {
  const frame = container.getBoundingClientRect();
  const out = document.createElement('canvas');
  out.width = Math.round(frame.width);
  out.height = Math.round(frame.height);
  const context = out.getContext('2d');
  if (!context) return out;
  context.fillStyle = getComputedStyle(container).backgroundColor || '#e8ecf0';
  context.fillRect(0, 0, out.width, out.height);
  const at = (element: Element) => {
    const box = element.getBoundingClientRect();
    return { x: box.left - frame.left, y: box.top - frame.top, width: box.width, height: box.height };
  };
  for (const tile of container.querySelectorAll<HTMLImageElement>('img.leaflet-tile-loaded')) {
    if (new URL(tile.src, location.href).origin !== location.origin) continue;
    const { x, y, width, height } = at(tile);
    context.drawImage(tile, x, y, width, height);
  }
  // Panes in their stacking order: the document order of Leaflet's panes is bottom to top.
  for (const canvas of container.querySelectorAll<HTMLCanvasElement>('.leaflet-pane canvas')) {
    const { x, y, width, height } = at(canvas);
    if (width > 0 && height > 0) context.drawImage(canvas, x, y, width, height);
  }
  const accent = readColor('--accent', '#1f56b3');
  const surface = readColor('--surface', '#ffffff');
  const text = readColor('--fg', '#1b2330');
  for (const bubble of container.querySelectorAll<HTMLElement>('.map-cluster')) {
    const { x, y, width, height } = at(bubble);
    const [cx, cy, radius] = [x + width / 2, y + height / 2, width / 2];
    const pie = bubble.querySelector<HTMLElement>('[data-pie]')?.dataset.pie;
    if (pie) {
      for (const { color, start, end } of pieArcs(pie)) {
        context.beginPath();
        context.moveTo(cx, cy);
        context.arc(cx, cy, radius, start, end);
        context.closePath();
        context.fillStyle = color;
        context.fill();
      }
      context.beginPath();
      context.arc(cx, cy, radius * 0.66, 0, 2 * Math.PI);
      context.fillStyle = surface;
      context.fill();
      context.fillStyle = text;
      context.font = `600 ${Math.round(height / 3.4)}px system-ui, sans-serif`;
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      context.fillText(bubble.textContent ?? '', cx, cy);
      continue;
    }
    context.beginPath();
    context.arc(cx, cy, radius, 0, 2 * Math.PI);
    context.fillStyle = accent;
    context.globalAlpha = 0.85;
    context.fill();
    context.globalAlpha = 1;
    context.fillStyle = '#ffffff';
    context.font = `600 ${Math.round(height / 3)}px system-ui, sans-serif`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(bubble.textContent ?? '', x + width / 2, y + height / 2);
  }
  return out;
}

export async function downloadMapPng(container: HTMLElement, name: string): Promise<void> {
  const canvas = composeMap(container);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) return;
  downloadBytes(`${name}.png`, new Uint8Array(await blob.arrayBuffer()), 'image/png');
}
