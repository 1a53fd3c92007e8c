import { describe, expect, it } from 'vitest';
import { movie } from '../lookups/a-movie.ts';
import { dropEmpty, standingErrors, validateValues, withName } from './validate-values.ts';
import { everyWidgetLookup } from './testing/every-widget-lookup.ts';

const search = everyWidgetLookup.operations[0];
const base = { region: 'north', start_date: '2024-01-01', end_date: '2024-01-31' };

describe('validateValues', () => {
  it('parses valid values of A into typed params, leaving blanks out', () => {
    const result = validateValues(movie.operations[0], { movie_id: '550', language: '', append_to_response: 'videos, images' });
    expect(result).toEqual({ ok: true, params: { movie_id: 550, append_to_response: ['videos', 'images'] } });
  });

  it('prefixes each message with the parameter name', () => {
    const result = validateValues(search, { ...base, lat: '91', limit: '0', verified: 'yes', distance: '10 parsecs' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.fields).toEqual({
      lat: 'lat must be between -90 and 90',
      limit: 'limit must be between 1 and 50',
      verified: 'verified must be true or false',
      distance: 'distance must be a number with a unit: mi, km, ft or m (e.g. 10mi, .25mi, 15km)',
    });
  });

  it('reports required fields left blank and the cross-field rule at its field', () => {
    const missing = validateValues(search, { region: '  ', start_date: '2024-02-01', end_date: '' });
    expect(missing.ok || missing.errors.fields).toEqual({ region: 'region is required', end_date: 'end_date is required' });
    const noId = validateValues(movie.operations[0], { language: 'en-US' });
    expect(noId.ok || noId.errors.fields).toEqual({ movie_id: 'movie_id is required' });
    const reversed = validateValues(search, { ...base, end_date: '2023-12-31' });
    expect(reversed.ok || reversed.errors.fields).toEqual({ end_date: 'end_date is before start_date' });
  });

  it('keeps form-wide rules apart and does not double a name already in the message', () => {
    const operation = {
      ...search,
      params: search.params.superRefine((_values, ctx) => ctx.addIssue({ code: 'custom', message: 'at least one filter is required' })),
    };
    const result = validateValues(operation, base);
    expect(result.ok || result.errors).toEqual({ fields: {}, form: ['at least one filter is required'] });
    expect(withName('end_date', 'end_date is before start_date')).toBe('end_date is before start_date');
  });

  it('drops blank values', () => {
    expect(dropEmpty({ a: '', b: ' ', c: 'x' })).toEqual({ c: 'x' });
  });

  it('keeps only the messages whose fields still hold the checked value', () => {
    const errors = { fields: { lat: 'lat must be between -90 and 90', lon: 'lon is required' }, form: ['at least one filter is required'] };
    const checked = { lat: '91' };
    expect(standingErrors(errors, checked, { lat: '91' })).toEqual(errors);
    expect(standingErrors(errors, checked, { lat: '91', lon: '' })).toEqual(errors);
    expect(standingErrors(errors, checked, { lat: '9', lon: '' })).toEqual({ fields: { lon: 'lon is required' }, form: [] });
    expect(standingErrors(errors, checked, { lat: '91', lon: '3' })).toEqual({
      fields: { lat: 'lat must be between -90 and 90' },
      form: [],
    });
  });
});
