import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import { arrayAt, pointFrom } from '../../lookups/adapters.ts';
import { answerRecords, COLLISIONS_KEY, mergeRows, originalRecord, REASON_COLUMN, STATUS_COLUMN } from './merge.ts';

const columns = ['zipcode', 'note'];
const input = { zipcode: '62701', note: 'first' };

describe('mergeRows', () => {
  it('gives one output row per record, each with the input columns and the status', () => {
    const rows = mergeRows(
      { index: 0, input, state: 'ok' },
      [
        { name: 'A', lat: 1 },
        { name: 'B', lat: 2 },
      ],
      columns,
    );
    expect(rows).toEqual([
      { zipcode: '62701', note: 'first', [STATUS_COLUMN]: 'ok', [REASON_COLUMN]: null, name: 'A', lat: 1 },
      { zipcode: '62701', note: 'first', [STATUS_COLUMN]: 'ok', [REASON_COLUMN]: null, name: 'B', lat: 2 },
    ]);
  });

  it('keeps an input row without records once: empty, or failed with its reason', () => {
    expect(mergeRows({ index: 1, input, state: 'empty' }, [], columns)).toEqual([
      { zipcode: '62701', note: 'first', [STATUS_COLUMN]: 'empty', [REASON_COLUMN]: null },
    ]);
    expect(mergeRows({ index: 2, input, state: 'failed', reason: 'HTTP 404' }, [], columns)).toEqual([
      { zipcode: '62701', note: 'first', [STATUS_COLUMN]: 'failed', [REASON_COLUMN]: 'HTTP 404' },
    ]);
  });

  it('moves a record field named like an input column aside, and gives back the original record', () => {
    const record = { zipcode: '99999', row_status: 'active', name: 'A', nested: { city: 'X' } };
    const [row] = mergeRows({ index: 0, input, state: 'ok' }, [record], columns);
    expect(row).toMatchObject({
      zipcode: '62701',
      [STATUS_COLUMN]: 'ok',
      name: 'A',
      [COLLISIONS_KEY]: { zipcode: '99999', row_status: 'active' },
    });
    expect(originalRecord(row!, columns)).toEqual(record);
    expect(originalRecord(mergeRows({ index: 0, input, state: 'empty' }, [], columns)[0]!, columns)).toBeUndefined();
  });

  it('wraps a record that is not an object', () => {
    expect(mergeRows({ index: 0, input, state: 'ok' }, ['plain'], columns)[0]).toMatchObject({ value: 'plain' });
  });
});

describe('answerRecords', () => {
  const operation = {
    id: 'search',
    label: 'Search',
    method: 'GET',
    path: '/search',
    format: 'json',
    params: z.object({}),
    example: {},
    response: z.unknown(),
    adapters: { records: (body: unknown) => arrayAt(body, 'items'), point: (record: unknown) => pointFrom(record, 'lat', 'lon') },
  } as unknown as AnyOperation;
  const lookup = { id: 'X', slug: 'x', personalData: [], operations: [operation] } as unknown as AnyLookup;

  it('reads the records with the operation’s own adapter; a body that is not JSON has none', () => {
    expect(answerRecords(lookup, operation, {}, '{"items": [{"lat": 1, "lon": 2}]}', 'true', true)).toEqual([{ lat: 1, lon: 2 }]);
    expect(answerRecords(lookup, operation, {}, 'oops', undefined, true)).toEqual([]);
  });

  it('lets the map read each merged row’s point through the original record', () => {
    const [row] = mergeRows({ index: 0, input: { lat: 'input' }, state: 'ok' }, [{ lat: 40.5, lon: -74 }], ['lat']);
    expect(operation.adapters!.point!(originalRecord(row!, ['lat']))).toEqual({ lat: 40.5, lon: -74 });
  });
});
