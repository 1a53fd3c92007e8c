import { describe, expect, it } from 'vitest';
import { DataType, Float64, TimestampMillisecond, Utf8 } from 'apache-arrow';
import { flattenRecords } from '../results/table-api.ts';
import { cellOf, columnTypeOf, isoTime, rowsOf, toArrowTable } from './arrow-columns.ts';

describe('columnTypeOf', () => {
  const rows = [
    { n: 1, b: true, t: '2026-11-25T14:32:00Z', d: '2026-11-25', s: 'Theft', mixed: 1, gap: null },
    { n: 2.5, b: false, t: '2026-11-26 08:00', d: '', s: '12', mixed: 'one', gap: '' },
    { n: null, b: null, t: null, d: '2026-12-01', s: null, mixed: null, gap: null },
  ];

  it('types a column by what all its filled cells share', () => {
    expect(columnTypeOf(rows, 'n')).toBe('double');
    expect(columnTypeOf(rows, 'b')).toBe('boolean');
    expect(columnTypeOf(rows, 't')).toBe('timestamp');
    expect(columnTypeOf(rows, 'd')).toBe('timestamp');
  });

  it('falls back to text for mixed, textual or empty columns', () => {
    expect(columnTypeOf(rows, 's')).toBe('text');
    expect(columnTypeOf(rows, 'mixed')).toBe('text');
    expect(columnTypeOf(rows, 'gap')).toBe('text');
    expect(columnTypeOf(rows, 'absent')).toBe('text');
  });

  it('does not take a date-like text for a date', () => {
    expect(columnTypeOf([{ t: '2026-11-25 and more' }], 't')).toBe('text');
    expect(columnTypeOf([{ t: '2026-13-45' }], 't')).toBe('text');
  });
});

describe('isoTime', () => {
  it('reads dates and times without a zone as UTC, and honours a zone', () => {
    expect(isoTime('2026-11-25')).toBe(Date.UTC(2026, 10, 25));
    expect(isoTime('2026-11-25T14:32')).toBe(Date.UTC(2026, 10, 25, 14, 32));
    expect(isoTime('2026-11-25 14:32:10+01:00')).toBe(Date.UTC(2026, 10, 25, 13, 32, 10));
    expect(isoTime('25/11/2026')).toBeNaN();
  });
});

describe('toArrowTable', () => {
  it('builds typed Arrow columns from the table’s flattened records', () => {
    const flat = flattenRecords([
      { id: 'a', count: 3, when: '2026-11-25T14:32:00Z', place: { lat: 41.1, ok: true } },
      { id: 'b', count: null, when: '2026-11-26T00:00:00Z', place: { lat: 41.2, ok: false } },
    ]);
    const { arrow, types } = toArrowTable(flat);
    expect(arrow.numRows).toBe(2);
    expect(arrow.schema.fields.map((field) => field.name)).toEqual(['id', 'count', 'when', 'place.lat', 'place.ok']);
    expect(types.get('place.ok')).toBe('boolean');
    expect(DataType.isFloat(arrow.getChild('count')!.type)).toBe(true);
    expect(DataType.isTimestamp(arrow.getChild('when')!.type)).toBe(true);
    expect(DataType.isBool(arrow.getChild('place.ok')!.type)).toBe(true);
    expect(arrow.getChild('count')!.get(1)).toBeNull();
    // And back: what a result of the same table reads as.
    expect(rowsOf(arrow)).toEqual([
      { id: 'a', count: 3, when: '2026-11-25T14:32:00.000Z', 'place.lat': 41.1, 'place.ok': true },
      { id: 'b', count: null, when: '2026-11-26T00:00:00.000Z', 'place.lat': 41.2, 'place.ok': false },
    ]);
  });

  it('keeps text in any script, and empty text apart from a missing value', () => {
    const names = ['Zürich', 'a', '東京', '', 'plain ascii', null];
    const { arrow } = toArrowTable({ columns: ['name'], rows: names.map((name) => ({ name })) });
    expect(rowsOf(arrow).map((row) => row.name)).toEqual(names);
  });

  it('keeps times before 1970 and far ahead exact', () => {
    const times = ['1960-03-04T05:06:07.089Z', '2300-01-01T00:00:00.000Z'];
    const { arrow } = toArrowTable(flattenRecords(times.map((when) => ({ when }))));
    expect(rowsOf(arrow).map((row) => row.when)).toEqual(times);
  });

  it('reads a window of rows', () => {
    const { arrow } = toArrowTable(flattenRecords([{ n: 1 }, { n: 2 }, { n: 3 }]));
    expect(rowsOf(arrow, 1, 10)).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('keeps an empty answer as an empty table', () => {
    expect(toArrowTable({ columns: [], rows: [] }).arrow.numRows).toBe(0);
  });
});

describe('cellOf', () => {
  it('turns engine values into table cells', () => {
    expect(cellOf(12n, new Float64())).toBe(12);
    expect(cellOf(Date.UTC(2026, 0, 2), new TimestampMillisecond())).toBe('2026-01-02T00:00:00.000Z');
    expect(cellOf(new Date(Date.UTC(2026, 0, 2)), new Utf8())).toBe('2026-01-02T00:00:00.000Z');
    expect(cellOf({ a: 1n, b: [1, 2] }, new Utf8())).toBe('{"a":1,"b":[1,2]}');
    expect(cellOf(undefined, new Utf8())).toBeNull();
  });
});
