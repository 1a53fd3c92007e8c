// The cluster worker: builds the supercluster index of the points it is sent (once per set of
// points), then answers the clusters for each view. Requests queue behind the build in order.
import { buildPointIndexFrom, expansionZoom, visibleItems, type PointIndex } from './cluster-index.ts';
import type { ClusterReply, ClusterRequest } from './cluster-client.ts';

let index: PointIndex | undefined;

self.addEventListener('message', (event: MessageEvent<ClusterRequest>) => {
  const request = event.data;
  if (request.kind === 'points') {
    index = buildPointIndexFrom(request.points);
    return;
  }
  if (!index) return;
  const reply: ClusterReply =
    request.kind === 'clusters'
      ? { kind: 'clusters', id: request.id, items: visibleItems(index, request.bbox, request.zoom) }
      : { kind: 'expansion', id: request.id, zoom: expansionZoom(index, request.clusterId) };
  (self as unknown as Worker).postMessage(reply);
});
