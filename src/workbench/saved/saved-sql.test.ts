import { beforeEach, describe, expect, it } from 'vitest';
import { deleteSavedSql, readSavedSql, SAVED_SQL_KEY, saveSql } from './saved-sql.ts';

describe('saved SQL queries', () => {
  beforeEach(() => localStorage.clear());

  it('saves by name, newest first, replacing a query of the same name', () => {
    saveSql('per zip', 'select 1', localStorage, 1);
    saveSql('by hour', 'select 2', localStorage, 2);
    expect(readSavedSql().map((saved) => saved.name)).toEqual(['by hour', 'per zip']);
    saveSql(' per zip ', 'select 3', localStorage, 3);
    expect(readSavedSql()).toEqual([
      { name: 'per zip', sql: 'select 3', savedAt: 3 },
      { name: 'by hour', sql: 'select 2', savedAt: 2 },
    ]);
    expect(deleteSavedSql('by hour').map((saved) => saved.name)).toEqual(['per zip']);
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
});
