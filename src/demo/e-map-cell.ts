// Demo for E: the demo cities by pk, each with the datasets that cover it; a dataset's grid point
// is the one nearest the city centre on that dataset's grid.
import type { MapCellDataset } from '../lookups/e-map-cell.ts';
import { MAP_CELL_DATASETS } from '../lookups/e-map-cell.ts';
import { mapCell } from '../lookups/e-map-cell.ts';
import { byOperation, json, providerError, defineDemo } from './demo-types.ts';
import type { DemoCity } from './geo-world-data.ts';
import { cityByPk, round } from './geo-world.ts';

const EUROPE = new Set(['DE', 'FR', 'GB', 'NL']);

/** Datasets covering a city: regional models only in their regions, CHIRPS only between 50°S and 50°N. */
export function datasetsOf(city: DemoCity): MapCellDataset[] {
  return (Object.keys(MAP_CELL_DATASETS) as MapCellDataset[]).filter((dataset) => {
    if (dataset === 'icon-eu') return EUROPE.has(city.country);
    if (dataset === 'hrrr') return city.country === 'US';
    if (dataset === 'chirps') return Math.abs(city.lat) <= 50;
    return true;
  });
}

function snap(value: number, resolution: number): number {
  return round(Math.round(value / resolution) * resolution, 4);
}

function feature(city: DemoCity, dataset: MapCellDataset) {
  const resolution = MAP_CELL_DATASETS[dataset];
  return {
    type: 'Feature' as const,
    geometry: { type: 'Point' as const, coordinates: [snap(city.lon, resolution), snap(city.lat, resolution)] },
    properties: { dataset },
  };
}

const notFound = () => providerError(404, { detail: 'Not found.' });

export const mapCellDemo = defineDemo(
  mapCell,
  byOperation<typeof mapCell>({
    cells: ({ params }) => {
      const city = cityByPk(params.pk);
      return city ? json(datasetsOf(city).map((dataset) => feature(city, dataset))) : notFound();
    },
    dataset: ({ params }) => {
      const city = cityByPk(params.pk);
      const dataset = city && datasetsOf(city).find((name) => name === params.dataset);
      return city && dataset ? json([feature(city, dataset)]) : notFound();
    },
  }),
);
