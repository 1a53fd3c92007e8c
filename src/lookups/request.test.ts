import { describe, expect, it } from 'vitest';
import { movie } from './a-movie.ts';
import { UnsafePathError } from './path-template.ts';
import { profileDetails } from './r-profile-details.ts';
import { buildRequest, encodeQuery, paramToText, requestTarget } from './request.ts';
import { proxyUrl } from './wire.ts';

const details = movie.operations[0];
const profile = profileDetails.operations[0];

describe('buildRequest', () => {
  it('fills the path, lists the query in the definition’s order with lists joined, and skips what is unset', () => {
    const request = buildRequest(details, { append_to_response: ['videos', 'images'], language: 'en-US', movie_id: 550, unknown: 'x' });
    expect(request).toEqual({
      method: 'GET',
      path: '/movie/550',
      query: [
        ['language', 'en-US'],
        ['append_to_response', 'videos,images'],
      ],
      incomplete: false,
    });
    expect(requestTarget(request)).toBe('/movie/550?language=en-US&append_to_response=videos%2Cimages');
    expect(proxyUrl(movie, request)).toBe('/proxy/a/movie/550?language=en-US&append_to_response=videos%2Cimages');
  });

  it('puts body parameters of a POST into its JSON body, and gives a POST a body even when empty', () => {
    const request = buildRequest(profile, { profile_id: 'ada', contact_info: true });
    expect(request).toMatchObject({ method: 'POST', path: '/profile-details', query: [], body: { profile_id: 'ada', contact_info: true } });
    expect(buildRequest(profile, {}).body).toEqual({});
    expect(buildRequest(details, { movie_id: 1 }).body).toBeUndefined();
  });

  it('throws UnsafePathError for a missing or unsafe path parameter', () => {
    expect(() => buildRequest(details, {})).toThrow(UnsafePathError);
    expect(() => buildRequest(details, { movie_id: '../admin' })).toThrow(UnsafePathError);
  });

  it('in draft mode keeps the `{name}` placeholder and says the request is incomplete instead of throwing', () => {
    expect(buildRequest(details, { language: 'de-DE' }, { draft: true })).toMatchObject({
      path: '/movie/{movie_id}',
      query: [['language', 'de-DE']],
      incomplete: true,
    });
    expect(buildRequest(details, { movie_id: 'a/b' }, { draft: true })).toMatchObject({ path: '/movie/{movie_id}', incomplete: true });
    expect(buildRequest(details, { movie_id: 'abc' }, { draft: true })).toMatchObject({ path: '/movie/abc', incomplete: false });
  });
});

describe('encoding', () => {
  it('percent-encodes names and values with encodeURIComponent, so nothing inside a value can end it', () => {
    expect(
      encodeQuery([
        ['q', 'x;api_key=evil'],
        ['r', 'a#b&c=d'],
        ['s', 'two words+plus'],
        ['t', 'é/?'],
      ]),
    ).toBe('q=x%3Bapi_key%3Devil&r=a%23b%26c%3Dd&s=two%20words%2Bplus&t=%C3%A9%2F%3F');
    expect(new URLSearchParams(encodeQuery([['q', 'x;api_key=evil#y']])).get('q')).toBe('x;api_key=evil#y');
  });

  it('writes a request without query as its path alone', () => {
    expect(requestTarget({ path: '/profile-details', query: [] })).toBe('/profile-details');
  });

  it('joins lists with commas', () => {
    expect(paramToText(['a', 'b'])).toBe('a,b');
    expect(paramToText([1, 2])).toBe('1,2');
    expect(paramToText(true)).toBe('true');
  });
});
