import { describe, expect, it } from 'vitest';
import { movie } from '../lookups/a-movie.ts';
import { draftRequest } from './draft-request.ts';
import { postLookup } from './testing/every-widget-lookup.ts';

const details = movie.operations[0];

describe('draftRequest', () => {
  it('shows the proxy URL the draft would send, with lists normalised', () => {
    expect(draftRequest(movie, details, { movie_id: '550', language: 'en-US', append_to_response: 'videos, images' })).toEqual({
      method: 'GET',
      url: '/proxy/a/movie/550?language=en-US&append_to_response=videos%2Cimages',
      incomplete: false,
    });
  });

  it('keeps the placeholder and says "incomplete" for a missing or unsafe path parameter', () => {
    expect(draftRequest(movie, details, { language: 'de-DE' })).toMatchObject({
      url: '/proxy/a/movie/{movie_id}?language=de-DE',
      incomplete: true,
    });
    expect(draftRequest(movie, details, { movie_id: '../admin' })).toMatchObject({ url: '/proxy/a/movie/{movie_id}', incomplete: true });
  });

  it('shows invalid values as typed rather than failing', () => {
    expect(draftRequest(movie, details, { movie_id: 'abc' }).url).toBe('/proxy/a/movie/abc');
  });

  it('encodes characters that would end a value, as buildRequest does for the real request', () => {
    expect(draftRequest(movie, details, { movie_id: '550', append_to_response: 'a;b#c' }).url).toBe(
      '/proxy/a/movie/550?append_to_response=a%3Bb%23c',
    );
  });

  it('shows the JSON body of a POST operation with typed values', () => {
    const request = draftRequest(postLookup, postLookup.operations[0], { profile_id: 'ada', contact_info: 'true' });
    expect(request.url).toBe('/proxy/p/profile-details');
    expect(JSON.parse(request.body!)).toEqual({ profile_id: 'ada', contact_info: true });
  });
});
