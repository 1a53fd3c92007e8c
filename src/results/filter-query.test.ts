import { describe, expect, it } from 'vitest';
import {
  areaFromParam,
  facetsFromParam,
  facetsToParam,
  filtersFromParams,
  filtersToParams,
  mapLookFromParams,
  mapLookToParams,
  timeFromParam,
} from './filter-query.ts';

describe('filters as URL values', () => {
  it('writes one condition per value and reads them back', () => {
    const filters = {
      call_type: { equals: ['Alarm', ''], excludes: ['Fire'] },
      priority: { min: -1.5, max: 4 },
      call_date: { from: '2024-03-01', to: '2024-03-05' },
      'unit.note': { contains: 'a:b:eq:c' },
    };
    const values = filtersToParams(filters);
    expect(values).toEqual([
      'call_type:eq:Alarm',
      'call_type:eq:',
      'call_type:ne:Fire',
      'priority:min:-1.5',
      'priority:max:4',
      'call_date:from:2024-03-01',
      'call_date:to:2024-03-05',
      'unit.note:contains:a:b:eq:c',
    ]);
    expect(filtersFromParams(values)).toEqual(filters);
  });

  it('ignores what does not read: unknown ops, bounds that are no number or day, missing columns', () => {
    expect(
      filtersFromParams(['x', 'a:like:b', ':eq:v', 'n:min:ten', 'n:max:', 'd:from:2024-13-01', 'd:to:yesterday', 't:contains:']),
    ).toBeUndefined();
    expect(filtersFromParams(['n:min:ten', 'n:max:7', 'bad'])).toEqual({ n: { max: 7 } });
    expect(filtersToParams(undefined)).toEqual([]);
    expect(filtersToParams({ a: { contains: ' ' } })).toEqual([]);
  });

  it('writes facets as one comma list and reads them without blanks or repeats', () => {
    expect(facetsToParam(['a', 'b.c'])).toBe('a,b.c');
    expect(facetsToParam([])).toBeUndefined();
    expect(facetsFromParam('a,,b.c,a')).toEqual(['a', 'b.c']);
    expect(facetsFromParam('')).toBeUndefined();
    expect(facetsFromParam(null)).toBeUndefined();
  });
});

describe("the map's words", () => {
  it('round-trips colour, size, layer, time, area and layers', () => {
    const look = {
      color: 'call_type',
      size: 'priority',
      layer: 'heat' as const,
      time: { from: '2024-05-01T00:00:00Z', to: '2024-05-02T00:00:00Z' },
      area: [
        [37.7, -122.5],
        [37.8, -122.5],
        [37.8, -122.4],
      ] as Array<[number, number]>,
      layers: ['h1', 'h2'],
    };
    expect(mapLookFromParams(new URLSearchParams(mapLookToParams(look)))).toEqual(look);
  });
  it('drops words that do not read', () => {
    const query = new URLSearchParams('layer=pie&time=2024-05-02/2024-05-01&area=1,2;3,4&color=');
    expect(mapLookFromParams(query)).toBeUndefined();
    expect(areaFromParam('1,2;3,4;5,x')).toBeUndefined();
    expect(areaFromParam('91,2;3,4;5,6')).toBeUndefined();
    expect(timeFromParam('2024-05-01/not a date')).toBeUndefined();
  });
});
