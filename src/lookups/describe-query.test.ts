import { describe, expect, it } from 'vitest';
import { dateRangeText, describeQuery } from './describe-query.ts';
import { paramWidgets, type Widget } from './param.ts';
import { lookups } from './registry.ts';
import type { Params } from './define-lookup.ts';

/** The query in words, as a lookup's first operation describes these parameters. */
function words(id: keyof typeof lookups, params: Params): string {
  return describeQuery(id, paramWidgets(lookups[id].operations[0].params), params);
}

const moment = (year: number, month: number, day: number, time?: string) => ({ year, month: month - 1, day, time });

describe('describeQuery', () => {
  it('puts L’s example in words: distance, point, date range; page 1 says nothing', () => {
    const params = {
      lat: 37.7749,
      lon: -122.4194,
      distance: '1mi',
      datetime_ini: '2024-05-01T00:00:00.000Z',
      datetime_end: '2024-05-08T00:00:00.000Z',
      page: 1,
    };
    expect(words('L', params)).toBe('L · 1 mi around 37.77, \u2212122.42 · May 1–8, 2024');
    expect(words('L', { ...params, page: 2, datetime_end: '2024-05-04T00:00:00.000Z' })).toBe(
      'L · 1 mi around 37.77, \u2212122.42 · May 1–4, 2024 · page 2',
    );
  });

  it('reads M’s short window in hours (UTC) and a quarter mile', () => {
    const params = {
      lat: 37.7749,
      lon: -122.4194,
      distance: '.25mi',
      datetime_ini: '2024-05-01T10:00:00.000Z',
      datetime_end: '2024-05-01T12:00:00.000Z',
    };
    expect(words('M', params)).toBe('M · 0.25 mi around 37.77, \u2212122.42 · May 1, 2024 10:00–12:00 UTC');
  });

  it('reads B’s prox (metres) and its other filter', () => {
    expect(words('B', { prox: '52.5200,13.4050,3000', connectortype: ['29', '33'] })).toBe(
      'B · 3 km around 52.52, 13.40 · connectortype 29, 33',
    );
  });

  it('reads I’s calendar dates and leaves out no filter it has room for', () => {
    const params = words('I', { start_date: '2024-01-01', end_date: '2024-03-31', base: 'USD', symbols: ['USD', 'GBP', 'JPY'] });
    expect(params).toBe('I · Jan 1 – Mar 31, 2024 · base USD · symbols USD, GBP, JPY');
  });

  it('reads F’s filters, leaving the page size out and counting what does not fit', () => {
    expect(words('F', { make: 'toyota', fuel_type: 'gas', limit: 10 })).toBe('F · make toyota · fuel_type gas');
    expect(words('F', { make: 'toyota', model: 'camry', fuel_type: 'gas', year: 2020, drive: 'fwd' })).toMatch(
      /^F · make toyota · model camry · \w+ \w+ · \+2 more$/,
    );
  });

  it('names one record by its identifier, and a query without parameters as such', () => {
    expect(words('D', { recordid: 184713191 })).toBe('D · recordid 184713191');
    expect(describeQuery('X', {}, {})).toBe('X · no parameters');
  });

  it('shortens long values and reads booleans', () => {
    const widgets: Record<string, Widget> = { q: 'text', verified: 'boolean', on: 'boolean' };
    expect(describeQuery('Z', widgets, { q: 'a very long search text that goes on', verified: true, on: false })).toBe(
      'Z · q a very long search text… · verified · not on',
    );
  });
});

describe('dateRangeText', () => {
  it('says a range as briefly as its ends allow', () => {
    expect(dateRangeText(moment(2024, 4, 28), moment(2024, 5, 3))).toBe('Apr 28 – May 3, 2024');
    expect(dateRangeText(moment(2023, 12, 30), moment(2024, 1, 2))).toBe('Dec 30, 2023 – Jan 2, 2024');
    expect(dateRangeText(moment(2024, 5, 1), moment(2024, 5, 1))).toBe('May 1, 2024');
    expect(dateRangeText(moment(2024, 5, 1, '22:00'), moment(2024, 5, 2, '02:00'))).toBe('May 1, 2024 22:00 – May 2, 2024 02:00 UTC');
  });
});
