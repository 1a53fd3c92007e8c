import { describe, expect, it } from 'vitest';
import { inOrder, recordsToJson } from './json.ts';

describe('recordsToJson', () => {
  const records = [{ id: 'a', tags: [1, 2] }, { id: 'b', nested: { x: null } }, 'plain'];

  it('writes the records themselves, whole, in their own order', () => {
    expect(JSON.parse(recordsToJson(records))).toEqual(records);
  });

  it('follows a given order of indices', () => {
    expect(inOrder(records, [2, 0, 1])).toEqual(['plain', records[0], records[1]]);
    expect(JSON.parse(recordsToJson(records, { order: [1, 0, 2] })).map((record: { id?: string }) => record.id ?? record)).toEqual([
      'b',
      'a',
      'plain',
    ]);
  });
});
