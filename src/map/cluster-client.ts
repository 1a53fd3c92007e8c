// One cluster worker per map, sent each new set of points: it builds the supercluster index off the
// page's thread and answers the clusters in view, so a new answer, a brush move or a legend click never blocks a
// frame, and the old clusters stay drawn until the new ones are ready (cluster-layer.tsx). Where
// workers do not exist (component tests' DOM) the same index is built on this thread.
import type { MappedPoint } from './points.ts';
import type { BBox, VisibleItem } from './cluster-index.ts';
import { packPoints, type PackedPoints } from './packed-points.ts';

export type ClusterRequest =
  | { kind: 'points'; key: number; points: PackedPoints }
  | { kind: 'clusters'; key: number; id: number; bbox: BBox; zoom: number }
  | { kind: 'expansion'; key: number; id: number; clusterId: number };

export type ClusterReply = { kind: 'clusters'; id: number; items: VisibleItem[] } | { kind: 'expansion'; id: number; zoom: number };

export interface ClusterClient {
  clusters(bbox: BBox, zoom: number): Promise<VisibleItem[]>;
  /** The zoom at which a cluster breaks apart. */
  expansionZoom(clusterId: number): Promise<number>;
  close(): void;
}

export interface ClusterWorker {
  /** Hands the worker a new set of points; the client answers for those points only. */
  load(points: readonly MappedPoint[]): ClusterClient;
  close(): void;
}

/**
 * One worker kept across sets of points (a brush move or a legend click sends only the points,
 * not a new worker to start and load). Created on the first load, so closing it is never final.
 */
export function clusterWorker(): ClusterWorker {
  let worker: Worker | undefined;
  let nextKey = 1;
  let nextId = 1;
  const waiting = new Map<number, (reply: ClusterReply) => void>();
  let loaded: { key: number; points: readonly MappedPoint[] } | undefined;
  const send = (target: Worker, key: number, points: readonly MappedPoint[]) => {
    const packed = packPoints(points);
    target.postMessage({ kind: 'points', key, points: packed } satisfies ClusterRequest, [packed.lats.buffer, packed.lons.buffer, packed.indices.buffer]);
  };
  const started = () => {
    if (worker) return worker;
    worker = new Worker(new URL('./cluster-worker.ts', import.meta.url), { type: 'module', name: 'map-clusters' });
    worker.addEventListener('message', (event: MessageEvent<ClusterReply>) => {
      waiting.get(event.data.id)?.(event.data);
      waiting.delete(event.data.id);
    });
    // Restarted after a close (React's development remount): the last points again.
    if (loaded) send(worker, loaded.key, loaded.points);
    return worker;
  };
  return {
    load(points) {
      if (typeof Worker === 'undefined') return clusterClientHere(points);
      const key = nextKey++;
      // Sent first: the worker answers requests in order, so every view waits for this build.
      send(started(), key, points);
      loaded = { key, points };
      const ask = (request: Extract<ClusterRequest, { id: number }>) =>
        new Promise<ClusterReply>((resolve) => {
          waiting.set(request.id, resolve);
          started().postMessage(request);
        });
      return {
        clusters: async (bbox, zoom) => ((await ask({ kind: 'clusters', key, id: nextId++, bbox, zoom })) as Extract<ClusterReply, { kind: 'clusters' }>).items,
        expansionZoom: async (clusterId) => ((await ask({ kind: 'expansion', key, id: nextId++, clusterId })) as Extract<ClusterReply, { kind: 'expansion' }>).zoom,
        close: () => undefined,
      };
    },
    close() {
      worker?.terminate();
      worker = undefined;
      waiting.clear();
    },
  };
}

/** Where workers do not exist (component tests' DOM): the same index, built on this thread. */
function clusterClientHere(points: readonly MappedPoint[]): ClusterClient {
  const built = import('./cluster-index.ts').then((module) => ({ module, index: module.buildPointIndex(points) }));
  return {
    clusters: async (bbox, zoom) => built.then(({ module, index }) => module.visibleItems(index, bbox, zoom)),
    expansionZoom: async (clusterId) => built.then(({ module, index }) => module.expansionZoom(index, clusterId)),
    close: () => undefined,
  };
}
