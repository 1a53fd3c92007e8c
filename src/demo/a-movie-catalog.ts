// A's demo catalog: a few hand-written, real-looking movies (550 among them) and faker-made ones,
// built once and identical on every start.
import type { z } from 'zod';
import type { movieResponse } from '../lookups/a-movie.ts';
import { seededFaker } from './seeded.ts';
import { curatedMovies, type CuratedMovie, type MovieTexts } from './a-movie-curated.ts';

export type DemoMovie = z.infer<typeof movieResponse>;

const GENRES: Record<string, number> = {
  Action: 28,
  Adventure: 12,
  Animation: 16,
  Comedy: 35,
  Crime: 80,
  Documentary: 99,
  Drama: 18,
  Family: 10751,
  Fantasy: 14,
  History: 36,
  Horror: 27,
  Music: 10402,
  Mystery: 9648,
  Romance: 10749,
  'Science Fiction': 878,
  Thriller: 53,
  War: 10752,
  Western: 37,
};

export const LANGUAGE_NAMES: Record<string, { name: string; english_name: string }> = {
  en: { name: 'English', english_name: 'English' },
  de: { name: 'Deutsch', english_name: 'German' },
  fr: { name: 'Français', english_name: 'French' },
  es: { name: 'Español', english_name: 'Spanish' },
  ja: { name: '日本語', english_name: 'Japanese' },
  it: { name: 'Italiano', english_name: 'Italian' },
};

const COUNTRY_NAMES: Record<string, string> = {
  US: 'United States of America',
  GB: 'United Kingdom',
  FR: 'France',
  DE: 'Germany',
  JP: 'Japan',
  IT: 'Italy',
  ES: 'Spain',
};

export interface CatalogEntry {
  movie: DemoMovie;
  /** Translations by ISO 639-1 code, English included. */
  texts: Record<string, MovieTexts>;
  cast: readonly string[];
}

const imagePath = (faker: ReturnType<typeof seededFaker>) => `/${faker.string.alphanumeric(27)}.jpg`;

function fromCurated(entry: CuratedMovie): CatalogEntry {
  const faker = seededFaker('A', 'movie', entry.id);
  const movie: DemoMovie = {
    adult: false,
    backdrop_path: imagePath(faker),
    belongs_to_collection: entry.collection
      ? { id: entry.collection.id, name: entry.collection.name, poster_path: imagePath(faker), backdrop_path: imagePath(faker) }
      : null,
    budget: entry.budget,
    genres: entry.genres.map((name) => ({ id: GENRES[name]!, name })),
    homepage: entry.homepage,
    id: entry.id,
    extdb_id: entry.extdb_id,
    original_language: entry.original_language,
    original_title: entry.original_title,
    overview: entry.texts.en!.overview,
    popularity: faker.number.float({ min: 40, max: 140, fractionDigits: 3 }),
    poster_path: imagePath(faker),
    production_companies: entry.companies.map(([id, name, origin_country]) => ({ id, logo_path: imagePath(faker), name, origin_country })),
    production_countries: entry.countries.map((code) => ({ iso_3166_1: code, name: COUNTRY_NAMES[code]! })),
    release_date: entry.release_date,
    revenue: entry.revenue,
    runtime: entry.runtime,
    spoken_languages: entry.languages.map((code) => ({
      english_name: LANGUAGE_NAMES[code]!.english_name,
      iso_639_1: code,
      name: LANGUAGE_NAMES[code]!.name,
    })),
    status: 'Released',
    tagline: entry.texts.en!.tagline,
    title: entry.texts.en!.title,
    video: false,
    vote_average: entry.vote_average,
    vote_count: entry.vote_count,
  };
  return { movie, texts: entry.texts, cast: entry.cast };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function generatedTitle(faker: ReturnType<typeof seededFaker>): string {
  const pattern = faker.number.int({ min: 0, max: 3 });
  if (pattern === 0) return `The ${capitalise(faker.word.noun())}`;
  if (pattern === 1) return `${capitalise(faker.word.adjective())} ${capitalise(faker.word.noun())}`;
  if (pattern === 2) return `${faker.person.firstName()}'s ${capitalise(faker.word.noun())}`;
  return `${capitalise(faker.word.noun())} of the ${capitalise(faker.word.noun())}`;
}

function generated(id: number): CatalogEntry {
  const faker = seededFaker('A', 'movie', id);
  const title = generatedTitle(faker);
  const released = faker.date.between({ from: '1970-01-01T00:00:00Z', to: '2024-12-31T00:00:00Z' }).toISOString().slice(0, 10);
  const budget = faker.number.int({ min: 1, max: 200 }) * 1_000_000;
  const status = released > '2024-06-30' ? faker.helpers.arrayElement(['Released', 'Post Production']) : 'Released';
  const country = faker.helpers.arrayElement(['US', 'US', 'US', 'GB', 'FR', 'DE']);
  const genres = faker.helpers.arrayElements(Object.keys(GENRES), { min: 1, max: 3 });
  const texts = { en: { title, overview: faker.lorem.paragraph({ min: 2, max: 3 }), tagline: faker.company.catchPhrase() + '.' } };
  const movie: DemoMovie = {
    adult: false,
    backdrop_path: faker.datatype.boolean(0.9) ? imagePath(faker) : null,
    belongs_to_collection: null,
    budget,
    genres: genres.map((name) => ({ id: GENRES[name]!, name })),
    homepage: faker.datatype.boolean(0.6) ? `https://www.${faker.internet.domainWord()}-movie.com` : '',
    id,
    extdb_id: `tt${String(faker.number.int({ min: 100000, max: 9999999 })).padStart(7, '0')}`,
    original_language: 'en',
    original_title: title,
    overview: texts.en.overview,
    popularity: faker.number.float({ min: 0.6, max: 60, fractionDigits: 3 }),
    poster_path: faker.datatype.boolean(0.95) ? imagePath(faker) : null,
    production_companies: Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, () => ({
      id: faker.number.int({ min: 100, max: 99999 }),
      logo_path: faker.datatype.boolean(0.6) ? imagePath(faker) : null,
      name: `${faker.company.name()} Pictures`,
      origin_country: faker.datatype.boolean(0.85) ? country : '',
    })),
    production_countries: [{ iso_3166_1: country, name: COUNTRY_NAMES[country]! }],
    release_date: released,
    revenue: status === 'Released' ? Math.round(budget * faker.number.float({ min: 0.2, max: 6 })) : 0,
    runtime: faker.number.int({ min: 82, max: 168 }),
    spoken_languages: [{ english_name: 'English', iso_639_1: 'en', name: 'English' }],
    status,
    tagline: texts.en.tagline,
    title,
    video: false,
    vote_average: faker.number.float({ min: 4.2, max: 8.6, fractionDigits: 3 }),
    vote_count: faker.number.int({ min: 12, max: 9000 }),
  };
  return { movie, texts, cast: Array.from({ length: 8 }, () => faker.person.fullName()) };
}

function buildCatalog(): Map<number, CatalogEntry> {
  const catalog = new Map<number, CatalogEntry>();
  for (const entry of curatedMovies) catalog.set(entry.id, fromCurated(entry));
  const faker = seededFaker('A', 'catalog');
  while (catalog.size < 40) {
    const id = faker.number.int({ min: 1000, max: 999_999 });
    if (!catalog.has(id)) catalog.set(id, generated(id));
  }
  return catalog;
}

let cached: Map<number, CatalogEntry> | undefined;

/** Every demo movie by id (built on first use). */
export function movieCatalog(): ReadonlyMap<number, CatalogEntry> {
  cached ??= buildCatalog();
  return cached;
}
