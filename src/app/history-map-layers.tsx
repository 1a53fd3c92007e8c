// Other answers from History and bulk runs as layers on the results map (`layers=<ids>`, issue 24):
// the map may not reach the workbench, so the page loads the stored answers named in the URL, reads
// their records with the same interpreter, and hands them to the map with the entries that could be
// added (answers with coordinates whose body was kept, stopped runs of lookups with coordinates).
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { interpretAnswer } from '../lookups/answer.ts';
import { findOperation, type Operation } from '../lookups/define-lookup.ts';
import { lookups } from '../lookups/registry.ts';
import type { ExtraMapLayer, LayerNotice, MapSlotProps } from '../results/slots.ts';
import { SNAPSHOT_LAYER_PREFIX } from '../lookups/team-wire.ts';
import { useHistoryList } from '../workbench/history/use-history.ts';
import { describeEntry, entryLabel } from '../workbench/history/history-format.ts';
import type { HistoryEntry } from '../workbench/history/history-entry.ts';
import { isRunLayer, runLayer, runLayerChoices } from './bulk-map-layers.ts';

const historyStore = () => import('../workbench/history/history-store.ts');
const teamLayers = () => import('./team-layers.ts');

/** Said in the map for a layer whose id only the browser that added it can read. */
export const UNSHARED_LAYER = 'This layer was added in another browser and was not shared.';

/** Entries listed as layers to add, newest first. */
const CHOICES = 30;
const NONE: readonly string[] = [];

function mappable(entry: HistoryEntry): boolean {
  const operation: Operation = findOperation(lookups[entry.lookupId], entry.operationId);
  return (
    entry.bodyStored && entry.status !== undefined && entry.status >= 200 && entry.status < 300 && operation.adapters?.point !== undefined
  );
}

export interface ExtraLayers {
  layers: ExtraMapLayer[];
  /** Layers the URL names that cannot be drawn here, each with why. */
  notices: LayerNotice[];
}

/** The answers these `layers=` ids name, read once each (in the order asked), and those that cannot be drawn here. */
export async function loadExtraLayers(wanted: readonly string[], masked: boolean): Promise<ExtraLayers> {
  const { getHistoryEntry, getStoredResponse } = await historyStore();
  const layers: ExtraMapLayer[] = [];
  const notices: LayerNotice[] = [];
  for (const id of wanted) {
    if (id.startsWith(SNAPSHOT_LAYER_PREFIX)) {
      const layer = await (await teamLayers()).loadTeamLayer(id, masked);
      if ('problem' in layer) notices.push({ id, message: layer.problem });
      else layers.push(layer);
      continue;
    }
    if (isRunLayer(id)) {
      const layer = await runLayer(id, masked).catch(() => undefined);
      if (layer) layers.push(layer);
      else notices.push({ id, message: UNSHARED_LAYER });
      continue;
    }
    const [entry, response] = await Promise.all([getHistoryEntry(id).catch(() => undefined), getStoredResponse(id).catch(() => undefined)]);
    // Not in this browser's History: the link came from another browser, which kept the answer to itself.
    if (!entry) notices.push({ id, message: UNSHARED_LAYER });
    if (!entry || !response || !mappable(entry)) continue;
    const lookup = lookups[entry.lookupId];
    const operation: Operation = findOperation(lookup, entry.operationId);
    const answer = interpretAnswer(lookup, operation, entry.params, response, { mask: masked });
    layers.push({ id, title: describeEntry(entry), operation, records: answer.records });
  }
  return { layers, notices };
}

const NO_EXTRA: ExtraLayers = { layers: [], notices: [] };

/** The layers the URL names, loaded whenever the ids or the masking change. */
function useExtraLayers(ids: readonly string[], masked: boolean): ExtraLayers {
  const [loaded, setLoaded] = useState<ExtraLayers>(NO_EXTRA);
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    void loadExtraLayers(key === '' ? [] : key.split(','), masked).then((found) => live && setLoaded(found));
    return () => {
      live = false;
    };
  }, [key, masked]);
  return useMemo(
    () => ({
      layers: loaded.layers.filter((layer) => ids.includes(layer.id)),
      notices: loaded.notices.filter((notice) => ids.includes(notice.id)),
    }),
    [ids, loaded],
  );
}

/** Bulk runs that may be added, read once per map. */
function useRunChoices(): ReadonlyArray<{ id: string; title: string }> {
  const [runs, setRuns] = useState<ReadonlyArray<{ id: string; title: string }>>([]);
  useEffect(() => {
    let live = true;
    // Without the run store (no IndexedDB) there is simply no run to add.
    runLayerChoices().then(
      (choices) => live && setRuns(choices),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return runs;
}

/** Wraps the map slot: adds the extra layers the URL names and the History entries that may be added. */
export function HistoryLayersMap({
  props,
  masked,
  children,
}: {
  props: MapSlotProps;
  masked: boolean;
  children: (props: MapSlotProps) => ReactNode;
}) {
  const ids = props.analysis?.look.layers ?? NONE;
  const { layers: extraLayers, notices: layerNotices } = useExtraLayers(ids, masked);
  const history = useHistoryList({}, CHOICES);
  const runs = useRunChoices();
  const layerChoices = useMemo(
    // Each choice reads "L · 1 mi around 37.77, −122.42 · May 1–8, 2024 (sent Dec 5, 3:11 AM, 50 records)".
    () => [...history.entries.filter(mappable).map((entry) => ({ id: entry.id, title: entryLabel(entry) })), ...runs],
    [history.entries, runs],
  );
  if (!props.analysis) return children(props);
  return children({ ...props, analysis: { ...props.analysis, extraLayers, layerNotices, layerChoices } });
}
