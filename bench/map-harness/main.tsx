// Mounts the real results map with synthetic crime incidents (lookup L's shape) and reports, on
// window, how long it took until the first clusters were on screen.
import { createRoot } from 'react-dom/client';
import ResultsMap from '../../src/map/results-map.tsx';
import { lookups } from '../../src/lookups/registry.ts';
import '../../src/app/global.css';
import { AnalysisHarness } from './analysis-harness.tsx';

declare global {
  interface Window {
    benchFirstRenderMs?: number;
  }
}

const query = new URLSearchParams(location.search);
const count = Number(query.get('points') ?? 50_000);
// `?analysis`: the map of issue 24 (colours, legend, time window, layer=…) instead of the plain one.
const analysis = query.has('analysis');
const OFFENSES = ['Larceny/Theft', 'Assault', 'Burglary', 'Vandalism', 'Fraud', 'Robbery', 'Drug', 'Motor Vehicle Theft', 'Arson', 'Other'];
const AGAINST = ['Property', 'Person', 'Society'];
const cities = [
  [37.77, -122.42],
  [40.71, -74.0],
  [41.88, -87.63],
  [34.05, -118.24],
  [29.76, -95.37],
  [47.61, -122.33],
  [51.51, -0.13],
  [52.52, 13.4],
] as const;

// Deterministic spread around the cities: the same picture on every run.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const records = Array.from({ length: count }, (_, index) => {
  const [lat, lon] = cities[index % cities.length]!;
  const spread = 0.3 * Math.sqrt(-2 * Math.log(random() || 1e-9));
  const angle = 2 * Math.PI * random();
  return {
    incident_code: `INC-${index}`,
    incident_offense: analysis ? OFFENSES[Math.floor(random() * OFFENSES.length)]! : 'Larceny/Theft',
    incident_offense_crime_against: AGAINST[index % AGAINST.length]!,
    incident_date: analysis
      ? new Date(Date.parse('2024-05-01T00:00:00Z') + Math.floor(random() * 7 * 86_400_000)).toISOString()
      : '2024-05-01T12:00:00.000Z',
    incident_latitude: lat + spread * Math.sin(angle),
    incident_longitude: lon + spread * Math.cos(angle),
    incident_address: `${index} Example Street`,
  };
});

const lookup = lookups.L;
const start = performance.now();
createRoot(document.getElementById('root')!).render(
  analysis ? (
    <AnalysisHarness records={records} layer={(query.get('layer') as 'heat' | 'hex' | null) ?? undefined} />
  ) : (
    <ResultsMap
      lookup={lookup}
      operation={lookup.operations[0]}
      params={{}}
      records={records}
      masked={false}
      selectedIndex={undefined}
      onSelect={() => {}}
      onOpenTable={() => {}}
    />
  ),
);

const waitForClusters = () => {
  if (document.querySelector('.map-cluster, canvas.map-heat')) window.benchFirstRenderMs = performance.now() - start;
  else requestAnimationFrame(waitForClusters);
};
requestAnimationFrame(waitForClusters);
