// The sub-resources A's provider appends when `append_to_response` names them, shaped as the
// provider sends them (videos {results}, images {backdrops, logos, posters}, credits {cast, crew}…).
import type { Faker } from '@faker-js/faker';
import { seededFaker } from './seeded.ts';
import { LANGUAGE_NAMES, type CatalogEntry } from './a-movie-catalog.ts';
import type { MovieTexts } from './a-movie-curated.ts';

export interface ExtrasContext {
  entry: CatalogEntry;
  /** ISO 639-1 code asked for (from `language`). */
  language: string;
  /** The request's region (from `language`, e.g. US of en-US). */
  region: string;
  catalog: readonly CatalogEntry[];
  /** The movie's texts in the asked language, as the body shows them. */
  localise: (entry: CatalogEntry) => MovieTexts;
}

type Builder = (context: ExtrasContext, faker: Faker) => unknown;

const isoDate = (date: string) => `${date}T00:00:00.000Z`;

function image(faker: Faker, width: number, height: number, language: string | null) {
  return {
    aspect_ratio: Number((width / height).toFixed(3)),
    height,
    iso_639_1: language,
    file_path: `/${faker.string.alphanumeric(27)}.jpg`,
    vote_average: faker.number.float({ min: 0, max: 10, fractionDigits: 3 }),
    vote_count: faker.number.int({ min: 0, max: 40 }),
    width,
  };
}

function summary(context: ExtrasContext, entry: CatalogEntry) {
  const { movie } = entry;
  const texts = context.localise(entry);
  return {
    adult: movie.adult,
    backdrop_path: movie.backdrop_path,
    genre_ids: movie.genres.map((genre) => genre.id),
    id: movie.id,
    original_language: movie.original_language,
    original_title: movie.original_title,
    overview: texts.overview,
    popularity: movie.popularity,
    poster_path: movie.poster_path,
    release_date: movie.release_date,
    title: texts.title,
    video: movie.video,
    vote_average: movie.vote_average,
    vote_count: movie.vote_count,
  };
}

/** Other catalog movies, chosen by the movie's genres first, then by popularity. */
function related(context: ExtrasContext, count: number) {
  const own = new Set(context.entry.movie.genres.map((genre) => genre.id));
  const shared = (entry: CatalogEntry) => entry.movie.genres.filter((genre) => own.has(genre.id)).length;
  const others = context.catalog.filter((entry) => entry.movie.id !== context.entry.movie.id);
  others.sort((a, b) => shared(b) - shared(a) || b.movie.popularity - a.movie.popularity || a.movie.id - b.movie.id);
  const results = others.slice(0, count).map((entry) => summary(context, entry));
  return { page: 1, results, total_pages: 1, total_results: results.length };
}

