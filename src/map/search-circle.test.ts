import { describe, expect, it } from 'vitest';
import {
  distanceUnit,
  formatDistance,
  nextRung,
  radiusInFormUnit,
  roundRadius,
  searchCircle,
  steppedRadius,
  valuesFromCircle,
} from './search-circle.ts';
import { incidentsOperation, proxOperation } from './testing/fake-operations.ts';

describe('searchCircle', () => {
  it('reads B’s prox as lat, lon and radius in metres', () => {
    expect(searchCircle(proxOperation.locationSearch, { prox: '52.52, 13.405, 5000' })).toEqual({
      lat: 52.52,
      lon: 13.405,
      radiusMetres: 5000,
    });
  });

  it('reads lat, lon and a distance with its unit, from form text or parsed numbers', () => {
    const fromText = searchCircle(incidentsOperation.locationSearch, { lat: '37.77', lon: '-122.42', distance: '.25mi' });
    expect(fromText).toEqual({ lat: 37.77, lon: -122.42, radiusMetres: 402.336 });
    const fromParams = searchCircle(incidentsOperation.locationSearch, { lat: 37.77, lon: -122.42, distance: '15km' });
    expect(fromParams?.radiusMetres).toBe(15000);
  });

  it('has no circle while the values are incomplete or out of range', () => {
    expect(searchCircle(proxOperation.locationSearch, { prox: '52.52,13.4' })).toBeUndefined();
    expect(searchCircle(proxOperation.locationSearch, { prox: '95,13.4,100' })).toBeUndefined();
    expect(searchCircle(incidentsOperation.locationSearch, { lat: '37.7', lon: '', distance: '2mi' })).toBeUndefined();
    expect(searchCircle(incidentsOperation.locationSearch, { lat: '37.7', lon: '-122', distance: '2 miles' })).toBeUndefined();
    expect(searchCircle(undefined, { prox: '1,2,3' })).toBeUndefined();
  });
});

describe('valuesFromCircle', () => {
  it('writes B’s prox rounded to about a metre and a sensible radius, keeping other fields', () => {
    const values = valuesFromCircle(
      proxOperation,
      { prox: '', connectortype: '33' },
      { lat: 52.5200123456, lon: 13.40498765, radiusMetres: 4987.6 },
    );
    expect(values).toEqual({ prox: '52.52001,13.40499,5000', connectortype: '33' });
  });

  it('caps B’s radius at the parameter’s maximum', () => {
    const values = valuesFromCircle(proxOperation, {}, { lat: 1, lon: 2, radiusMetres: 900_000 });
    expect(values.prox).toBe('1,2,200000');
  });

  it('keeps the distance unit the user typed, else the example’s', () => {
    const circle = { lat: 37.774929, lon: -122.419416, radiusMetres: 3218.688 };
    expect(valuesFromCircle(incidentsOperation, { distance: '5km' }, circle)).toEqual({
      lat: '37.77493',
      lon: '-122.41942',
      distance: '3.22km',
    });
    expect(valuesFromCircle(incidentsOperation, { distance: '' }, circle).distance).toBe('2mi');
  });
});

describe('distance helpers', () => {
  it('rounds as a person would type', () => {
    expect(formatDistance(1609.344 * 0.25, 'mi')).toBe('0.25mi');
    expect(formatDistance(42_195, 'km')).toBe('42.2km');
    expect(formatDistance(1234.56, 'm')).toBe('1235m');
    expect(roundRadius(437)).toBe(440);
    expect(roundRadius(12_345)).toBe(12_300);
    expect(distanceUnit(undefined, undefined)).toBe('km');
    expect(distanceUnit('300ft', '2mi')).toBe('ft');
  });
});

describe('stepping the radius from the keyboard', () => {
  it('walks radii a person would pick, up and down, in any unit', () => {
    expect([1, 1.5, 2, 7.5, 10, 0.25].map((value) => nextRung(value, 1))).toEqual([1.5, 2, 2.5, 10, 15, 0.3]);
    expect([1, 1.5, 10, 0.3, 1.3].map((value) => nextRung(value, -1))).toEqual([0.75, 1, 7.5, 0.25, 1]);
  });

  it('changes the distance in the unit the form holds, one rung per arrow and four per page', () => {
    const values = { lat: '37.7749', lon: '-122.4194', distance: '1mi' };
    expect(steppedRadius(incidentsOperation, values, 1)?.distance).toBe('1.5mi');
    expect(steppedRadius(incidentsOperation, values, -1)?.distance).toBe('0.75mi');
    expect(steppedRadius(incidentsOperation, values, 4)?.distance).toBe('3mi');
    expect(steppedRadius(incidentsOperation, values, -4)?.distance).toBe('0.3mi');
    expect(steppedRadius(incidentsOperation, { ...values, distance: '800m' }, 1)?.distance).toBe('1000m');
    // The centre stays where it was.
    expect(steppedRadius(incidentsOperation, values, 1)).toMatchObject({ lat: '37.7749', lon: '-122.4194' });
  });

  it('skips rungs B’s rounding to tens of metres cannot tell apart, and stops at the limits', () => {
    // 20 m down: 15 m rounds back to 20 m, so the next radius is 10 m.
    expect(steppedRadius(proxOperation, { prox: '52.52,13.405,20' }, -1)?.prox).toBe('52.52,13.405,10');
    expect(steppedRadius(proxOperation, { prox: '52.52,13.405,10' }, -1)).toBeUndefined();
    expect(steppedRadius(proxOperation, { prox: '52.52,13.405,150000' }, 1)?.prox).toBe('52.52,13.405,200000');
    expect(steppedRadius(proxOperation, { prox: '52.52,13.405,200000' }, 1)).toBeUndefined();
    expect(steppedRadius(proxOperation, { prox: '52.52,13.405' }, 1)).toBeUndefined();
  });

  it('reports the radius in the form’s unit, for the handle', () => {
    expect(radiusInFormUnit(incidentsOperation, { lat: '1', lon: '2', distance: '2.5km' })).toMatchObject({ value: 2.5, unit: 'km' });
    expect(radiusInFormUnit(proxOperation, { prox: '1,2,3000' })).toMatchObject({ value: 3000, unit: 'm', max: 200_000 });
  });
});
