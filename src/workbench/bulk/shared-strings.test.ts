import { describe, expect, it } from 'vitest';
import { mergeRows } from './merge.ts';
import { mergedPart } from './merged-part.ts';
import { shareStrings, StringPool } from './shared-strings.ts';

/** A pool that marks what it returns, so a test sees which strings were replaced by the pool's answer. */
class MarkingPool extends StringPool {
  override share(value: string): string {
    return `<${value}>`;
  }
}

describe('StringPool', () => {
  it('holds one entry per distinct value and answers with an equal string', () => {
    const pool = new StringPool();
    const answers = ['••• masked', 'ok', '••• masked', 'ok', '••• masked'].map((value) => pool.share(value));
    expect(answers).toEqual(['••• masked', 'ok', '••• masked', 'ok', '••• masked']);
    expect(pool.size).toBe(2);
  });

  it('starts again empty when full, so values that never repeat cannot grow it', () => {
    const pool = new StringPool(3);
    for (const value of ['a', 'b', 'c']) pool.share(value);
    expect(pool.size).toBe(3);
    pool.share('b');
    expect(pool.size).toBe(3);
    pool.share('d');
    expect(pool.size).toBe(1);
    pool.share('a');
    expect(pool.size).toBe(2);
  });

  it('replaces strings in objects and arrays down to a depth, and leaves numbers, booleans and null alone', () => {
    const record: Record<string, unknown> = {
      name: 'A',
      age: 4,
      ok: true,
      none: null,
      address: { city: 'S', tags: ['x', { deep: { deeper: { deepest: 'far' } } }] },
    };
    new MarkingPool().shareValues(record);
    expect(record).toEqual({
      name: '<A>',
      age: 4,
      ok: true,
      none: null,
      address: { city: '<S>', tags: ['<x>', { deep: { deeper: { deepest: 'far' } } }] },
    });
  });
});

describe('shareStrings', () => {
  const part = () =>
    structuredClone(
      mergedPart(
        0,
        mergeRows(
          { index: 0, input: { zipcode: '62701' }, state: 'ok' },
          [
            { name: '••• masked', address: { city: 'S' } },
            { name: '••• masked', age: 3 },
          ],
          ['zipcode'],
        ),
      ),
    );

  it('puts the pool’s answer in place of every string of a part: rows, flat rows, column names, counted values', () => {
    const cloned = part();
    shareStrings(cloned, new MarkingPool());
    // The first row is nested (its flat form is another object), the second is flat (its own flat form, marked once).
    expect(cloned.rows[0]).toEqual({
      zipcode: '<62701>',
      row_status: '<ok>',
      row_reason: null,
      name: '<••• masked>',
      address: { city: '<S>' },
    });
    expect(cloned.flat[0]).toEqual({
      zipcode: '<62701>',
      row_status: '<ok>',
      row_reason: null,
      name: '<••• masked>',
      'address.city': '<S>',
    });
    expect(cloned.flat[1]).toBe(cloned.rows[1]);
    expect(cloned.rows[1]).toEqual({ zipcode: '<62701>', row_status: '<ok>', row_reason: null, name: '<••• masked>', age: 3 });
    expect(cloned.columns).toEqual(['<zipcode>', '<row_status>', '<row_reason>', '<name>', '<address.city>', '<age>']);
    expect(cloned.stats.name!.distinct).toEqual(['<••• masked>']);
  });

  it('leaves every value as it was with a real pool', () => {
    const cloned = part();
    const before = structuredClone(cloned);
    const pool = new StringPool();
    shareStrings(cloned, pool);
    expect(cloned).toEqual(before);
    // One entry per distinct string of the part (the counts key empty cells as '' and numbers as text).
    expect(pool.size).toBe(
      new Set(['62701', 'ok', '••• masked', 'S', 'zipcode', 'row_status', 'row_reason', 'name', 'address.city', 'age', '', '3']).size,
    );
  });
});
