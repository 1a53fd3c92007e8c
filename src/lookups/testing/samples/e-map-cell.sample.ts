// A body holding every field of the spec's table E (an array of Feature).
import { mapCell } from '../../e-map-cell.ts';
import { defineSamples } from '../define-samples.ts';
export const mapCellSample = [
  { type: 'Feature', geometry: { type: 'Point', coordinates: [13.5, 52.5] }, properties: { dataset: 'era5' } },
  { type: 'Feature', geometry: { type: 'Point', coordinates: [13.4, 52.5] }, properties: { dataset: 'era5-land' } },
];

export const samples = defineSamples(mapCell, { cells: [mapCellSample], dataset: [mapCellSample] });
