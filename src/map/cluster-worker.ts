// The cluster worker: builds the cluster tree of the points it is sent (once per set of points),
// then counts what each filter keeps and answers the clusters for each view. Requests are answered
// in order; one for an earlier set of points is answered empty (its frame was already replaced).
import { CLUSTER_MAX_ZOOM, ClusterTree } from './cluster-tree.ts';
import type { ClusterReply, ClusterRequest } from './cluster-client.ts';

let current: { key: number; tree: ClusterTree } | undefined;

self.addEventListener('message', (event: MessageEvent<ClusterRequest>) => {
  const request = event.data;
  if (request.kind === 'points') {
    current = { key: request.key, tree: new ClusterTree(request.points) };
    return;
  }
  const tree = current?.key === request.key ? current.tree : undefined;
  if (request.kind === 'filter') {
    tree?.setFilter(request.filter);
    return;
  }
  const reply: ClusterReply =
    request.kind === 'clusters'
      ? { kind: 'clusters', id: request.id, items: tree ? tree.clusters(request.bbox, request.zoom) : [] }
      : { kind: 'expansion', id: request.id, zoom: tree ? tree.expansionZoom(request.clusterId) : CLUSTER_MAX_ZOOM + 1 };
  (self as unknown as Worker).postMessage(reply);
});
