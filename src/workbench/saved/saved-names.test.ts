import { describe, expect, it } from 'vitest';
import { NAME_LENGTH, quoted, suggestedName } from './saved-names.ts';

describe('quoting a user’s name', () => {
  it('never nests a pair of quotes inside the same kind', () => {
    expect(quoted('Movies')).toBe('“Movies”');
    expect(quoted('Movies & "quotes"')).toBe('‘Movies & "quotes"’');
    expect(quoted('The “best” ones')).toBe('‘The “best” ones’');
    expect(quoted(`Joe's "picks"`)).toBe(`«Joe's "picks"»`);
  });
});

describe('the suggested name of a query', () => {
  it('holds every value when they fit', () => {
    expect(suggestedName('Movie', ['movie_id=550'])).toBe('Movie: movie_id=550');
    expect(suggestedName('Movie', [])).toBe('Movie');
  });

  it('keeps whole values only, and says how many more there are', () => {
    const values = [
      'lat=37.7749',
      'lon=-122.4194',
      'distance=1mi',
      'datetime_ini=2024-05-01T00:00:00.000Z',
      'datetime_end=2024-05-08T00:00:00.000Z',
      'page=1',
    ];
    const name = suggestedName('Crime incidents', values);
    expect(name.length).toBeLessThanOrEqual(NAME_LENGTH);
    expect(name).toMatch(/^Crime incidents: lat=37\.7749 · lon=-122\.4194 · distance=1mi · .* · \+\d more$/);
    const kept = name
      .replace(/^Crime incidents: /, '')
      .replace(/ · \+\d more$/, '')
      .split(' · ');
    expect(values.slice(0, kept.length)).toEqual(kept);
    expect(name).toContain(`+${values.length - kept.length} more`);
  });

  it('says only how many values there are when the first does not fit', () => {
    expect(suggestedName('Search', [`q=${'x'.repeat(200)}`, 'page=2'])).toBe('Search · +2 more');
  });
});
