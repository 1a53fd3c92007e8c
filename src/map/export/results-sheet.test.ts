import { describe, expect, it } from 'vitest';
import { lookups } from '../../lookups/registry.ts';
import { dateRange, distanceWords, resultsLegend, resultsSheetInfo } from './results-sheet.ts';
import { placeOnPage } from './pdf.ts';
import { sceneExtent, sceneLegend } from './scene.ts';

const l = lookups.L;
const params = {
  lat: '37.7749',
  lon: '-122.4194',
  distance: '1mi',
  datetime_ini: '2024-05-01T00:00:00.000Z',
  datetime_end: '2024-05-08T00:00:00.000Z',
};

describe('resultsSheetInfo', () => {
  it('reads L’s query in words: its circle as typed and its date parameters', () => {
    const info = resultsSheetInfo({
      lookup: l,
      operation: l.operations[0],
      params,
      circle: { lat: 37.7749, lon: -122.4194, radiusMetres: 1609.344 },
      area: true,
      demo: true,
      masked: false,
      madeAt: new Date(0),
    });
    expect(info).toMatchObject({
      lookup: `L. ${l.title}`,
      query: '1 mi around 37.7749, −122.4194, inside the drawn area',
      from: params.datetime_ini,
      to: params.datetime_end,
      demo: true,
      masked: false,
    });
    expect(dateRange(l.operations[0], params)).toEqual({ from: params.datetime_ini, to: params.datetime_end });
  });

  it('writes a radius in metres where nothing was typed', () => {
    expect(distanceWords(undefined, 800)).toBe('800 m');
    expect(distanceWords(undefined, 1500)).toBe('1.5 km');
    expect(distanceWords('.25mi', 402)).toBe('0.25 mi');
  });
});

describe('resultsLegend', () => {
  it('names every drawn thing: the circle, the area, the records by category, each added layer', () => {
    const items = resultsLegend({
      circle: { color: 'rgb(31, 86, 179)' },
      area: { color: 'rgb(51, 136, 255)' },
      records: {
        count: 271,
        color: '#1f56b3',
        layer: 'points',
        legend: {
          column: 'incident_offense',
          entries: [
            { key: 'Theft', count: 200, shown: true },
            { key: 'Hidden', count: 5, shown: false },
          ],
          others: 66,
        },
      },
      layers: [{ title: 'H. Sex offenders', color: '#d55e00', count: 12 }],
    });
    expect(items.map((item) => [item.kind, item.label])).toEqual([
      ['outline', 'Search circle'],
      ['dashed', 'Drawn area'],
      ['heading', 'Records by incident_offense'],
      ['point', 'Theft (200)'],
      ['point', 'Other (66)'],
      ['point', 'H. Sex offenders (12)'],
    ]);
  });

  it('says a heat map or hexagons stand for the records', () => {
    const items = resultsLegend({
      circle: undefined,
      area: undefined,
      records: { count: 9, color: '#000', layer: 'heat', legend: undefined },
      layers: [],
    });
    expect(items).toEqual([{ label: 'Records (heat map) (9)', color: '#000', kind: 'point' }]);
  });
});

describe('the dossier’s scene', () => {
  it('holds every point and the whole circle, and lists each layer with its count', () => {
    const scene = {
      layers: [{ label: 'H. Sex offenders', color: '#d55e00', points: [{ lat: 33.506, lon: -112.03 }] }],
      place: { lat: 33.48, lon: -112.03 },
      radiusMetres: 1000,
      demo: true,
    };
    const extent = sceneExtent(scene);
    expect(extent).toContainEqual({ lat: 33.506, lon: -112.03 });
    expect(extent).toHaveLength(1 + 1 + 4);
    expect(sceneLegend(scene).map((item) => item.label)).toEqual(['Search circle', 'H. Sex offenders (1)']);
  });
});

describe('placeOnPage', () => {
  it('fits the sheet inside the margins of a landscape page, centred', () => {
    const a4 = { width: 297, height: 210 };
    const box = placeOnPage(1100, 700, a4, 10);
    expect(box.width).toBeLessThanOrEqual(277 + 1e-9);
    expect(box.height).toBeLessThanOrEqual(190 + 1e-9);
    expect(box.width / box.height).toBeCloseTo(1100 / 700, 6);
    expect(box.x + box.width / 2).toBeCloseTo(148.5, 6);
    expect(box.y + box.height / 2).toBeCloseTo(105, 6);
  });
});
