// @vitest-environment node
// Type-level proof that `npm run typecheck` catches a wrong demo generator: every
// `@ts-expect-error` below fails the typecheck if its line ever compiles.
import { describe, expect, it } from 'vitest';
import { movie } from '../lookups/a-movie.ts';
import type { chargingStations } from '../lookups/b-charging-stations.ts';
import { LOOKUP_IDS } from '../lookups/registry.ts';
import { byOperation, json, providerError, xml, type DemoGeneratorFor } from './demo-types.ts';
import { demoGenerators } from './generators.ts';
import { movieDemo } from './a-movie.ts';
import { demoAsker } from './testing/ask-demo.ts';

// A minimal body A's response schema accepts.
const fightClub = {
  adult: false,
  backdrop_path: null,
  belongs_to_collection: null,
  budget: 63_000_000,
  genres: [],
  homepage: '',
  id: 550,
  extdb_id: 'tt0137523',
  original_language: 'en',
  original_title: 'Fight Club',
  overview: '',
  popularity: 1,
  poster_path: null,
  production_companies: [],
  production_countries: [],
  release_date: '1999-10-15',
  revenue: 0,
  runtime: 139,
  spoken_languages: [],
  status: 'Released',
  tagline: '',
  title: 'Fight Club',
  video: false,
  vote_average: 8.4,
  vote_count: 1,
};

export const wellTyped: DemoGeneratorFor<typeof movie> = ({ params }) =>
  params.movie_id === 550
    ? json({ ...fightClub, runtime: params.language === 'de-DE' ? 140 : 139 })
    : providerError(404, { status_code: 34 });

// @ts-expect-error A field of the wrong type: `title` is a string in A's response schema.
export const wrongFieldType: DemoGeneratorFor<typeof movie> = () => json({ ...fightClub, title: 550 });

// @ts-expect-error A required field missing from a success body.
export const missingField: DemoGeneratorFor<typeof movie> = () => json({ id: 550 });

export const undeclaredParameter: DemoGeneratorFor<typeof movie> = ({ params }) =>
  // @ts-expect-error A parameter A does not declare.
  json({ ...fightClub, title: params.query });

export const wrongParameterType: DemoGeneratorFor<typeof movie> = ({ params }) =>
  // @ts-expect-error movie_id is parsed to a number, so it has no string methods.
  json({ ...fightClub, title: params.movie_id.toUpperCase() });

// @ts-expect-error An error body cannot pass as a success: errors go through providerError.
export const errorAsSuccess: DemoGeneratorFor<typeof movie> = () => json({ success: false, status_message: 'Not found' });

export const perOperation = byOperation<typeof chargingStations>({
  json: () => json({ hasMore: false, count: 0, evStations: { evStation: [] } }),
  // B's XML operation answers with the document's text.
  xml: () => xml('<response/>'),
});

byOperation<typeof chargingStations>({
  json: () => json({ hasMore: false, count: 0, evStations: { evStation: [] } }),
  // @ts-expect-error The XML operation's success is its text, not the JSON object.
  xml: () => json({ hasMore: false, count: 0, evStations: { evStation: [] } }),
});

describe('demo generator types', () => {
  it('has one generator per lookup of the registry', () => {
    expect(Object.keys(demoGenerators)).toEqual([...LOOKUP_IDS]);
  });

  it('asks through the shared helper with parameters typed by the operation', () => {
    const ask = demoAsker(movieDemo, movie);
    expect(ask.parsed({ movie_id: 550 }).status).toBe(200);
    // @ts-expect-error The helper refuses a parameter the operation does not declare.
    expect(ask.parsed({ movie_id: 550, query: 'x' }).status).toBe(200);
    expect(wellTyped({ lookup: movie, operation: movie.operations[0], params: { movie_id: 550 }, requestId: 't' }).status).toBe(200);
  });
});
