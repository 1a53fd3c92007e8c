// The density worker: heat grids and hexagon bins off the page's thread, from the points the map
// shows (sent once per set of points, then only the view changes).
import { heatGrid, type HeatRequest } from './density.ts';
import { hexBins } from './hexbins.ts';
import type { DensityReply, DensityRequest } from './density-client.ts';

let points: { key: number; lats: Float64Array; lons: Float64Array } | undefined;
const hexCache = new Map<string, ReturnType<typeof hexBins>>();

self.addEventListener('message', (event: MessageEvent<DensityRequest>) => {
  const request = event.data;
  if (request.kind === 'points') {
    points = { key: request.key, lats: request.lats, lons: request.lons };
    hexCache.clear();
    return;
  }
  if (!points || points.key !== request.key) return;
  let reply: DensityReply;
  if (request.kind === 'heat') {
    const heat: HeatRequest = { ...request.view, lats: points.lats, lons: points.lons };
    const grid = heatGrid(heat);
    reply = { kind: 'heat', id: request.id, grid };
    (self as unknown as Worker).postMessage(reply, [grid.values.buffer]);
    return;
  }
  const cacheKey = String(request.resolution);
  let bins = hexCache.get(cacheKey);
  if (!bins) {
    bins = hexBins(points.lats, points.lons, request.resolution);
    hexCache.set(cacheKey, bins);
  }
  reply = { kind: 'hex', id: request.id, bins };
  (self as unknown as Worker).postMessage(reply);
});
