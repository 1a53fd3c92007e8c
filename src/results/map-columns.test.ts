import { describe, expect, it } from 'vitest';
import { chosenColumn, colorChoices, meansAnAmount, NO_COLUMN, noneFor, sizeChoices } from './map-columns.ts';

describe('chosenColumn', () => {
  it('takes the pick, else the default, and nothing for "(none)"', () => {
    expect(chosenColumn('a', 'b')).toBe('a');
    expect(chosenColumn(undefined, 'b')).toBe('b');
    expect(chosenColumn(NO_COLUMN, 'b')).toBeUndefined();
  });
  it('writes none only where a default would come back', () => {
    expect(noneFor('call_type')).toBe(NO_COLUMN);
    expect(noneFor(undefined)).toBeUndefined();
  });
});

describe('meansAnAmount', () => {
  it.each([
    'incident_latitude',
    'incident_longitude',
    'call_lat',
    'lng',
    'location.lon',
    'incident_code',
    'call_city_key',
    'stationZipCode',
    'recordId',
    'id',
    'year',
  ])('%s is not an amount', (column) => expect(meansAnAmount(column)).toBe(false));
  it.each(['totalNumberOfConnectors', 'price', 'evStationDetails.maxPowerKw', 'square_feet', 'count'])('%s is an amount', (column) =>
    expect(meansAnAmount(column)).toBe(true),
  );
});

describe('colour and size choices', () => {
  const answer = ['call_type', 'call_city_key', 'call_latitude', 'priority_count'];
  it('offers the default colour column even when it has too many values to count as a choice', () => {
    expect(colorChoices(['call_city_key'], {}, 'call_type', answer)).toEqual(['call_city_key', 'call_type']);
  });
  it('offers the picked column, and nothing the answer lacks', () => {
    expect(colorChoices([], { color: 'call_type' }, 'missing', answer)).toEqual(['call_type']);
    expect(colorChoices([], { color: NO_COLUMN }, undefined, answer)).toEqual([]);
  });
  it('sizes by amounts only', () => {
    expect(sizeChoices(['call_latitude', 'priority_count'], {}, undefined, answer)).toEqual(['priority_count']);
    expect(sizeChoices(['call_latitude'], {}, undefined, answer)).toEqual([]);
  });
});
