// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deleteSavedSql,
  LEGACY_SQL_KEY,
  planSqlImport,
  putSavedSql,
  readSavedSql,
  SAVED_SQL_KEY,
  saveSql,
  type SavedSql,
} from './saved-sql.ts';
import { DEFAULT_COLLECTION } from './saved-store.ts';

describe('saved SQL queries', () => {
  beforeEach(() => localStorage.clear());

  it('saves by name in a collection, newest first, replacing the same name in the same collection', () => {
    saveSql('per zip', 'select 1', undefined, localStorage, 1);
    saveSql('by hour', 'select 2', 'Crime', localStorage, 2);
    expect(readSavedSql().map((saved) => [saved.name, saved.collection])).toEqual([
      ['by hour', 'Crime'],
      ['per zip', DEFAULT_COLLECTION],
    ]);
    const first = readSavedSql()[1]!;
    saveSql(' per zip ', 'select 3', ' ', localStorage, 3);
    expect(readSavedSql()[0]).toEqual({ ...first, sql: 'select 3', updatedAt: 3 });
    saveSql('per zip', 'select 4', 'Crime', localStorage, 4);
    expect(readSavedSql()).toHaveLength(3);
    expect(deleteSavedSql(first.id).map((saved) => [saved.name, saved.collection])).toEqual([
      ['per zip', 'Crime'],
      ['by hour', 'Crime'],
    ]);
  });

  it('refuses an empty name or query', () => {
    expect(() => saveSql(' ', 'select 1')).toThrow(/name/);
    expect(() => saveSql('x', '  ')).toThrow(/query/);
  });

  it('reads a broken value as no saved queries', () => {
    localStorage.setItem(SAVED_SQL_KEY, '{not json');
    expect(readSavedSql()).toEqual([]);
    localStorage.setItem(SAVED_SQL_KEY, JSON.stringify([{ name: 1 }]));
    expect(readSavedSql()).toEqual([]);
  });

  it('moves what the first version saved into the default collection, once', () => {
    saveSql('kept', 'select 0', undefined, localStorage, 1);
    localStorage.setItem(
      LEGACY_SQL_KEY,
      JSON.stringify([
        { name: 'per zip', sql: 'select zip from answer', savedAt: 10 },
        { name: 'kept', sql: 'select 9', savedAt: 11 },
      ]),
    );
    const read = readSavedSql();
    expect(read.map(({ name, collection, sql, createdAt }) => ({ name, collection, sql, createdAt }))).toEqual([
      { name: 'per zip', collection: DEFAULT_COLLECTION, sql: 'select zip from answer', createdAt: 10 },
      { name: 'kept', collection: DEFAULT_COLLECTION, sql: 'select 0', createdAt: 1 },
    ]);
    expect(localStorage.getItem(LEGACY_SQL_KEY)).toBeNull();
    expect(readSavedSql()).toEqual(read);
  });

  it('imports without overwriting: the same entry is left alone, a taken id or name is kept beside', () => {
    saveSql('per zip', 'select 1', 'Crime', localStorage, 1);
    const saved = readSavedSql();
    const same = saved[0]!;
    const incoming: SavedSql[] = [
      same,
      { ...same, sql: 'select 2' },
      { id: 'new', name: 'fresh', collection: 'Crime', sql: 'select 3', createdAt: 5, updatedAt: 5 },
    ];
    const plan = planSqlImport(incoming, saved);
    expect(plan.unchanged).toBe(1);
    expect(plan.put.map(({ name, sql }) => [name, sql])).toEqual([
      ['per zip (2)', 'select 2'],
      ['fresh', 'select 3'],
    ]);
    expect(plan.put[0]!.id).not.toBe(same.id);
    expect(plan.put[1]!.id).toBe('new');
    putSavedSql(plan.put);
    expect(readSavedSql()).toHaveLength(3);
  });
});
