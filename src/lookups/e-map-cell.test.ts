import { describe, expect, it } from 'vitest';
import { mapCell, mapCellResponse } from './e-map-cell.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { buildRequest, requestTarget } from './request.ts';
import { mapCellSample } from './testing/samples/e-map-cell.sample.ts';

// Transcribed from the spec's table "E. Map cell" (the response is an array of these).
const spec: SpecField[] = [
  ['[].type', 'string'],
  ['[].geometry.type', 'string'],
  ['[].geometry.coordinates', 'array'],
  ['[].geometry.coordinates[]', 'number'],
  ['[].properties.dataset', 'string'],
];

const [cells, dataset] = mapCell.operations;

describe('E map cell', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(mapCellResponse, spec)).toEqual([]);
  });

  it('parses a sample body holding every field, keeping unknown fields', () => {
    const parsed = mapCellResponse.parse([{ ...mapCellSample[0], id: 7 }]);
    expect(parsed[0]).toMatchObject({ properties: { dataset: 'era5' }, id: 7 });
  });

  it('reports a wrong type or a third coordinate at its path', () => {
    const wrong = mapCellResponse.safeParse([
      mapCellSample[0],
      { ...mapCellSample[1], geometry: { type: 'Point', coordinates: [1, 2, 3] } },
    ]);
    expect(wrong.error?.issues[0]?.path).toEqual([1, 'geometry', 'coordinates']);
    const text = mapCellResponse.safeParse([{ ...mapCellSample[0], properties: { dataset: 5 } }]);
    expect(text.error?.issues[0]?.path).toEqual([0, 'properties', 'dataset']);
  });

  it('fills both path forms, keeping the trailing slashes', () => {
    expect(requestTarget(buildRequest(cells, cells.params.parse({ pk: '6' })))).toBe('/api/city/6/map-cell/');
    expect(requestTarget(buildRequest(dataset, dataset.params.parse({ pk: '6', dataset: 'era5-land' })))).toBe(
      '/api/city/6/map-cell/era5-land/',
    );
  });

  it('refuses bad parameters with messages per field', () => {
    const result = dataset.params.safeParse({ pk: '0', dataset: 'weather' });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages.pk).toBe('must be at least 1');
    expect(messages.dataset).toMatch(/^must be one of era5, era5-land, gfs/);
    expect(cells.params.safeParse({}).error?.issues[0]?.path).toEqual(['pk']);
  });

  it('reads records, points in GeoJSON order, labels and a count', () => {
    const { records, point, label, paging } = cells.adapters;
    expect(records(mapCellSample)).toHaveLength(2);
    expect(point(mapCellSample[0])).toEqual({ lat: 52.5, lon: 13.5 });
    expect(label(mapCellSample[1])).toBe('era5-land');
    expect(paging(mapCellSample)).toEqual({ summary: '2 grid points' });
  });

  it('opens on the map with valid examples', () => {
    for (const operation of mapCell.operations) {
      expect(operation.defaultTab).toBe('map');
      expect(operation.params.safeParse(operation.example).success).toBe(true);
    }
  });
});
