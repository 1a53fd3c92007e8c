// The results map as the lookup page shows it: with the answers from History that the URL names as
// extra layers. Its own lazy chunk, so neither History's reading of stored answers nor the registry
// of every lookup weighs on the lookup page before a map is shown.
import { lazy } from 'react';
import type { MapSlotProps } from '../results/slots.ts';
import { HistoryLayersMap } from './history-map-layers.tsx';

const ResultsMap = lazy(() => import('../map/results-map.tsx'));

/** `maskPreference`: whether this browser masks personal data (the stored answers are read with it). */
export default function ResultsMapWithLayers({ maskPreference, ...props }: MapSlotProps & { maskPreference: boolean }) {
  return (
    <HistoryLayersMap props={props} masked={maskPreference}>
      {(shown) => <ResultsMap {...shown} />}
    </HistoryLayersMap>
  );
}
