// The pack's map as a picture: the same sheet as the map exports (map/export/scene.ts), fitted to
// every point of every section (none cropped), the legend and scale bar beside the map, nothing
// fetched (the pack holds the picture as a data: URL).
import type { SceneLayer } from '../../../map/export/scene.ts';

export type ImageLayer = SceneLayer;

/** The picture as a PNG data: URL; undefined with no point to draw or no 2D canvas. */
export async function drawMapImage(
  layers: readonly ImageLayer[],
  place: { lat: number; lon: number } | undefined,
  radiusMetres: number | undefined,
  facts: { title: string; demo: boolean; masked: boolean },
): Promise<string | undefined> {
  // Lazily: the map's code is its own chunk (house rules).
  const { drawSceneSheet, dossierSheetInfo } = await import('../../../map/export/scene.ts');
  const scene = { layers, place, radiusMetres, demo: facts.demo };
  const sheet = await drawSceneSheet(scene, dossierSheetInfo(facts.title, scene, facts.masked));
  return sheet?.toDataURL('image/png');
}
