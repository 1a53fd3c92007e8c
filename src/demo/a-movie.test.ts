// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { movie, movieResponse } from '../lookups/a-movie.ts';
import { movieDemo } from './a-movie.ts';
import { movieCatalog } from './a-movie-catalog.ts';
import { APPENDABLE } from './a-movie-extras.ts';
import { maskPersonalData } from '../lookups/masking.ts';
import { demoAsker } from './testing/ask-demo.ts';

const operation = movie.operations[0];
const ask = demoAsker(movieDemo, movie);
const bodyOf = (values: Record<string, string>) => ask(values).body as Record<string, unknown>;

describe('A movie demo', () => {
  it('answers the example with Fight Club, a body the schema accepts and one record', () => {
    const response = ask(operation.example);
    expect(response.status).toBe(200);
    expect(movieResponse.safeParse(response.body).success).toBe(true);
    expect(response.body).toMatchObject({ id: 550, title: 'Fight Club', extdb_id: 'tt0137523', status: 'Released' });
    expect(operation.adapters.records(response.body)).toHaveLength(1);
    expect(operation.adapters.success(response.body)).toEqual({ ok: true });
  });

  it('holds a few dozen movies, every one valid for the schema', () => {
    const catalog = movieCatalog();
    expect(catalog.size).toBeGreaterThanOrEqual(30);
    for (const id of catalog.keys()) {
      const body = ask({ movie_id: String(id), append_to_response: APPENDABLE.join(',') }).body;
      const result = movieResponse.safeParse(body);
      expect(result.success, `${id}: ${result.error?.message}`).toBe(true);
    }
  });

  it('answers an unknown id with the provider 404 body, which the success adapter reads', () => {
    const response = ask({ movie_id: '999999999' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, status_code: 34, status_message: 'The resource you requested could not be found.' });
    expect(operation.adapters.success(response.body)).toEqual({ ok: false, message: 'The resource you requested could not be found.' });
  });

  it('is deterministic: the same parameters give the same bytes', () => {
    const values = { movie_id: '603', language: 'de-DE', append_to_response: 'videos,credits,similar,reviews' };
    expect(JSON.stringify(ask(values).body)).toBe(JSON.stringify(ask(values).body));
    const generatedId = [...movieCatalog().keys()].find((id) => id > 1000)!;
    expect(JSON.stringify(bodyOf({ movie_id: String(generatedId) }))).toBe(JSON.stringify(bodyOf({ movie_id: String(generatedId) })));
  });

  it('translates title, overview and tagline for the asked language', () => {
    const english = bodyOf({ movie_id: '129', language: 'en-US' });
    const german = bodyOf({ movie_id: '129', language: 'de-DE' });
    const spanish = bodyOf({ movie_id: '550', language: 'es' });
    expect(english.title).toBe('Spirited Away');
    expect(german).toMatchObject({ title: 'Chihiros Reise ins Zauberland', original_title: '千と千尋の神隠し' });
    expect(german.overview).not.toBe(english.overview);
    expect(spanish).toMatchObject({ title: 'El club de la lucha', tagline: 'Travesura. Caos. Jabón.' });
  });

  it('falls back to the original title with empty texts when no translation exists, as the provider does', () => {
    expect(bodyOf({ movie_id: '129', language: 'it-IT' })).toMatchObject({ title: '千と千尋の神隠し', overview: '', tagline: '' });
  });

  it('appends exactly the requested sub-resources in the provider shapes', () => {
    const plain = bodyOf({ movie_id: '550' });
    expect(plain).not.toHaveProperty('videos');
    const body = bodyOf({ movie_id: '550', language: 'fr-FR', append_to_response: 'videos,images,credits,unknown_thing' });
    expect(body).not.toHaveProperty('unknown_thing');
    const videos = body.videos as { results: Array<Record<string, unknown>> };
    expect(videos.results.length).toBeGreaterThan(0);
    expect(videos.results.every((video) => video.iso_639_1 === 'fr' && video.iso_3166_1 === 'FR' && video.site === 'YouTube')).toBe(true);
    expect(body.images).toMatchObject({ backdrops: expect.any(Array), logos: expect.any(Array), posters: expect.any(Array) });
    const credits = body.credits as { cast: Array<{ name: string; order: number }>; crew: Array<{ job: string }> };
    expect(credits.cast[0]).toMatchObject({ name: 'Edward Norton', order: 0 });
    expect(credits.crew.map((member) => member.job)).toContain('Director');
  });

  it('recommends other movies of the catalog, sharing genres first', () => {
    const body = bodyOf({ movie_id: '603', append_to_response: 'similar' });
    const similar = body.similar as { results: Array<{ id: number; genre_ids: number[] }>; total_results: number };
    expect(similar.results).toHaveLength(similar.total_results);
    expect(similar.results.every((result) => movieCatalog().has(result.id) && result.id !== 603)).toBe(true);
    expect(similar.results[0]!.genre_ids.some((id) => id === 28 || id === 878)).toBe(true);
  });

  it('lists the appended reviewers as personal data, so masking hides them', () => {
    const body = bodyOf({ movie_id: '550', append_to_response: 'reviews' });
    type Reviews = { results: Array<{ author: string; author_details: { username: string }; content: string }> };
    const reviews = body.reviews as Reviews;
    const masked = maskPersonalData(body, movie.personalData).reviews as Reviews;
    expect(masked.results[0]!.author).not.toBe(reviews.results[0]!.author);
    expect(masked.results[0]!.author_details.username).not.toBe(reviews.results[0]!.author_details.username);
    expect(masked.results[0]!.content).toBe(reviews.results[0]!.content);
  });
});
