import { describe, expect, it } from 'vitest';
import { countValues, facetOf } from './facets.ts';
import { flattenRecords } from './flatten-records.ts';

const records = [
  { type: 'Alarm', city: 'SF' },
  { type: 'Noise', city: 'SF' },
  { type: 'Alarm', city: 'Oakland' },
  { type: null, city: 'SF' },
  { type: 'Alarm', city: 'SF' },
  { type: 'Fight', city: 'SF' },
  { city: 'Oakland' },
];
const table = flattenRecords(records);

describe('facets', () => {
  it('counts each value, most frequent first, ties in text order (empty last), empty cells as one value', () => {
    expect(countValues(table, 'type', undefined)).toEqual({
      column: 'type',
      values: [
        { key: 'Alarm', count: 3 },
        { key: '', count: 2 },
        { key: 'Fight', count: 1 },
        { key: 'Noise', count: 1 },
      ],
      more: 0,
      counted: 7,
    });
  });

  it('lists the top values and counts the rest', () => {
    const facet = countValues(table, 'type', undefined, 2);
    expect(facet.values.map((value) => value.key)).toEqual(['Alarm', '']);
    expect(facet.more).toBe(2);
  });

  it('counts under the other columns’ filters but not its own, so several values can be picked', () => {
    const facet = facetOf(table, 'type', { city: { equals: ['SF'] }, type: { equals: ['Alarm'] } });
    expect(facet.counted).toBe(5);
    expect(facet.values).toEqual([
      { key: 'Alarm', count: 2 },
      { key: 'Fight', count: 1 },
      { key: 'Noise', count: 1 },
      { key: '', count: 1 },
    ]);
    expect(facetOf(table, 'city', { type: { equals: ['Alarm'] } }).values).toEqual([
      { key: 'SF', count: 2 },
      { key: 'Oakland', count: 1 },
    ]);
  });

  it('computes a facet of 10,000 rows (bench/table-filters.ts times it)', () => {
    const big = flattenRecords(Array.from({ length: 10_000 }, (_, index) => ({ type: `kind ${index % 40}`, id: index })));
    const facet = facetOf(big, 'type', undefined);
    expect(facet.values).toHaveLength(15);
    expect(facet.more).toBe(25);
    expect(facet.values[0]).toEqual({ key: 'kind 0', count: 250 });
  });
});
