// The zoom past which nothing is clustered: shared by the cluster tree (in its worker) and the layer
// that draws it, without pulling the tree into the page's map chunk.

/** Clusters stop at this zoom; beyond it every point is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 14;
