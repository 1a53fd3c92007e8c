import { describe, expect, it } from 'vitest';
import { fillPath, fillPathDraft, matchPath, pathParamNames, UnsafePathError } from './path-template.ts';

describe('fillPath', () => {
  it('fills and encodes path parameters', () => {
    expect(
      fillPath('/blockchain-data/{blockchain}/{network}/transactions/{id}', { blockchain: 'bitcoin', network: 'mainnet', id: 'a b' }),
    ).toBe('/blockchain-data/bitcoin/mainnet/transactions/a%20b');
  });

  it.each([
    ['a slash', 'x/y'],
    ['a backslash', 'x\\y'],
    ['a dot-dot segment', '..'],
    ['an embedded dot-dot', 'a..b'],
    ['an encoded slash', 'x%2Fy'],
    ['an encoded dot', '%2e%2e'],
    ['a control character', 'x\u0000y'],
    ['a newline', 'x\ny'],
    ['an empty value', ''],
    ['a value over 200 characters', 'x'.repeat(201)],
  ])('refuses %s', (_label, value) => {
    expect(() => fillPath('/movie/{movie_id}', { movie_id: value })).toThrow(UnsafePathError);
  });

  it('accepts a value of exactly 200 characters', () => {
    expect(fillPath('/movie/{movie_id}', { movie_id: 'x'.repeat(200) })).toBe(`/movie/${'x'.repeat(200)}`);
  });
});

describe('fillPathDraft', () => {
  it('fills what it can and leaves a missing or unsafe value as its placeholder, marking the path incomplete', () => {
    expect(fillPathDraft('/a/{x}/b/{y}', { x: 'one two', y: 2 })).toEqual({ path: '/a/one%20two/b/2', incomplete: false });
    expect(fillPathDraft('/a/{x}/b/{y}', { x: '..', y: 2 })).toEqual({ path: '/a/{x}/b/2', incomplete: true });
    expect(fillPathDraft('/a/{x}', {})).toEqual({ path: '/a/{x}', incomplete: true });
  });
});

describe('matchPath', () => {
  it('matches one segment per parameter and decodes it', () => {
    expect(matchPath('/movie/{movie_id}', '/movie/55%200')).toEqual({ ok: true, params: { movie_id: '55 0' } });
  });

  it('does not match other paths', () => {
    expect(matchPath('/movie/{movie_id}', '/movie/550/credits')).toEqual({ ok: false, reason: 'no-match' });
    expect(matchPath('/ev/stations.json', '/ev/stations.xml')).toEqual({ ok: false, reason: 'no-match' });
  });

  it.each(['..', '%2e%2e', '%2F', 'a%2fb', '%00', 'a%5Cb', 'x'.repeat(201)])('flags %s as unsafe', (segment) => {
    expect(matchPath('/movie/{movie_id}', `/movie/${segment}`)).toMatchObject({ ok: false, reason: 'unsafe', param: 'movie_id' });
  });

  it('lists parameter names in order', () => {
    expect(pathParamNames('/{protocol}/{network}/collections/search')).toEqual(['protocol', 'network']);
  });
});
