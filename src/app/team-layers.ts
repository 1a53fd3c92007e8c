// Shared snapshots as map layers (`layers=team:<id>`, issue 35): the id names a snapshot on the team
// server, so the layer opens for every member, on any instance, where a History id opens only in the
// browser that recorded it. Loaded only when a map names one.
import { interpretAnswer } from '../lookups/answer.ts';
import { findOperation, type Operation } from '../lookups/define-lookup.ts';
import { lookups, type LookupId } from '../lookups/registry.ts';
import { SNAPSHOT_LAYER_PREFIX } from '../lookups/team-wire.ts';
import type { ExtraMapLayer } from '../results/slots.ts';
import { getTeamItem } from '../api/team-items-client.ts';
import { snapshotBodySchema, snapshotResponse } from '../workbench/team/snapshot.ts';

/** The layer a `team:<id>` entry names, or why it cannot be drawn (in words for the map). */
export async function loadTeamLayer(layerId: string, masked: boolean): Promise<ExtraMapLayer | { problem: string }> {
  const id = layerId.slice(SNAPSHOT_LAYER_PREFIX.length);
  const item = await getTeamItem(id).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  if (item instanceof Error) return { problem: `The shared layer could not be opened: ${item.message}` };
  const body = snapshotBodySchema.safeParse(item.body);
  const lookup = body.success ? lookups[body.data.lookupId as LookupId] : undefined;
  if (item.kind !== 'snapshot' || !body.success || !lookup)
    return { problem: `The shared layer “${item.title}” is not an answer this app can draw.` };
  const operation: Operation = findOperation(lookup, body.data.operationId);
  const response = snapshotResponse(body.data);
  const records =
    body.data.records ?? (response ? interpretAnswer(lookup, operation, body.data.params, response, { mask: masked }).records : []);
  return { id: layerId, title: `${item.title} (shared by ${item.owner})`, operation, records };
}
