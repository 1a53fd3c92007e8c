// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAP_CELL_DATASETS, mapCell, mapCellResponse } from '../lookups/e-map-cell.ts';
import { mapCellDemo } from './e-map-cell.ts';
import { cityByPk } from './geo-world.ts';
import { DEMO_CITIES } from './geo-world-data.ts';
import { demoAsker } from './testing/ask-demo.ts';

const [cells, dataset] = mapCell.operations;
type Feature = { geometry: { coordinates: [number, number] }; properties: { dataset: keyof typeof MAP_CELL_DATASETS } };

const askDemo = demoAsker(mapCellDemo, mapCell);
const ask = (operation: typeof cells | typeof dataset, values: Record<string, string>) => askDemo(values, { operation });

describe('E demo', () => {
  it('answers both examples with features that parse and that the records adapter finds', () => {
    for (const operation of mapCell.operations) {
      const response = ask(operation, operation.example);
      expect(response.status).toBe(200);
      expect(mapCellResponse.safeParse(response.body).success).toBe(true);
      expect(operation.adapters!.records!(response.body)!.length).toBeGreaterThan(0);
    }
  });

  it('gives every demo city one Feature per dataset, snapped to that dataset’s grid near the city', () => {
    for (const city of DEMO_CITIES) {
      const features = ask(cells, { pk: String(city.pk) }).body as Feature[];
      const names = features.map((feature) => feature.properties.dataset);
      expect(new Set(names).size).toBe(names.length);
      for (const feature of features) {
        const [lon, lat] = feature.geometry.coordinates;
        const resolution = MAP_CELL_DATASETS[feature.properties.dataset];
        expect(Math.abs(lon - city.lon)).toBeLessThanOrEqual(resolution / 2 + 1e-9);
        expect(Math.abs(lat - city.lat)).toBeLessThanOrEqual(resolution / 2 + 1e-9);
        expect(Math.abs(lat / resolution - Math.round(lat / resolution))).toBeLessThan(1e-6);
      }
    }
  });

  it('covers regions honestly: ICON-EU in Europe, HRRR in the US', () => {
    const berlin = (ask(cells, { pk: '1' }).body as Feature[]).map((feature) => feature.properties.dataset);
    const sf = (ask(cells, { pk: '6' }).body as Feature[]).map((feature) => feature.properties.dataset);
    expect(berlin).toContain('icon-eu');
    expect(berlin).not.toContain('hrrr');
    expect(sf).toContain('hrrr');
    expect(sf).not.toContain('icon-eu');
  });

  it('gives the addressed dataset’s Feature, the same as in the full list', () => {
    const all = ask(cells, { pk: '6' }).body as Feature[];
    const one = ask(dataset, { pk: '6', dataset: 'gfs' }).body as Feature[];
    expect(one).toEqual(all.filter((feature) => feature.properties.dataset === 'gfs'));
    expect(one).toHaveLength(1);
  });

  it('answers 404 with a detail body for an unknown city or a dataset the city lacks', () => {
    expect(cityByPk(999)).toBeUndefined();
    expect(ask(cells, { pk: '999' })).toEqual({ status: 404, body: { detail: 'Not found.' } });
    expect(ask(dataset, { pk: '999', dataset: 'era5' })).toEqual({ status: 404, body: { detail: 'Not found.' } });
    expect(ask(dataset, { pk: '1', dataset: 'hrrr' })).toEqual({ status: 404, body: { detail: 'Not found.' } });
  });

  it('is deterministic', () => {
    expect(JSON.stringify(ask(cells, { pk: '3' }).body)).toBe(JSON.stringify(ask(cells, { pk: '3' }).body));
  });
});
