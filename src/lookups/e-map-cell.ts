import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import { arrayAt, isRecord, plural, pointFrom, readPath } from './adapters.ts';
import { param } from './param.ts';
import { textAt } from './error-text.ts';

export const mapCellFeature = z.looseObject({
  type: z.literal('Feature'),
  geometry: z.looseObject({
    type: z.literal('Point'),
    // GeoJSON order: [longitude, latitude].
    coordinates: z.array(z.number()).length(2),
  }),
  properties: z.looseObject({ dataset: z.string() }),
});

export const mapCellResponse = z.array(mapCellFeature);

/** Weather and climate datasets the demo knows, with the resolution of their grids in degrees. */
export const MAP_CELL_DATASETS = {
  era5: 0.25,
  'era5-land': 0.1,
  gfs: 0.25,
  'icon-eu': 0.0625,
  hrrr: 0.03,
  cmip6: 1,
  chirps: 0.05,
} as const;
export type MapCellDataset = keyof typeof MAP_CELL_DATASETS;

const datasetNames = Object.keys(MAP_CELL_DATASETS) as [MapCellDataset, ...MapCellDataset[]];

const pk = param.integer({
  in: 'path',
  title: 'City id',
  help: 'Numeric id (primary key) of the city, e.g. 1 for Berlin or 6 for San Francisco in the demo.',
  required: true,
  min: 1,
  example: '1',
});

/** A grid point's popup: its dataset and geometry (the map adds the coordinates, the point itself). */
const map = {
  popup: [
    { label: 'Dataset', path: 'properties.dataset' },
    { label: 'Geometry', path: 'geometry.type' },
  ],
};

const adapters = {
  // Errors: {detail}.
  errorMessage: (body: unknown) => textAt(body, 'detail'),
  records: (body: unknown) => arrayAt(body),
  paging: (body: unknown) => {
    const features = arrayAt(body);
    return features ? { summary: plural(features.length, 'grid point') } : undefined;
  },
  // GeoJSON puts the longitude first.
  point: (record: unknown) => pointFrom(record, 'geometry.coordinates.1', 'geometry.coordinates.0'),
  label: (record: unknown) => (isRecord(record) ? String(readPath(record, 'properties.dataset') ?? 'Grid point') : ''),
};

export const mapCell = defineLookup({
  id: 'E',
  title: 'Map cell grid points',
  keywords: ['maps', 'map', 'location', 'coordinates', 'weather', 'climate', 'forecast', 'meteorology', 'grid', 'city'],
  catalog: {
    subject: 'Underlying grid point used for each city and dataset combination',
    coverage: 'global',
    version: 'no version in the path',
    price: 'on request',
    trial: 'none',
  },
  keyTransport: { param: 'api_key' },
  personalData: [],
  operations: [
    defineOperation({
      id: 'cells',
      label: 'All datasets',
      method: 'GET',
      path: '/api/city/{pk}/map-cell/',
      format: 'json',
      params: z.object({ pk }),
      example: { pk: '1' },
      defaultTab: 'map',
      response: mapCellResponse,
      identity: ['properties.dataset', 'geometry.coordinates'],
      adapters,
      map,
      notes: ['pk is the city’s positive integer id; the answer holds one Feature per dataset of the city.'],
    }),
    defineOperation({
      id: 'dataset',
      label: 'One dataset',
      method: 'GET',
      path: '/api/city/{pk}/map-cell/{dataset}/',
      format: 'json',
      params: z.object({
        pk,
        dataset: param.enum({
          in: 'path',
          title: 'Dataset',
          help: 'The weather or climate dataset whose grid point is wanted.',
          required: true,
          options: datasetNames,
          example: 'era5',
        }),
      }),
      example: { pk: '1', dataset: 'era5' },
      defaultTab: 'map',
      response: mapCellResponse,
      identity: ['properties.dataset', 'geometry.coordinates'],
      adapters,
      map,
      notes: [
        'The spec leaves this form’s body open apart from the array of Feature: it is an array holding the one Feature of that dataset.',
      ],
    }),
  ],
  notes: [
    'dataset takes the names of common gridded weather and climate datasets (ERA5, ERA5-Land, GFS, ICON-EU, HRRR, CMIP6, CHIRPS).',
    'Unknown cities and datasets a city lacks answer HTTP 404 with {"detail":"Not found."}, as REST frameworks of this kind do.',
  ],
});
