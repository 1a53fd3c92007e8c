// A map drawn without Leaflet (issue 34): the dossier's exported map and the evidence pack's
// picture. The view is fitted to every point of every layer and the search circle (nothing cropped),
// in Web Mercator as the screen's map; the base is the demo's own streets for demo answers (painted
// as the offline map paints them, demo-street-canvas.ts, names included) and plain paper otherwise, as the pack
// must hold the picture without fetching anything. Points are drawn in their layer's colour.
import { loadDemoStreets, paintStreetLines } from '../demo-street-canvas.ts';
import type { StreetPalette } from '../street-paint.ts';
import { circleExtent, fitView, metresPerPixel, projector, type LatLon } from './mercator.ts';
import { drawSheet } from './sheet.ts';
import { positionWords } from './results-sheet.ts';
import { titleLines, type LegendItem, type SheetInfo } from './sheet-layout.ts';

export interface SceneLayer {
  label: string;
  color: string;
  points: readonly LatLon[];
}

export interface Scene {
  layers: readonly SceneLayer[];
  /** The place the searches ran around, and their radius: drawn as a square and a dashed circle. */
  place?: LatLon | undefined;
  radiusMetres?: number | undefined;
  /** Demo answers: the demo's streets are drawn under the points. */
  demo: boolean;
}

const PAPER = '#f4f1ea';
/** Printed colours, whatever the screen's theme: a picture handed over is read on paper. */
const STREETS: StreetPalette = { street: '#c9ced6', avenue: '#b4bcc8', text: '#1f2933', halo: '#ffffff' };
const CIRCLE = '#555555';
const POINT_RADIUS = 5;

/** Every position the picture must hold: each point, the place, the circle's edge. */
export function sceneExtent(scene: Scene): LatLon[] {
  return [
    ...scene.layers.flatMap((layer) => layer.points),
    ...(scene.place ? [scene.place] : []),
    ...(scene.place && scene.radiusMetres ? circleExtent(scene.place, scene.radiusMetres) : []),
  ];
}

/** The map picture alone; undefined when there is nothing to place or no 2D canvas. */
export async function drawScene(
  scene: Scene,
  width: number,
  height: number,
): Promise<{ canvas: HTMLCanvasElement; metresPerPixel: number } | undefined> {
  // Padding keeps a point's whole dot, and the circle's line, inside the picture.
  const view = fitView(sceneExtent(scene), width, height, POINT_RADIUS + 12);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!view || !context) return undefined;
  const at = projector(view, width, height);
  context.fillStyle = PAPER;
  context.fillRect(0, 0, width, height);

  if (scene.demo) {
    // The demo's streets as the offline map draws them at this zoom: avenues, side streets closer in, names.
    const [northWest, southEast] = [unproject(view, width, height, 0, 0), unproject(view, width, height, width, height)];
    const lines = await loadDemoStreets({
      south: southEast.lat,
      west: northWest.lon,
      north: northWest.lat,
      east: southEast.lon,
      zoom: view.zoom,
    });
    paintStreetLines(context, lines, view.zoom, (lat, lon) => at({ lat, lon }), { x: 0, y: 0, width, height }, STREETS);
  }

  if (scene.place && scene.radiusMetres) {
    const centre = at(scene.place);
    const radius = scene.radiusMetres / metresPerPixel(scene.place.lat, view.zoom);
    context.setLineDash([6, 6]);
    context.strokeStyle = CIRCLE;
    context.lineWidth = 2;
    context.beginPath();
    context.arc(centre.x, centre.y, radius, 0, 2 * Math.PI);
    context.stroke();
    context.setLineDash([]);
  }
  // The place under the points: the subject's own record (D, G) sits on it and stays visible.
  if (scene.place) {
    const centre = at(scene.place);
    context.fillStyle = '#000000';
    context.fillRect(centre.x - 7, centre.y - 7, 14, 14);
  }
  for (const layer of scene.layers) {
    context.fillStyle = layer.color;
    context.strokeStyle = '#ffffff';
    context.lineWidth = 1.5;
    for (const point of layer.points) {
      const { x, y } = at(point);
      context.beginPath();
      context.arc(x, y, POINT_RADIUS, 0, 2 * Math.PI);
      context.fill();
      context.stroke();
    }
  }
  return { canvas, metresPerPixel: metresPerPixel(view.centre.lat, view.zoom) };
}

/** Degrees at a pixel of the picture (the inverse of `projector`). */
function unproject(view: { centre: LatLon; zoom: number }, width: number, height: number, x: number, y: number): LatLon {
  const size = 256 * 2 ** view.zoom;
  const at = projector(view, width, height);
  const origin = at({ lat: 0, lon: -180 });
  const worldX = x - origin.x;
  // y measured from the world's north edge: the equator sits at half the world's height.
  const worldY = y - origin.y + size / 2;
  const lon = (worldX / size) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * worldY) / size))) * 180) / Math.PI;
  return { lat, lon };
}

/** The scene's legend: the place and circle, then each layer with its count. */
export function sceneLegend(scene: Scene): LegendItem[] {
  return [
    ...(scene.place && scene.radiusMetres ? [{ label: 'Search circle', color: CIRCLE, kind: 'dashed' as const }] : []),
    ...scene.layers.map((layer) => ({
      label: `${layer.label} (${layer.points.length.toLocaleString('en-US')})`,
      color: layer.color,
      kind: 'point' as const,
    })),
  ];
}

/** The whole sheet: title block, the fitted map, the legend and scale bar beside it. */
export async function drawSceneSheet(scene: Scene, info: SheetInfo, width = 800, height = 600): Promise<HTMLCanvasElement | undefined> {
  const picture = await drawScene(scene, width, height);
  if (!picture) return undefined;
  return drawSheet(picture.canvas, { lines: titleLines(info), legend: sceneLegend(scene), metresPerPixel: picture.metresPerPixel });
}

/** A dossier's title block: what it is about, the place and radius in words, demo or live, masked or not. */
export function dossierSheetInfo(title: string, scene: Scene, masked: boolean, madeAt = new Date()): SheetInfo {
  const radius = scene.radiusMetres ? `within ${Math.round(scene.radiusMetres).toLocaleString('en-US')} m of ` : 'around ';
  return {
    lookup: title,
    query: scene.place ? `${radius}${positionWords(scene.place.lat, scene.place.lon)}` : undefined,
    demo: scene.demo,
    masked,
    madeAt,
  };
}
