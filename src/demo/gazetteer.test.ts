// The place search's gazetteer finds the demo's places by name, "name, ST", US zip code (to its
// 3-digit area's centre) and Dutch postcode, best match first and the larger place first among equals.
import { describe, expect, it } from 'vitest';
import { findPlaces, normalise } from './gazetteer.ts';
import { placeOfZip } from './us-places.ts';

const first = (query: string) => findPlaces(query).matches[0];
const labels = (query: string) => findPlaces(query).matches.map((match) => match.label);

describe('the gazetteer', () => {
  it('finds a place by its name, whatever the case and spacing', () => {
    for (const query of ['Denver', 'denver', '  DENVER '])
      expect(first(query)).toMatchObject({ label: 'Denver, CO', lat: 39.7392, lon: -104.9903 });
    expect(first('New York')).toMatchObject({ label: 'New York, NY', lat: 40.7128, lon: -74.006 });
    expect(first('san francisco')).toMatchObject({ label: 'San Francisco, CA', lat: 37.7749, lon: -122.4194 });
  });

  it('lists a place the demo names twice (a US city of the demo cities and of the zip table) once', () => {
    expect(labels('San Francisco').filter((label) => label === 'San Francisco, CA')).toHaveLength(1);
  });

  it('narrows by the state or country after the name: "city, ST", "city ST", "city, country"', () => {
    expect(labels('portland, me')).toEqual(['Portland, ME']);
    expect(labels('Portland ME')).toEqual(['Portland, ME']);
    expect(first('denver, co')).toMatchObject({ label: 'Denver, CO' });
    expect(first('Munich, DE')).toMatchObject({ label: 'Munich, Bavaria, DE' });
    expect(findPlaces('denver, tx').total).toBe(0);
  });

  it('takes a US zip code to the centre of its 3-digit area, and says so', () => {
    const denver = placeOfZip('80202')!;
    for (const query of ['80202', '80202-1234', '802']) {
      expect(findPlaces(query).matches).toEqual([
        expect.objectContaining({
          label: `${denver.name}, ${denver.state}`,
          lat: denver.lat,
          lon: denver.lon,
          note: 'centre of the 802 zip area',
        }),
      ]);
    }
    expect(first('10001')).toMatchObject({ label: 'New York, NY', note: 'centre of the 100 zip area' });
  });

  it('takes a Dutch postcode to its town', () => {
    expect(first('1012')).toMatchObject({ label: 'Amsterdam, Noord-Holland, NL', note: 'centre of the town of postcode 1012' });
    expect(first('6211 AB')).toMatchObject({ label: expect.stringMatching(/^Maastricht, /) });
  });

  it('ranks the whole name before its start before a later word, and the larger place first among equals', () => {
    // Springfield names several places: the largest first.
    const springfields = findPlaces('Springfield', 20).matches;
    expect(springfields.length).toBeGreaterThan(2);
    const populations = springfields.map((match) => match.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    // Portland, OR (650k) before Portland, ME (68k).
    expect(labels('portland').slice(0, 2)).toEqual(['Portland, OR', 'Portland, ME']);
    // "san" starts San Antonio, San Diego…; "francisco" only a later word of San Francisco.
    expect(labels('francisco')).toContain('San Francisco, CA');
    const sanDiego = labels('san d');
    expect(sanDiego[0]).toBe('San Diego, CA');
    // An exact name beats a longer one that starts with it, however large: "York" before "York…".
    const york = labels('york');
    expect(york[0]).toMatch(/^York, /);
    expect(york).toContain('New York, NY');
    expect(york.indexOf('New York, NY')).toBeGreaterThan(0);
  });

  it('finds nothing for what the demo does not know, and for a zip code that is no state’s', () => {
    expect(findPlaces('Atlantis')).toEqual({ matches: [], total: 0 });
    expect(findPlaces('')).toEqual({ matches: [], total: 0 });
    // 969 is a Pacific territory's prefix, not a state's.
    expect(findPlaces('96910')).toEqual({ matches: [], total: 0 });
  });

  it('says how many match in all while returning at most the limit', () => {
    const result = findPlaces('s', 5);
    expect(result.matches).toHaveLength(5);
    expect(result.total).toBeGreaterThan(5);
  });

  it('normalises accents and punctuation', () => {
    expect(normalise('Île-de-France')).toBe('ile de france');
    expect(first('muenchen')).toBeUndefined();
    expect(first('ile de france')).toBeUndefined();
  });
});
