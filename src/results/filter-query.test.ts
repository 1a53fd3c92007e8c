import { describe, expect, it } from 'vitest';
import { facetsFromParam, facetsToParam, filtersFromParams, filtersToParams } from './filter-query.ts';

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
    expect(filtersFromParams(['x', 'a:like:b', ':eq:v', 'n:min:ten', 'n:max:', 'd:from:2024-13-01', 'd:to:yesterday', 't:contains:'])).toBeUndefined();
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
