// The cluster worker: builds the supercluster index of the points it is sent (once per set of
// points), then answers the clusters for each view. Requests queue behind the build in order; one
// for an earlier set of points is answered empty (its frame was already replaced).
import { buildPointIndexFrom, CLUSTER_MAX_ZOOM, expansionZoom, visibleItems, type PointIndex } from './cluster-index.ts';
import type { ClusterReply, ClusterRequest } from './cluster-client.ts';

let current: { key: number; index: PointIndex } | undefined;

self.addEventListener('message', (event: MessageEvent<ClusterRequest>) => {
  const request = event.data;
  if (request.kind === 'points') {
    current = { key: request.key, index: buildPointIndexFrom(request.points) };
    return;
  }
  const index = current?.key === request.key ? current.index : undefined;
  const reply: ClusterReply =
    request.kind === 'clusters'
      ? { kind: 'clusters', id: request.id, items: index ? visibleItems(index, request.bbox, request.zoom) : [] }
      : { kind: 'expansion', id: request.id, zoom: index ? expansionZoom(index, request.clusterId) : CLUSTER_MAX_ZOOM + 1 };
  (self as unknown as Worker).postMessage(reply);
});
