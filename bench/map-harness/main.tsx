// Mounts the real results map with synthetic crime incidents (lookup L's shape) and reports, on
// window, how long it took until the first clusters were on screen.
import { createRoot } from 'react-dom/client';
import ResultsMap from '../../src/map/results-map.tsx';
import { lookups } from '../../src/lookups/registry.ts';
import '../../src/app/global.css';

declare global {
  interface Window {
    benchFirstRenderMs?: number;
  }
}

const count = Number(new URLSearchParams(location.search).get('points') ?? 50_000);
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
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const records = Array.from({ length: count }, (_, index) => {
  const [lat, lon] = cities[index % cities.length]!;
  const spread = 0.3 * Math.sqrt(-2 * Math.log(random() || 1e-9));
  const angle = 2 * Math.PI * random();
  return {
    incident_code: `INC-${index}`,
    incident_offense: 'Larceny/Theft',
    incident_date: '2024-05-01T12:00:00.000Z',
    incident_latitude: lat + spread * Math.sin(angle),
    incident_longitude: lon + spread * Math.cos(angle),
    incident_address: `${index} Example Street`,
  };
});

const lookup = lookups.L;
const start = performance.now();
createRoot(document.getElementById('root')!).render(
  <ResultsMap
    lookup={lookup}
    operation={lookup.operations[0]}
    params={{}}
    records={records}
    masked={false}
    selectedIndex={undefined}
    onSelect={() => {}}
    onOpenTable={() => {}}
  />,
);

const waitForClusters = () => {
  if (document.querySelector('.map-cluster')) window.benchFirstRenderMs = performance.now() - start;
  else requestAnimationFrame(waitForClusters);
};
requestAnimationFrame(waitForClusters);
