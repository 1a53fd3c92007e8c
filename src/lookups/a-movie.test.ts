import { describe, expect, it } from 'vitest';
import { movie, movieResponse } from './a-movie.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { buildRequest, requestTarget } from './request.ts';
import { movieSample } from './testing/samples/a-movie.sample.ts';

// Transcribed from the spec's table "A. Movie".
const spec: SpecField[] = [
  ['adult', 'boolean'],
  ['backdrop_path', 'string', 'nullable'],
  ['belongs_to_collection', 'object', 'nullable'],
  ['budget', 'integer'],
  ['genres[].id', 'integer'],
  ['genres[].name', 'string'],
  ['homepage', 'string'],
  ['id', 'integer'],
  ['extdb_id', 'string'],
  ['original_language', 'string'],
  ['original_title', 'string'],
  ['overview', 'string'],
  ['popularity', 'number'],
  ['poster_path', 'string', 'nullable'],
  ['production_companies[].id', 'integer'],
  ['production_companies[].logo_path', 'string', 'nullable'],
  ['production_companies[].name', 'string'],
  ['production_companies[].origin_country', 'string'],
  ['production_countries[].iso_3166_1', 'string'],
  ['production_countries[].name', 'string'],
  ['release_date', 'string'],
  ['revenue', 'integer'],
  ['runtime', 'integer'],
  ['spoken_languages[].iso_639_1', 'string'],
  ['spoken_languages[].name', 'string'],
  ['status', 'string'],
  ['tagline', 'string'],
  ['title', 'string'],
  ['video', 'boolean'],
  ['vote_average', 'number'],
  ['vote_count', 'integer'],
];

describe('A movie', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(movieResponse, spec)).toEqual([]);
  });

  it('parses a sample body holding every field, keeping unknown fields', () => {
    const parsed = movieResponse.parse({ ...movieSample, imdb_extra: 1 });
    expect(parsed).toMatchObject({ title: movieSample.title, imdb_extra: 1 });
  });

  it('reports a wrong type at its path', () => {
    const result = movieResponse.safeParse({ ...movieSample, genres: [{ id: 'x', name: 'Drama' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['genres', 0, 'id']);
  });

  it('builds the request with the movie id in the path and the rest in the query', () => {
    const operation = movie.operations[0];
    const params = operation.params.parse({ movie_id: '550', language: 'en-US', append_to_response: 'videos, images' });
    expect(requestTarget(buildRequest(operation, params))).toBe('/movie/550?language=en-US&append_to_response=videos%2Cimages');
  });

  it('refuses bad parameters with messages per field', () => {
    const result = movie.operations[0].params.safeParse({ movie_id: 'abc', language: 'english' });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ movie_id: 'must be a whole number', language: 'must be a language tag like en-US' });
  });
});
