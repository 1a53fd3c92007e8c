import { describe, expect, it } from 'vitest';
import { matchPath } from '../lookups/path-template.ts';
import { allLookups } from '../lookups/registry.ts';
import { compilePath, matchCompiledPath } from './path-matcher.ts';

const TEMPLATES = [
  ...new Set(allLookups.flatMap((lookup) => lookup.operations.map((operation) => operation.path))),
  '/a/{x}/b/{y}',
  '/{x}',
  '/',
  '/fixed/path',
  '/{}/x',
];

// Segments that are safe, unsafe before decoding, unsafe after decoding, or not decodable.
const SEGMENTS = [
  '550',
  'abc',
  'a%20b',
  'caf%C3%A9',
  '',
  '.',
  '..',
  'a..b',
  '%2e%2e',
  '%2F',
  '%2f',
  '%5C',
  '%00',
  '%0A',
  '%',
  '%zz',
  '%E0%A4%A',
  'x%3Fy',
  'x%23y',
  'a;b',
  'x'.repeat(200),
  'x'.repeat(201),
  '%41'.repeat(67),
  '{x}',
  '{}',
  'movie',
  'search',
];

function pathsFor(template: string): string[] {
  const parts = template.split('/');
  const paths = new Set<string>([template, '/', '', '//', `${template}/`, `${template}/extra`, template.replace(/\/[^/]*$/, '')]);
  // Every segment of the template replaced by each corpus segment, one at a time, and all at once.
  for (let i = 0; i < parts.length; i++)
    for (const segment of SEGMENTS) {
      const copy = [...parts];
      copy[i] = segment;
      paths.add(copy.join('/'));
    }
  for (const segment of SEGMENTS) paths.add(parts.map((part, i) => (i === 0 ? part : /^\{.*\}$/.test(part) ? segment : part)).join('/'));
  return [...paths];
}

describe('matchCompiledPath', () => {
  it('matches exactly the paths matchPath accepts, with the same parameters, for every template of the registry', () => {
    let compared = 0;
    let matched = 0;
    for (const template of TEMPLATES) {
      const compiled = compilePath(template);
      // Its own variations, and every other template as it stands (a path of another operation).
      for (const path of [...pathsFor(template), ...TEMPLATES, ...TEMPLATES.map((other) => other.replace(/\{[^}]+\}/g, '550'))]) {
        const expected = matchPath(template, path);
        expect(matchCompiledPath(compiled, path), `${template} ← ${path}`).toEqual(expected.ok ? expected.params : undefined);
        compared++;
        if (expected.ok) matched++;
      }
    }
    // The corpus exercises both outcomes, many times over.
    expect(compared).toBeGreaterThan(2_000);
    expect(matched).toBeGreaterThan(100);
  });

  it('decodes parameters and refuses a separator hidden by encoding', () => {
    const compiled = compilePath('/movie/{movie_id}/images');
    expect(matchCompiledPath(compiled, '/movie/caf%C3%A9/images')).toEqual({ movie_id: 'café' });
    expect(matchCompiledPath(compiled, '/movie/a%2Fb/images')).toBeUndefined();
    expect(matchCompiledPath(compiled, '/movie/%2e%2e/images')).toBeUndefined();
    expect(matchCompiledPath(compiled, '/movie/550/videos')).toBeUndefined();
  });
});
