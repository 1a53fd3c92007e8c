// One cluster worker per set of points: it builds the supercluster index off the page's thread and
// answers the clusters in view, so a new answer, a brush move or a legend click never blocks a
// frame, and the old clusters stay drawn until the new ones are ready (cluster-layer.tsx). Where
// workers do not exist (component tests' DOM) the same index is built on this thread.
import type { MappedPoint } from './points.ts';
import type { BBox, VisibleItem } from './cluster-index.ts';
import { packPoints, type PackedPoints } from './packed-points.ts';

export type ClusterRequest =
  | { kind: 'points'; points: PackedPoints }
  | { kind: 'clusters'; id: number; bbox: BBox; zoom: number }
  | { kind: 'expansion'; id: number; clusterId: number };

export type ClusterReply = { kind: 'clusters'; id: number; items: VisibleItem[] } | { kind: 'expansion'; id: number; zoom: number };

export interface ClusterClient {
  clusters(bbox: BBox, zoom: number): Promise<VisibleItem[]>;
  /** The zoom at which a cluster breaks apart. */
  expansionZoom(clusterId: number): Promise<number>;
  close(): void;
}

export function clusterClient(points: readonly MappedPoint[]): ClusterClient {
  if (typeof Worker === 'undefined') {
    const built = import('./cluster-index.ts').then((module) => ({ module, index: module.buildPointIndex(points) }));
    return {
      clusters: async (bbox, zoom) => built.then(({ module, index }) => module.visibleItems(index, bbox, zoom)),
      expansionZoom: async (clusterId) => built.then(({ module, index }) => module.expansionZoom(index, clusterId)),
      close: () => undefined,
    };
  }
  const worker = new Worker(new URL('./cluster-worker.ts', import.meta.url), { type: 'module', name: 'map-clusters' });
  let nextId = 1;
  const waiting = new Map<number, (reply: ClusterReply) => void>();
  worker.addEventListener('message', (event: MessageEvent<ClusterReply>) => {
    waiting.get(event.data.id)?.(event.data);
    waiting.delete(event.data.id);
  });
  // Sent first: the worker answers requests in order, so every view waits for this build.
  const packed = packPoints(points);
  worker.postMessage({ kind: 'points', points: packed } satisfies ClusterRequest, [packed.lats.buffer, packed.lons.buffer, packed.indices.buffer]);
  const ask = (request: Extract<ClusterRequest, { id: number }>) =>
    new Promise<ClusterReply>((resolve) => {
      waiting.set(request.id, resolve);
      worker.postMessage(request);
    });
  return {
    clusters: async (bbox, zoom) => ((await ask({ kind: 'clusters', id: nextId++, bbox, zoom })) as Extract<ClusterReply, { kind: 'clusters' }>).items,
    expansionZoom: async (clusterId) => ((await ask({ kind: 'expansion', id: nextId++, clusterId })) as Extract<ClusterReply, { kind: 'expansion' }>).zoom,
    close: () => worker.terminate(),
  };
}
