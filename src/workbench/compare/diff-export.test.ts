import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { diffRecords, diffStructure } from './diff.ts';
import { DIFF_CSV_COLUMNS, diffToCsv, diffToJson, type DiffExportContext } from './diff-export.ts';

const context: DiffExportContext = {
  lookupId: 'X',
  operationId: 'list',
  first: { id: 'one', sentAt: Date.UTC(2026, 0, 1), params: { day: '1' } },
  second: { id: 'two', sentAt: Date.UTC(2026, 0, 2), params: { day: '2' } },
};

const diff = diffRecords(
  [
    { id: 'a', n: 1, place: { city: 'Oakland' } },
    { id: 'gone', n: 0 },
  ],
  [
    { id: 'a', n: 2, place: { city: 'Berkeley' }, extra: true },
    { id: 'new', n: 5 },
  ],
  { identity: 'id' },
);

const csvRows = (text: string) => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;

describe('exporting a diff', () => {
  it('writes CSV: a row per changed field of a changed record, a row per added and removed record', () => {
    const text = diffToCsv(diff);
    expect(text.split('\r\n')[0]).toBe(DIFF_CSV_COLUMNS.join(','));
    expect(csvRows(text)).toEqual([
      { change: 'changed', record: 'a', label: 'a', field: 'n', field_change: 'changed', before: '1', after: '2' },
      { change: 'changed', record: 'a', label: 'a', field: 'place.city', field_change: 'changed', before: 'Oakland', after: 'Berkeley' },
      { change: 'changed', record: 'a', label: 'a', field: 'extra', field_change: 'added', before: '', after: 'true' },
      { change: 'added', record: 'new', label: 'new', field: '', field_change: '', before: '', after: '{"id":"new","n":5}' },
      { change: 'removed', record: 'gone', label: 'gone', field: '', field_change: '', before: '{"id":"gone","n":0}', after: '' },
    ]);
  });

  it('writes JSON with both answers named, the counts and the field-level changes', () => {
    const json = JSON.parse(diffToJson(diff, context)) as Record<string, unknown>;
    expect(json).toMatchObject({
      lookup: 'X',
      operation: 'list',
      before: { historyId: 'one', sentAt: '2026-01-01T00:00:00.000Z', params: { day: '1' } },
      after: { historyId: 'two', params: { day: '2' } },
      kind: 'records',
      counts: { added: 1, removed: 1, changed: 1, unchanged: 0 },
      added: [{ key: 'new', record: { id: 'new', n: 5 } }],
      removed: [{ key: 'gone', record: { id: 'gone', n: 0 } }],
    });
    expect((json.changed as Array<{ fields: unknown[] }>)[0]!.fields).toEqual([
      { path: 'n', kind: 'changed', before: 1, after: 2 },
      { path: 'place.city', kind: 'changed', before: 'Oakland', after: 'Berkeley' },
      { path: 'extra', kind: 'added', after: true },
    ]);
  });

  it('writes a whole-body diff path by path', () => {
    const structure = diffStructure({ error: { code: 101 } }, { error: { code: 104 } });
    expect(csvRows(diffToCsv(structure))).toEqual([
      { change: 'changed', record: '', label: '', field: 'error.code', field_change: 'changed', before: '101', after: '104' },
    ]);
    expect(JSON.parse(diffToJson(structure, context))).toMatchObject({
      kind: 'structure',
      changes: [{ path: 'error.code', before: 101, after: 104 }],
    });
  });
});
