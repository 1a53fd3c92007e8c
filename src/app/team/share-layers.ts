// The map's added layers made shareable: each one this browser holds (a History answer, a bulk run)
// is stored as a team snapshot of its records as the map draws them, and its id in `layers=`
// becomes `team:<id>`; one already shared stays as it is. Loaded with "Share…", never before.
import { createTeamItem } from '../../api/team-items-client.ts';
import { lookups } from '../../lookups/registry.ts';
import { SNAPSHOT_LAYER_PREFIX } from '../../lookups/team-wire.ts';
import type { ExtraMapLayer } from '../../results/slots.ts';
import type { SnapshotBody } from '../../workbench/team/snapshot.ts';
import { loadExtraLayers } from '../history-map-layers.tsx';

export interface SharedLayers {
  /** The ids for the link's `layers=`, in order: every one a `team:<id>`. */
  ids: string[];
  /** The ids that could not be read here (and so are not in `ids`). */
  left: string[];
}

function layerBody(layer: ExtraMapLayer, masked: boolean): SnapshotBody | undefined {
  const lookup = Object.values(lookups).find((candidate) => (candidate.operations as readonly unknown[]).includes(layer.operation));
  if (!lookup) return undefined;
  return {
    lookupId: lookup.id,
    operationId: layer.operation.id,
    title: layer.title,
    masked,
    params: {},
    search: '',
    records: [...layer.records],
  };
}

export async function shareLayers(layerIds: readonly string[], masked: boolean): Promise<SharedLayers> {
  const local = layerIds.filter((id) => !id.startsWith(SNAPSHOT_LAYER_PREFIX));
  const { layers } = local.length > 0 ? await loadExtraLayers(local, masked) : { layers: [] };
  const shared = new Map<string, string>();
  for (const layer of layers) {
    const body = layerBody(layer, masked);
    if (!body) continue;
    const item = await createTeamItem({ kind: 'snapshot', visibility: 'team', title: layer.title, body });
    shared.set(layer.id, `${SNAPSHOT_LAYER_PREFIX}${item.id}`);
  }
  const ids: string[] = [];
  const left: string[] = [];
  for (const id of layerIds) {
    const teamId = id.startsWith(SNAPSHOT_LAYER_PREFIX) ? id : shared.get(id);
    if (teamId) ids.push(teamId);
    else left.push(id);
  }
  return { ids, left };
}
