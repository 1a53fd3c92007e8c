import { describe, expect, it } from 'vitest';
import { columnKinds, flatTableOf, flattenRecords } from '../../results/table-api.ts';
import { mergeRows } from './merge.ts';
import { assembleDataset } from './merged-dataset.ts';
import { mergedPart } from './merged-part.ts';

const columns = ['zipcode'];
const parts = [
  mergedPart(2, mergeRows({ index: 2, input: { zipcode: '62703' }, state: 'failed', reason: 'HTTP 500' }, [], columns)),
  mergedPart(
    0,
    mergeRows(
      { index: 0, input: { zipcode: '62701' }, state: 'ok' },
      [
        { name: 'A', age: 40, address: { city: 'Springfield' } },
        { name: 'B', age: 31, tags: ['x', 'y'] },
      ],
      columns,
    ),
  ),
  mergedPart(1, mergeRows({ index: 1, input: { zipcode: '62702' }, state: 'ok' }, [{ name: 'C', age: 52, seen: '2024-03-01' }], columns)),
];

describe('the merged dataset', () => {
  it('flattens each part in the worker: a flat row is its own flat form, a nested one is flattened like the table does', () => {
    const [, first] = parts;
    expect(first!.flat[0]).toEqual({
      zipcode: '62701',
      row_status: 'ok',
      row_reason: null,
      name: 'A',
      age: 40,
      'address.city': 'Springfield',
    });
    expect(first!.flat[1]!.tags).toBe('x, y');
    const plain = mergedPart(3, mergeRows({ index: 3, input: { zipcode: '1' }, state: 'empty' }, [], columns));
    expect(plain.flat[0]).toBe(plain.rows[0]);
  });

  it('assembles the parts in input order into the very table and kinds one scan would give, handed to the table cache', () => {
    const dataset = assembleDataset(parts);
    expect(dataset.rows.map((row) => [row.zipcode, row.name ?? null])).toEqual([
      ['62701', 'A'],
      ['62701', 'B'],
      ['62702', 'C'],
      ['62703', null],
    ]);
    const scanned = flattenRecords(dataset.rows);
    expect(dataset.table).toEqual(scanned);
    expect(flatTableOf(dataset.rows)).toBe(dataset.table);
    expect(columnKinds(dataset.table)).toBe(dataset.kinds);
    expect(dataset.kinds).toEqual(columnKinds(scanned));
    expect(dataset.kinds.get('row_status')).toEqual({ kind: 'choice', choices: ['failed', 'ok'] });
    expect(dataset.kinds.get('age')).toEqual({ kind: 'number' });
  });
});
