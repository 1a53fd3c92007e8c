// The results map's view as a picture (issue 34): what Leaflet and our layers draw, each where it
// sits on screen and in its pane's stacking order: tiles, the canvases (the demo's streets, points,
// heat, hexagons, added layers), the SVG shapes (the search circle, the drawn area, masked cells)
// with their CSS styles written onto them, the cluster bubbles (circles, or pies of their colours)
// with their counts, and the street names. Tiles from another origin are fetched again with CORS;
// a server that refuses leaves them out (a tainted canvas could not be exported at all) and the
// map's water colour stands in for them. The sheet around the picture is export/sheet.ts.
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

type Placed = { x: number; y: number; width: number; height: number };

/** The SVG styles a stylesheet may set on a Leaflet path (`.map-search-circle`, `.map-area`). */
const SVG_STYLES = ['stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity', 'fill', 'fill-opacity', 'opacity'] as const;

function loadImage(src: string, crossOrigin: boolean): Promise<HTMLImageElement | undefined> {
  return new Promise((resolve) => {
    const image = new Image();
    if (crossOrigin) image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => resolve(undefined);
    image.src = src;
  });
}

/** An SVG renderer's drawing as an image, its paths carrying the styles the page's CSS gives them. */
async function svgImage(svg: SVGSVGElement, box: Placed): Promise<HTMLImageElement | undefined> {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = svg.querySelectorAll<SVGElement>('path, circle, polygon, polyline');
  copy.querySelectorAll<SVGElement>('path, circle, polygon, polyline').forEach((element, index) => {
    const style = getComputedStyle(originals[index]!);
    for (const name of SVG_STYLES) element.style.setProperty(name, style.getPropertyValue(name));
  });
  // Leaflet places the renderer with a CSS transform: the image is drawn where the element sits instead.
  copy.style.removeProperty('transform');
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(box.width));
  copy.setAttribute('height', String(box.height));
  const text = new XMLSerializer().serializeToString(copy);
  return loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`, false);
}

/** The z-index of the Leaflet pane an element is drawn in (the map pane's own children). */
function paneOrder(element: Element): number {
  const pane = element.closest('.leaflet-pane:not(.leaflet-map-pane)');
  return pane ? Number(getComputedStyle(pane).zIndex) || 0 : 0;
}

function drawBubble(context: CanvasRenderingContext2D, bubble: HTMLElement, { x, y, width, height }: Placed) {
  const [cx, cy, radius] = [x + width / 2, y + height / 2, width / 2];
  const pie = bubble.querySelector<HTMLElement>('[data-pie]')?.dataset.pie;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
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
    context.fillStyle = readColor('--surface', '#ffffff');
    context.fill();
    context.fillStyle = readColor('--fg', '#1b2330');
    context.font = `600 ${Math.round(height / 3.4)}px system-ui, sans-serif`;
    context.fillText(bubble.textContent ?? '', cx, cy);
    return;
  }
  context.beginPath();
  context.arc(cx, cy, radius, 0, 2 * Math.PI);
  context.fillStyle = readColor('--accent', '#1f56b3');
  context.globalAlpha = 0.85;
  context.fill();
  context.globalAlpha = 1;
  context.fillStyle = '#ffffff';
  context.font = `600 ${Math.round(height / 3)}px system-ui, sans-serif`;
  context.fillText(bubble.textContent ?? '', cx, cy);
}

/** A permanent label (the demo's street names) as text on a pale band, as the page shows it. */
function drawLabel(context: CanvasRenderingContext2D, label: HTMLElement, { x, y, width, height }: Placed) {
  context.fillStyle = 'rgba(255,255,255,0.8)';
  context.fillRect(x, y, width, height);
  context.fillStyle = readColor('--fg', '#1b2330');
  context.font = `${getComputedStyle(label).fontSize || '12px'} system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(label.textContent ?? '', x + width / 2, y + height / 2);
}

/** Composes what the map shows into one canvas the size of its container. */
export async function captureMap(container: HTMLElement): Promise<HTMLCanvasElement> {
  const frame = container.getBoundingClientRect();
  const out = document.createElement('canvas');
  out.width = Math.round(frame.width);
  out.height = Math.round(frame.height);
  const context = out.getContext('2d');
  if (!context) return out;
  context.fillStyle = getComputedStyle(container).backgroundColor || '#e8ecf0';
  context.fillRect(0, 0, out.width, out.height);
  const at = (element: Element): Placed => {
    const box = element.getBoundingClientRect();
    return { x: box.left - frame.left, y: box.top - frame.top, width: box.width, height: box.height };
  };
  const drawn = [
    ...container.querySelectorAll<HTMLElement | SVGSVGElement>(
      'img.leaflet-tile-loaded, .leaflet-pane canvas, .leaflet-pane svg, .map-cluster, .demo-street-name',
    ),
  ]
    .map((element, order) => ({ element, order, pane: paneOrder(element) }))
    .sort((a, b) => a.pane - b.pane || a.order - b.order);
  // Images load first, all at once; then everything is drawn in order.
  const images = await Promise.all(
    drawn.map(({ element }) => {
      if (element instanceof HTMLImageElement)
        return loadImage(element.src, new URL(element.src, location.href).origin !== location.origin);
      if (element instanceof SVGSVGElement) return svgImage(element, at(element));
      return Promise.resolve(undefined);
    }),
  );
  drawn.forEach(({ element }, index) => {
    const box = at(element);
    if (box.width <= 0 || box.height <= 0) return;
    const image = images[index];
    if (image) context.drawImage(image, box.x, box.y, box.width, box.height);
    else if (element instanceof HTMLCanvasElement) context.drawImage(element, box.x, box.y, box.width, box.height);
    else if (element instanceof HTMLElement && element.classList.contains('map-cluster')) drawBubble(context, element, box);
    else if (element instanceof HTMLElement && element.classList.contains('demo-street-name')) drawLabel(context, element, box);
  });
  return out;
}
