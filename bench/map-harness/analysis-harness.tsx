// The results map with the analysis of issue 24 over synthetic incidents: coloured by a column with
// its legend, a time window, a layer kind from the URL. window.benchRecolour() and
// window.benchMoveBrush() change the look and resolve with the time until the next frame was drawn.
import { useEffect, useMemo, useState } from 'react';
import ResultsMap from '../../src/map/results-map.tsx';
import { lookups } from '../../src/lookups/registry.ts';
import { categorySlots, legendOf } from '../../src/results/map-legend.ts';
import { recordTimes, scopeRecords } from '../../src/results/map-scope.ts';
import type { MapLook } from '../../src/results/view-state.ts';

declare global {
  interface Window {
    benchRecolour?: () => Promise<number>;
    benchMoveBrush?: () => Promise<number>;
  }
}

const lookup = lookups.L;
const operation = lookup.operations[0];
const nextFrame = () =>
  new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))));
/** Clusters come from a worker: the frame counts once the map has drawn the new ones (cluster-layer.tsx counts them). */
const framesDrawn = () => Number(document.querySelector<HTMLElement>('.leaflet-container')?.dataset.clusterFrames ?? 0);
async function nextClusterFrame(before: number): Promise<number> {
  while (framesDrawn() <= before) await new Promise((resolve) => setTimeout(resolve, 1));
  return nextFrame();
}

export function AnalysisHarness({ records, layer }: { records: ReadonlyArray<Record<string, unknown>>; layer: MapLook['layer'] }) {
  const [look, setLook] = useState<MapLook>({ color: 'incident_offense', layer });
  // As the viewer does (use-map-analysis.ts): the legend counted over the answer within the window,
  // the slots per record of the answer, and the map given every record with the ones shown.
  const scope = useMemo(() => scopeRecords(operation, records, look), [records, look]);
  const legend = useMemo(() => legendOf(records, look.color!, undefined, scope), [records, look.color, scope]);
  const slotKeys = JSON.stringify(legend.entries.map((entry) => entry.key));
  const categories = useMemo(() => categorySlots(records, look.color!, JSON.parse(slotKeys) as string[]), [records, look.color, slotKeys]);
  const times = useMemo(() => recordTimes(records, 'incident_date'), [records]);

  useEffect(() => {
    window.benchRecolour = async () => {
      const before = framesDrawn();
      const start = performance.now();
      setLook((current) => ({
        ...current,
        color: current.color === 'incident_offense' ? 'incident_offense_crime_against' : 'incident_offense',
      }));
      return (await nextClusterFrame(before)) - start;
    };
    window.benchMoveBrush = async () => {
      const before = framesDrawn();
      const start = performance.now();
      setLook((current) => {
        const from = current.time ? Date.parse(current.time.from) + 3_600_000 : Date.parse('2024-05-02T00:00:00Z');
        return { ...current, time: { from: new Date(from).toISOString(), to: new Date(from + 86_400_000).toISOString() } };
      });
      return (await nextClusterFrame(before)) - start;
    };
  }, []);

  return (
    <ResultsMap
      lookup={lookup}
      operation={operation}
      params={{}}
      records={records}
      shown={scope}
      masked={false}
      selectedIndex={undefined}
      onSelect={() => {}}
      onOpenTable={() => {}}
      analysis={{
        look,
        onLookChange: (change) => setLook((current) => ({ ...current, ...change })),
        legend,
        categories,
        onToggleCategory: () => {},
        times,
        categoryColumns: ['incident_offense', 'incident_offense_crime_against'],
        numberColumns: [],
        demo: false,
      }}
    />
  );
}
