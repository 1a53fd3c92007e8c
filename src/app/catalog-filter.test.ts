import { describe, expect, it } from 'vitest';
import { toCatalogEntry } from '../lookups/catalog-entry.ts';
import { allLookups } from '../lookups/registry.ts';
import { filterCatalog, words } from './catalog-filter.ts';

const entries = allLookups.map(toCatalogEntry);
const ids = (query: string) => filterCatalog(entries, query).map((lookup) => lookup.id);

// What a person types for a subject, and the lookups of the spec that answer it (catalog order).
const SYNONYMS: Record<string, string[]> = {
  maps: ['B', 'E', 'H', 'L', 'M'],
  map: ['B', 'E', 'H', 'L', 'M'],
  location: ['B', 'E', 'H', 'L', 'M'],
  police: ['L', 'M'],
  crime: ['L', 'M'],
  'exchange rate': ['I'],
  'exchange rates': ['I'],
  currency: ['I'],
  forex: ['I'],
  fx: ['I'],
  weather: ['E'],
  climate: ['E'],
  forecast: ['E'],
  cars: ['F'],
  vehicles: ['F'],
  'fuel economy': ['F'],
  'air quality': ['F'],
  flights: ['K', 'Q'],
  aircraft: ['K', 'Q'],
  // A tail number is an airplane's registration (K); Q's taxes are not found by one.
  'tail number': ['K'],
  property: ['D', 'G'],
  'real estate': ['D', 'G'],
  mortgage: ['D', 'G'],
  // C is searched by "postcode and house number" (its subject), so it is a match too.
  house: ['C', 'D', 'G'],
  company: ['C', 'J', 'O'],
  business: ['C', 'J', 'O'],
  crypto: ['P', 'S'],
  blockchain: ['P', 'S'],
  nft: ['P', 'S'],
  podcast: ['T'],
  audio: ['T'],
  movie: ['A'],
  film: ['A'],
  profile: ['R'],
  person: ['R'],
  securities: ['N'],
  isin: ['N'],
  cusip: ['N'],
  charging: ['B'],
  // F's cars include electric ones (fuel_type electricity).
  ev: ['B', 'F'],
};

describe('filterCatalog', () => {
  it('shows every lookup for an empty query', () => {
    expect(ids('')).toHaveLength(allLookups.length);
    expect(ids('   ')).toHaveLength(allLookups.length);
  });

  it('finds a lookup by its letter alone', () => {
    expect(ids('b')).toEqual(['B']);
    expect(ids('I')).toEqual(['I']);
  });

  it('matches every word across title, subject, facts and paths, in any order', () => {
    expect(ids('property us')).toEqual(['D', 'G']);
    expect(ids('/v3')).toEqual(['H', 'M']);
    expect(ids('MOVIE')).toEqual(['A']);
    expect(ids('911')).toEqual(['M']);
  });

  it('finds nothing for unknown words', () => {
    expect(ids('zeppelin')).toEqual([]);
    expect(ids('police zeppelin')).toEqual([]);
  });

  // A lookup added later may hold the word itself (a scaffolded "Weather" answers "weather"): it
  // may be found too, but only by the word written in its own facts, never through a synonym.
  const holdsWord = (id: string, query: string) =>
    JSON.stringify(entries.find((entry) => entry.id === id))
      .toLowerCase()
      .includes(query);
  for (const [query, expected] of Object.entries(SYNONYMS)) {
    it(`"${query}" finds ${expected.join(', ')}`, () => {
      for (const typed of [query, query.toUpperCase()]) {
        const found = ids(typed);
        expect(found.filter((id) => expected.includes(id))).toEqual(expected);
        expect(found.filter((id) => !expected.includes(id) && !holdsWord(id, query))).toEqual([]);
      }
    });
  }

  it('matches words as prefixes, so results narrow while typing', () => {
    expect(ids('poli')).toEqual(['L', 'M']);
    expect(ids('pol')).toEqual(['F', 'L', 'M']); // F's "pollution"
    expect(ids('curr')).toEqual(['I']);
    expect(ids('exchange r')).toEqual(['I']);
    expect(ids('real e')).toEqual(['D', 'G']);
  });

  it('matches a multi-word keyword only as a phrase, from its first word', () => {
    // "bounce rate" is one of J's keywords: "rate" alone finds I's rates, not J.
    expect(ids('rate')).toEqual(['I']);
    expect(ids('bounce rate')).toEqual(['J']);
    // "air quality" is F's; "quality" alone is nobody's.
    expect(ids('quality')).toEqual([]);
    // The words of a phrase in another order are not the phrase.
    expect(ids('rate exchange')).toEqual(['I']);
    expect(ids('estate real')).toEqual([]);
  });

  it('needs every word: "police map" is L and M, "crime exchange rate" nothing', () => {
    expect(ids('police map')).toEqual(['L', 'M']);
    expect(ids('crime exchange rate')).toEqual([]);
    expect(ids('company traffic')).toEqual(['J']);
  });

  it('splits text into lowercase words', () => {
    expect(words('/v3/calls-for-service  Exchange-Rate')).toEqual(['v3', 'calls', 'for', 'service', 'exchange', 'rate']);
  });
});