const builders: Record<string, Builder> = {
  videos: ({ entry, language, region }, faker) => ({
    // The provider filters videos by the asked language.
    results: ['Official Trailer', 'Teaser', 'Behind the Scenes', 'Clip'].map((kind, index) => ({
      iso_639_1: language,
      iso_3166_1: region,
      name: `${entry.texts[language]?.title ?? entry.movie.original_title} | ${kind}`,
      key: faker.string.alphanumeric(11),
      site: 'YouTube',
      size: faker.helpers.arrayElement([720, 1080, 2160]),
      type: ['Trailer', 'Teaser', 'Behind the Scenes', 'Clip'][index]!,
      official: index < 2,
      published_at: isoDate(entry.movie.release_date).replace('00:00:00', '16:00:00'),
      id: faker.string.hexadecimal({ length: 24, casing: 'lower', prefix: '' }),
    })),
  }),
  images: ({ language }, faker) => ({
    backdrops: Array.from({ length: 4 }, (_, index) => image(faker, 3840, 2160, index === 0 ? language : null)),
    logos: Array.from({ length: 2 }, () => image(faker, 1000, 400, language)),
    posters: Array.from({ length: 5 }, (_, index) => image(faker, 2000, 3000, index < 3 ? language : 'en')),
  }),
  credits: ({ entry }, faker) => {
    const person = (name: string) => ({
      adult: false,
      gender: faker.helpers.arrayElement([1, 2]),
      id: faker.number.int({ min: 1, max: 4_000_000 }),
      name,
      original_name: name,
      popularity: faker.number.float({ min: 1, max: 80, fractionDigits: 3 }),
      profile_path: faker.datatype.boolean(0.85) ? `/${faker.string.alphanumeric(27)}.jpg` : null,
    });
    const cast = entry.cast.map((name, order) => ({
      ...person(name),
      known_for_department: 'Acting',
      cast_id: order + 4,
      character: faker.person.fullName(),
      credit_id: faker.string.hexadecimal({ length: 24, casing: 'lower', prefix: '' }),
      order,
    }));
    const jobs = [
      ['Directing', 'Director'],
      ['Writing', 'Screenplay'],
      ['Production', 'Producer'],
      ['Sound', 'Original Music Composer'],
      ['Camera', 'Director of Photography'],
    ];
    const crew = jobs.map(([department, job]) => ({
      ...person(faker.person.fullName()),
      known_for_department: department!,
      department: department!,
      job: job!,
      credit_id: faker.string.hexadecimal({ length: 24, casing: 'lower', prefix: '' }),
    }));
    return { cast, crew };
  },
  keywords: (_context, faker) => ({
    keywords: faker.helpers
      .uniqueArray(() => faker.word.noun(), 6)
      .map((name) => ({ id: faker.number.int({ min: 100, max: 300_000 }), name })),
  }),
  release_dates: ({ entry }) => ({
    results: entry.movie.production_countries.map((country) => ({
      iso_3166_1: country.iso_3166_1,
      release_dates: [
        {
          certification: country.iso_3166_1 === 'US' ? 'R' : '16',
          descriptors: [],
          iso_639_1: '',
          note: 'Premiere',
          release_date: isoDate(entry.movie.release_date),
          type: 1,
        },
        {
          certification: country.iso_3166_1 === 'US' ? 'R' : '16',
          descriptors: [],
          iso_639_1: '',
          note: '',
          release_date: isoDate(entry.movie.release_date),
          type: 3,
        },
      ],
    })),
  }),
  similar: (context) => related(context, 6),
  recommendations: (context) => related(context, 4),
  reviews: ({ entry }, faker) => {
    const results = Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, () => {
      const username = faker.internet.username();
      const created = faker.date.between({ from: isoDate(entry.movie.release_date), to: '2025-06-30T00:00:00Z' }).toISOString();
      return {
        author: username,
        author_details: { name: '', username, avatar_path: null, rating: faker.number.int({ min: 4, max: 10 }) },
        content: faker.lorem.paragraphs(2),
        created_at: created,
        id: faker.string.hexadecimal({ length: 24, casing: 'lower', prefix: '' }),
        updated_at: created,
        url: `https://www.example.org/review/${faker.string.hexadecimal({ length: 24, casing: 'lower', prefix: '' })}`,
      };
    });
    return { page: 1, results, total_pages: 1, total_results: results.length };
  },
  external_ids: ({ entry }, faker) => ({
    extdb_id: entry.movie.extdb_id,
    wikidata_id: `Q${faker.number.int({ min: 1000, max: 9_000_000 })}`,
    facebook_id: null,
    instagram_id: null,
    twitter_id: null,
  }),
  alternative_titles: ({ entry }) => ({
    titles: Object.entries(entry.texts)
      .filter(([code, texts]) => code !== 'en' && texts.title !== entry.movie.title)
      .map(([code, texts]) => ({ iso_3166_1: code.toUpperCase(), title: texts.title, type: '' })),
  }),
  translations: ({ entry }) => ({
    translations: Object.entries(entry.texts).map(([code, texts]) => ({
      iso_3166_1: code === 'en' ? 'US' : code.toUpperCase(),
      iso_639_1: code,
      name: LANGUAGE_NAMES[code]?.name ?? code,
      english_name: LANGUAGE_NAMES[code]?.english_name ?? code,
      data: {
        homepage: entry.movie.homepage,
        overview: texts.overview,
        runtime: entry.movie.runtime,
        tagline: texts.tagline,
        title: texts.title,
      },
    })),
  }),
};

/** The sub-resources the demo can append; the provider silently ignores any other name. */
export const APPENDABLE = Object.keys(builders);

/** The requested sub-resources, keyed by name, in the order asked. */
export function appendedResources(context: ExtrasContext, names: readonly string[]): Record<string, unknown> {
  const appended: Record<string, unknown> = {};
  for (const name of names) {
    const build = builders[name];
    if (!build || name in appended) continue;
    appended[name] = build(context, seededFaker('A', 'append', context.entry.movie.id, name, context.language, context.region));
  }
  return appended;
}
