import { describe, expect, it } from 'vitest';
import { allLookups } from '../lookups/registry.ts';
import { ANSWER_TABLE, answerTableName, bulkTableName, distinctNames, identifierPart } from './table-names.ts';

describe('table names', () => {
  it('names an answer by its lookup and the minute it was sent (local time)', () => {
    const lookup = allLookups[0]!;
    const sentAt = new Date(2026, 10, 25, 14, 32, 59).getTime();
    expect(answerTableName(lookup.id, sentAt)).toBe(`${lookup.id.toLowerCase()}_20261125_1432`);
    expect(answerTableName(lookup.id, new Date(2026, 0, 5, 7, 3).getTime())).toBe(`${lookup.id.toLowerCase()}_20260105_0703`);
  });

  it('names a bulk dataset by its file, without the extension', () => {
    expect(bulkTableName('zips.csv')).toBe('bulk_zips');
    expect(bulkTableName('Calls – Week 47.xlsx')).toBe('bulk_calls_week_47');
    expect(bulkTableName('.csv')).toBe('bulk_table');
  });

  it('makes identifier parts plain lower-case SQL', () => {
    expect(identifierPart('Café Zürich!')).toBe('cafe_zurich');
    expect(identifierPart('***')).toBe('table');
    expect(ANSWER_TABLE).toMatch(/^[a-z_]+$/);
  });

  it('keeps names distinct in order', () => {
    expect(distinctNames(['a', 'b', 'a', 'a', 'a_2'])).toEqual(['a', 'b', 'a_2', 'a_3', 'a_2_2']);
  });
});
