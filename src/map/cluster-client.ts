// One cluster worker per map, sent each new set of points: it builds the cluster tree off the
// page's thread and answers the clusters in view. A brush move, a legend click or a recolour sends
// only a filter (what is kept, each record's colour), which the tree counts in a few milliseconds;
// the old clusters stay drawn until the new ones are ready (cluster-layer.tsx). Where workers do not
// exist (component tests' DOM) the same tree is built on this thread.
import type { MappedPoint } from './points.ts';
import type { BBox, ClusterFilter, VisibleItem } from './cluster-tree.ts';
import { packPoints, type PackedPoints } from './packed-points.ts';

export type ClusterRequest =
  | { kind: 'points'; key: number; points: PackedPoints }
  | { kind: 'filter'; key: number; filter: ClusterFilter }
  | { kind: 'clusters'; key: number; id: number; bbox: BBox; zoom: number }
  | { kind: 'expansion'; key: number; id: number; clusterId: number };

export type ClusterReply = { kind: 'clusters'; id: number; items: VisibleItem[] } | { kind: 'expansion'; id: number; zoom: number };

export interface ClusterClient {
  /** What is shown and how clusters are coloured, for every view asked from now on. */
  filter(filter: ClusterFilter): void;
  clusters(bbox: BBox, zoom: number): Promise<VisibleItem[]>;
  /** The zoom at which a cluster breaks apart. */
  expansionZoom(clusterId: number): Promise<number>;
}

export interface ClusterWorker {
  /** Hands the worker a new set of points; the client answers for those points only. */
  load(points: readonly MappedPoint[]): ClusterClient;
  close(): void;
}

/**
 * One worker kept across sets of points. Created on the first load, so closing it is never final:
 * a restart (React's development remount) sends the last points and filter again.
 */
export function clusterWorker(): ClusterWorker {
  let worker: Worker | undefined;
  let nextKey = 1;
  let nextId = 1;
  const waiting = new Map<number, (reply: ClusterReply) => void>();
  let loaded: { key: number; points: readonly MappedPoint[]; filter: ClusterFilter | undefined } | undefined;
  const sendPoints = (target: Worker, key: number, points: readonly MappedPoint[]) => {
    const packed = packPoints(points);
    target.postMessage({ kind: 'points', key, points: packed } satisfies ClusterRequest, [
      packed.lats.buffer,
      packed.lons.buffer,
      packed.indices.buffer,
    ]);
  };
  const started = () => {
    if (worker) return worker;
    worker = new Worker(new URL('./cluster-worker.ts', import.meta.url), { type: 'module', name: 'map-clusters' });
    worker.addEventListener('message', (event: MessageEvent<ClusterReply>) => {
      waiting.get(event.data.id)?.(event.data);
      waiting.delete(event.data.id);
    });
    if (loaded) {
      sendPoints(worker, loaded.key, loaded.points);
      if (loaded.filter) worker.postMessage({ kind: 'filter', key: loaded.key, filter: loaded.filter } satisfies ClusterRequest);
    }
    return worker;
  };
  return {
    load(points) {
      if (typeof Worker === 'undefined') return clusterClientHere(points);
      const key = nextKey++;
      // Sent first: the worker answers in order, so every view waits for this build.
      sendPoints(started(), key, points);
      const own = { key, points, filter: undefined as ClusterFilter | undefined };
      loaded = own;
      const ask = (request: Extract<ClusterRequest, { id: number }>) =>
        new Promise<ClusterReply>((resolve) => {
          waiting.set(request.id, resolve);
          started().postMessage(request);
        });
      return {
        filter: (filter) => {
          own.filter = filter;
          started().postMessage({ kind: 'filter', key, filter } satisfies ClusterRequest);
        },
        clusters: async (bbox, zoom) =>
          ((await ask({ kind: 'clusters', key, id: nextId++, bbox, zoom })) as Extract<ClusterReply, { kind: 'clusters' }>).items,
        expansionZoom: async (clusterId) =>
          ((await ask({ kind: 'expansion', key, id: nextId++, clusterId })) as Extract<ClusterReply, { kind: 'expansion' }>).zoom,
      };
    },
    close() {
      worker?.terminate();
      worker = undefined;
      waiting.clear();
    },
  };
}

/** Where workers do not exist (component tests' DOM): the same tree, built on this thread (loaded
 * lazily, so the tree stays out of the map's chunk where the worker has it). */
function clusterClientHere(points: readonly MappedPoint[]): ClusterClient {
  let tree = import('./cluster-tree.ts').then(({ ClusterTree }) => new ClusterTree(packPoints(points)));
  return {
    filter: (filter) => {
      tree = tree.then((built) => (built.setFilter(filter), built));
    },
    clusters: async (bbox, zoom) => (await tree).clusters(bbox, zoom),
    expansionZoom: async (clusterId) => (await tree).expansionZoom(clusterId),
  };
}
