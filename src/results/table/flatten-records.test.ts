import { describe, expect, it } from 'vitest';
import { compareCells, flattenRecords, sortedOrder, summariseArray } from './flatten-records.ts';

describe('flattenRecords', () => {
  it('flattens nested objects to dot paths in first-seen order and summarises arrays', () => {
    const table = flattenRecords([
      { id: 1, address: { city: 'Berlin', geo: { lat: 52.5 } }, tags: ['a', 'b'], items: [{ x: 1 }] },
      { id: 2, extra: null, tags: [] },
    ]);
    expect(table.columns).toEqual(['id', 'address.city', 'address.geo.lat', 'tags', 'items', 'extra']);
    expect(table.rows[0]).toEqual({ id: 1, 'address.city': 'Berlin', 'address.geo.lat': 52.5, tags: 'a, b', items: '[1 item]' });
    expect(table.rows[1]).toEqual({ id: 2, extra: null, tags: '[]' });
  });

  it('writes arrays and too-deep objects as compact JSON for exports, with the same columns', () => {
    const deep = { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } };
    const records = [{ id: 1, tags: ['a', 'b'], items: [{ x: 1 }], empty: {}, ...deep }];
    const screen = flattenRecords(records);
    const file = flattenRecords(records, { nested: 'json' });
    expect(file.columns).toEqual(screen.columns);
    expect(screen.rows[0]).toMatchObject({ items: '[1 item]', 'a.b.c.d.e.f': '{1 keys}' });
    expect(file.rows[0]).toEqual({ id: 1, tags: '["a","b"]', items: '[{"x":1}]', empty: '{}', 'a.b.c.d.e.f': '{"g":1}' });
  });

  it('puts plain values in a "value" column', () => {
    expect(flattenRecords(['x', 3]).rows).toEqual([{ value: 'x' }, { value: 3 }]);
    expect(summariseArray([1, 2, 3, 4, 5, 6])).toBe('[6 items]');
  });
});

describe('sorting', () => {
  const rows = [
    { n: 10, s: 'b' },
    { n: 9, s: 'a10' },
    { n: null, s: 'a9' },
    { n: 100, s: '' },
  ];
  it('compares numbers numerically and text naturally, with empty cells last both ways', () => {
    expect(sortedOrder(rows, 'n', 'ascending')).toEqual([1, 0, 3, 2]);
    expect(sortedOrder(rows, 'n', 'descending')).toEqual([3, 0, 1, 2]);
    expect(sortedOrder(rows, 's', 'ascending')).toEqual([2, 1, 0, 3]);
    expect(sortedOrder(rows, undefined, 'ascending')).toEqual([0, 1, 2, 3]);
    expect(compareCells('a2', 'a10')).toBeLessThan(0);
  });
});
