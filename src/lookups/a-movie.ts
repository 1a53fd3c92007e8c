import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import { param } from './param.ts';
import { isRecord } from './adapters.ts';
import { textAt } from './error-text.ts';

const named = z.looseObject({ id: z.number().int(), name: z.string() });

export const movieResponse = z.looseObject({
  adult: z.boolean(),
  backdrop_path: z.string().nullable(),
  // Shape when present: not shown in the spec, so any object is accepted.
  belongs_to_collection: z.looseObject({}).nullable(),
  budget: z.number().int(),
  genres: z.array(named),
  homepage: z.string(),
  id: z.number().int(),
  extdb_id: z.string(),
  original_language: z.string(),
  original_title: z.string(),
  overview: z.string(),
  popularity: z.number(),
  poster_path: z.string().nullable(),
  production_companies: z.array(
    z.looseObject({ id: z.number().int(), logo_path: z.string().nullable(), name: z.string(), origin_country: z.string() }),
  ),
  production_countries: z.array(z.looseObject({ iso_3166_1: z.string(), name: z.string() })),
  release_date: z.string(),
  revenue: z.number().int(),
  runtime: z.number().int(),
  spoken_languages: z.array(z.looseObject({ iso_639_1: z.string(), name: z.string() })),
  status: z.string(),
  tagline: z.string(),
  title: z.string(),
  video: z.boolean(),
  vote_average: z.number(),
  vote_count: z.number().int(),
});

export const movie = defineLookup({
  id: 'A',
  title: 'Movie details',
  keywords: ['movies', 'film', 'films', 'cinema', 'actors', 'cast', 'box office'],
  catalog: {
    subject: 'Primary information about one movie, by movie id',
    coverage: 'global',
    version: 'no version in the path',
    price: 'monthly subscription from $0',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  // Reviews (appended with append_to_response=reviews) name private people by their user names.
  personalData: [
    'name:reviews.results.*.author',
    'name:reviews.results.*.author_details.name',
    'name:reviews.results.*.author_details.username',
    'url:reviews.results.*.author_details.avatar_path',
  ],
  operations: [
    defineOperation({
      id: 'details',
      label: 'Movie details',
      method: 'GET',
      path: '/movie/{movie_id}',
      format: 'json',
      example: { movie_id: '550', language: 'en-US' },
      params: z.object({
        movie_id: param.integer({
          in: 'path',
          title: 'Movie id',
          help: 'The numeric id of the movie.',
          required: true,
          min: 1,
          example: '550',
        }),
        language: param.text({
          in: 'query',
          title: 'Language',
          help: 'Language of the texts as an IETF tag, e.g. en-US or de-DE.',
          pattern: /^[a-z]{2}(-[A-Z]{2})?$/,
          patternMessage: 'must be a language tag like en-US',
          example: 'en-US',
          defaultHint: 'en-US',
        }),
        append_to_response: param.list({
          in: 'query',
          title: 'Append to response',
          help: 'Comma list of related resources to include in the same answer (at most 20), e.g. videos,images.',
          item: /^[a-z_]+$/,
          itemMessage: 'must be lowercase names separated by commas',
          maxItems: 20,
          suggestions: ['videos', 'images', 'credits', 'keywords', 'release_dates', 'similar', 'reviews'],
          example: 'videos,images',
        }),
      }),
      response: movieResponse,
      identity: 'id',
      adapters: {
        // Provider errors: {success:false, status_code, status_message}.
        errorMessage: (body) => textAt(body, 'status_message'),
        // A has no success marker; provider errors carry success:false with a status_message.
        success: (body) =>
          isRecord(body) && body.success === false
            ? { ok: false, message: String(body.status_message ?? 'The provider reported a failure') }
            : { ok: true },
        records: (body) => (isRecord(body) ? [body] : undefined),
        label: (record) => (isRecord(record) ? String(record.title ?? record.id) : ''),
      },
      notes: ['language follows the IETF tag convention (en-US); append_to_response is a comma list of at most 20 names.'],
    }),
  ],
  notes: ['The key travels as the query parameter api_key, as the spec states for A.'],
});
