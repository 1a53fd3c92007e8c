import { describe, expect, it } from 'vitest';
import { mapSummary } from './map-summary.ts';

describe('mapSummary', () => {
  it('counts the records on the map, and says when filters narrowed them', () => {
    expect(mapSummary(48, 50)).toBe('48 records on the map');
    expect(mapSummary(12, 12, 10_000)).toBe('12 records on the map (filtered: 12 records of 10,000)');
  });

  it('tells a page without records from filters that removed every record', () => {
    expect(mapSummary(0, 0)).toBe('No records on this page');
    expect(mapSummary(0, 0, 10_000)).toBe('No records after these filters (0 of 10,000 records)');
    // Filters over an empty page remove nothing: the page itself is empty.
    expect(mapSummary(0, 0, 0)).toBe('No records on this page');
  });

  it('says records without coordinates are why the map is empty only when there are records', () => {
    expect(mapSummary(0, 3)).toBe('No record has coordinates to show');
    expect(mapSummary(0, 3, 40)).toBe('No record has coordinates to show (filtered: 3 records of 40)');
  });
});
