import { describe, expect, it } from 'vitest';
import { movie } from '../lookups/a-movie.ts';
import { lookups } from '../lookups/registry.ts';
import {
  carryValues,
  operationSearch,
  paramsToValues,
  parseUrlQuery,
  readUrlQuery,
  readViewState,
  RESERVED_KEYS,
  sentQuerySearch,
  withViewState,
} from './url-state.ts';
import { everyWidgetLookup, postLookup } from './testing/every-widget-lookup.ts';

const details = movie.operations[0];

describe('URL state', () => {
  it('round-trips values through the URL (values → URL → values)', () => {
    const values = { movie_id: '550', language: 'en-US', append_to_response: 'videos,images' };
    const search = sentQuerySearch(movie, details, values);
    expect(search).toBe('?movie_id=550&language=en-US&append_to_response=videos%2Cimages');
    const back = readUrlQuery(movie, search);
    expect(back).toEqual({ operation: details, values, sent: true });
  });

  it('round-trips every widget kind of a second operation, with `op`', () => {
    const [, summary] = everyWidgetLookup.operations;
    const values = { region: 'south west', lang: 'de' };
    const search = sentQuerySearch(everyWidgetLookup, summary!, values);
    expect(search).toBe('?op=summary&region=south+west&lang=de');
    expect(readUrlQuery(everyWidgetLookup, search)).toEqual({ operation: summary, values, sent: true });

    const search2 = everyWidgetLookup.operations[0];
    const all = {
      ...search2.example,
      datetime_ini: '2020-12-01T15:53:00.000Z',
      prox: '52.52,13.4,5000',
      symbols: 'USD,GBP',
      verified: 'false',
    };
    expect(readUrlQuery(everyWidgetLookup, sentQuerySearch(everyWidgetLookup, search2, all)).values).toEqual(all);
  });

  it('leaves blanks and unknown keys out', () => {
    expect(sentQuerySearch(movie, details, { movie_id: '7', language: ' ' })).toBe('?movie_id=7');
    expect(readUrlQuery(movie, '?movie_id=7&api_key=secret&junk=1').values).toEqual({ movie_id: '7' });
  });

  it('marks a sent query without values with `run`, and an unsent form has no marker', () => {
    const [operation] = postLookup.operations;
    expect(sentQuerySearch(postLookup, operation, {})).toBe('?run');
    expect(readUrlQuery(postLookup, '?run').sent).toBe(true);
    expect(readUrlQuery(postLookup, '').sent).toBe(false);
    expect(parseUrlQuery(postLookup, '?run').submittedParams).toEqual({});
    expect(operationSearch(everyWidgetLookup, everyWidgetLookup.operations[1]!)).toBe('?op=summary');
    expect(readUrlQuery(everyWidgetLookup, '?op=summary').sent).toBe(false);
  });

  it('parses a valid sent query into params and an invalid one into field messages', () => {
    expect(parseUrlQuery(movie, '?movie_id=550').submittedParams).toEqual({ movie_id: 550 });
    const invalid = parseUrlQuery(movie, '?movie_id=abc');
    expect(invalid.submittedParams).toBeUndefined();
    expect(invalid.urlErrors?.fields).toEqual({ movie_id: 'movie_id must be a whole number' });
    expect(parseUrlQuery(movie, '').submittedParams).toBeUndefined();
  });

  it('turns paging params back into control text and carries shared values across operations', () => {
    expect(paramsToValues(details, { movie_id: 551, append_to_response: ['videos', 'credits'], language: undefined })).toEqual({
      movie_id: '551',
      append_to_response: 'videos,credits',
    });
    const [search, summary] = everyWidgetLookup.operations;
    expect(carryValues({ region: 'north', q: 'storm', lang: '' }, summary!)).toEqual({ region: 'north' });
    expect(carryValues({ region: 'north', lang: 'de' }, search)).toEqual({ region: 'north' });
  });
});

describe('view state in the URL', () => {
  it('writes the tab, the sort and the chosen columns after the query, and reads them back', () => {
    const view = { tab: 'table', sort: { column: 'incident_date', direction: 'descending' }, columns: ['a', 'b.c', 'd'] } as const;
    const search = sentQuerySearch(movie, details, { movie_id: '550' }, view);
    expect(search).toBe('?movie_id=550&view=table&sort=-incident_date&cols=a%2Cb.c%2Cd');
    expect(readViewState(search)).toEqual(view);
    expect(readViewState('?view=overview&sort=title&cols=*')).toEqual({
      tab: 'own',
      sort: { column: 'title', direction: 'ascending' },
      columns: 'all',
    });
    expect(readViewState('?cols=')).toEqual({ columns: [] });
  });

  it('never changes which query a URL is: view keys neither send nor alter the parameters', () => {
    expect(readUrlQuery(movie, '?view=tree&sort=-x').sent).toBe(false);
    expect(parseUrlQuery(movie, '?movie_id=550&view=tree').submittedParams).toEqual({ movie_id: 550 });
    expect(sentQuerySearch(movie, details, { movie_id: '550' }, {})).toBe('?movie_id=550');
  });

  it('replaces only the view keys, keeping the rest as written (a bare `run` stays bare)', () => {
    expect(withViewState('?run&view=map', { tab: 'raw' })).toBe('?run&view=raw');
    expect(withViewState('?op=summary&region=a%20b&sort=x&cols=*', { sort: { column: 'y', direction: 'ascending' } })).toBe(
      '?op=summary&region=a%20b&sort=y',
    );
    expect(withViewState('?view=map', {})).toBe('');
  });

  it('ignores unknown tabs and empty sorts', () => {
    expect(readViewState('?view=chart&sort=-&sort=')).toEqual({});
  });

  it('round-trips the table filters and facets, and a shared link reproduces them', () => {
    const view = {
      tab: 'table',
      filters: {
        call_type: { equals: ['Alarm', 'Fight'] },
        priority: { min: 2 },
        call_date: { from: '2024-03-01' },
        note: { contains: 'door' },
      },
      facets: ['call_type', 'unit.city'],
    } as const;
    const search = sentQuerySearch(movie, details, { movie_id: '550' }, view);
    expect(search).toBe(
      '?movie_id=550&view=table&f=call_type%3Aeq%3AAlarm&f=call_type%3Aeq%3AFight&f=priority%3Amin%3A2&f=call_date%3Afrom%3A2024-03-01&f=note%3Acontains%3Adoor&facets=call_type%2Cunit.city',
    );
    expect(readViewState(search)).toEqual(view);
    expect(parseUrlQuery(movie, search).submittedParams).toEqual({ movie_id: 550 });
    // Clearing the filters takes every `f` out and keeps the rest.
    expect(withViewState(search, { tab: 'table' })).toBe('?movie_id=550&view=table');
  });

  it('ignores unreadable filter values and keeps the readable ones', () => {
    expect(readViewState('?f=nonsense&f=a%3Amin%3Aten&f=a%3Amax%3A3&f=b%3Aregex%3A.*&facets=')).toEqual({ filters: { a: { max: 3 } } });
  });

  it('uses keys that no lookup has as a parameter', () => {
    const names = Object.values(lookups).flatMap((lookup) => lookup.operations.flatMap((operation) => Object.keys(operation.params.shape)));
    expect(names.filter((name) => RESERVED_KEYS.includes(name))).toEqual([]);
  });
});
