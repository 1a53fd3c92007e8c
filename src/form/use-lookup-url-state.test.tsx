import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useState } from 'react';
import type { LookupDefinition, Operation } from '../lookups/define-lookup.ts';
import { movie } from '../lookups/a-movie.ts';
import { type LookupUrlState, useLookupUrlState } from './use-lookup-url-state.ts';
import { everyWidgetLookup } from './testing/every-widget-lookup.ts';

// Column choices are remembered in localStorage: each test starts from none.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function mount(lookup: LookupDefinition, path: string) {
  const seen: LookupUrlState[] = [];
  let rerender = () => {};
  function Probe() {
    const [, setTick] = useState(0);
    rerender = () => setTick((tick) => tick + 1);
    seen.push(useLookupUrlState(lookup));
    return null;
  }
  const router = createMemoryRouter([{ path: '/lookups/:slug', element: <Probe /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, latest: () => seen.at(-1)!, rerender: () => act(rerender) };
}

describe('useLookupUrlState', () => {
  it('restores the form and the sent query from a link', () => {
    const { latest } = mount(movie, '/lookups/a?movie_id=550&language=en-US');
    expect(latest().urlValues).toEqual({ movie_id: '550', language: 'en-US' });
    expect(latest().submittedParams).toEqual({ movie_id: 550, language: 'en-US' });
    expect(latest().urlErrors).toBeUndefined();
  });

  it('keeps urlValues the same object while the URL stays the same', () => {
    const { latest, rerender } = mount(movie, '/lookups/a?movie_id=550');
    const first = latest().urlValues;
    rerender();
    expect(latest().urlValues).toBe(first);
  });

  it('shows the problems of an invalid link and runs nothing', () => {
    const { latest } = mount(movie, '/lookups/a?movie_id=-4');
    expect(latest().submittedParams).toBeUndefined();
    expect(latest().urlErrors?.fields.movie_id).toBe('movie_id must be at least 1');
  });

  it('pushes one history entry per sent query, so back and forward move between queries', async () => {
    const { router, latest } = mount(movie, '/lookups/a');
    expect(latest().submittedParams).toBeUndefined();
    act(() => void latest().submit({ movie_id: '550' }));
    act(() => void latest().submit({ movie_id: '551', language: 'de-DE' }));
    expect(router.state.location.search).toBe('?movie_id=551&language=de-DE');
    await act(() => router.navigate(-1));
    expect(latest().urlValues).toEqual({ movie_id: '550' });
    expect(latest().submittedParams).toEqual({ movie_id: 550 });
    await act(() => router.navigate(1));
    expect(latest().submittedParams).toEqual({ movie_id: 551, language: 'de-DE' });
  });

  it('reports a re-send of the query already in the URL instead of pushing it again', () => {
    const { router, latest } = mount(movie, '/lookups/a?language=en-US&movie_id=550');
    let changed = true;
    act(() => void (changed = latest().submit({ movie_id: '550', language: 'en-US' })));
    expect(changed).toBe(false);
    expect(router.state.historyAction).toBe('POP');
  });

  it('sends the paging bar’s params as control text', () => {
    const { router, latest } = mount(movie, '/lookups/a?movie_id=550');
    act(() => void latest().navigate({ movie_id: 551, append_to_response: ['videos', 'images'] }));
    expect(new URLSearchParams(router.state.location.search).get('append_to_response')).toBe('videos,images');
    expect(latest().submittedParams).toEqual({ movie_id: 551, append_to_response: ['videos', 'images'] });
  });

  it('switches operation with an unsent form that keeps the values both operations share', () => {
    const { router, latest } = mount(everyWidgetLookup, '/lookups/w');
    act(() => latest().changeOperation('summary', { region: 'north', q: 'storm' }));
    expect(router.state.location.search).toBe('?op=summary');
    expect(latest().operation.id).toBe('summary');
    expect(latest().urlValues).toEqual({ region: 'north' });
    expect(latest().submittedParams).toBeUndefined();
    act(() => void latest().submit({ region: 'north' }));
    expect(router.state.location.search).toBe('?op=summary&region=north');
    expect(latest().submittedParams).toEqual({ region: 'north' });
  });

  it('restores the view from a link and changes it in place, so back goes to the previous query', async () => {
    const { router, latest } = mount(movie, '/lookups/a?movie_id=550');
    act(() => void latest().submit({ movie_id: '551' }));
    expect(latest().view).toEqual({});
    act(() => latest().changeView({ tab: 'table' }));
    act(() => latest().changeView({ sort: { column: 'title', direction: 'descending' }, columns: ['title', 'runtime'] }));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.search).toBe('?movie_id=551&view=table&sort=-title&cols=title%2Cruntime');
    expect(latest().view).toEqual({ tab: 'table', sort: { column: 'title', direction: 'descending' }, columns: ['title', 'runtime'] });
    expect(latest().submittedParams).toEqual({ movie_id: 551 });
    // Clearing one part keeps the others.
    act(() => latest().changeView({ sort: undefined }));
    expect(router.state.location.search).toBe('?movie_id=551&view=table&cols=title%2Cruntime');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?movie_id=550');
  });

  it('keeps the view when a new query is sent, and does not count it as a different query', () => {
    const { router, latest } = mount(movie, '/lookups/a?movie_id=550&view=tree');
    expect(latest().view).toEqual({ tab: 'tree' });
    let changed = true;
    act(() => void (changed = latest().submit({ movie_id: '550' })));
    expect(changed).toBe(false);
    act(() => void latest().submit({ movie_id: '552' }));
    expect(router.state.location.search).toBe('?movie_id=552&view=tree');
    expect(router.state.historyAction).toBe('PUSH');
  });
  describe('the table columns', () => {
    // everyWidgetLookup with key columns on its first operation, as a definition's `table` names them.
    const [search, ...others] = everyWidgetLookup.operations;
    const keyed: LookupDefinition = {
      ...everyWidgetLookup,
      operations: [{ ...search, table: { keyColumns: ['name', 'city'] } } as Operation, ...others],
    };

    it('gives the viewer the operation’s key columns, and no choice until one is made', () => {
      const { router, latest } = mount(keyed, '/lookups/w?region=north');
      expect(latest().view).toEqual({ columns: { keyColumns: ['name', 'city'] } });
      act(() => latest().changeView({ columns: ['city', 'score'] }));
      expect(router.state.location.search).toBe('?region=north&cols=city%2Cscore');
      expect(latest().view).toEqual({ columns: { keyColumns: ['name', 'city'], choice: ['city', 'score'] } });
    });

    it('remembers a choice per lookup and operation: a new query without columns starts from it, and a link’s own columns win', () => {
      const first = mount(keyed, '/lookups/w?region=north');
      act(() => first.latest().changeView({ columns: ['city', 'score'] }));
      cleanup();
      // A reload with a new query: the URL names no columns, the browser remembers them.
      const reloaded = mount(keyed, '/lookups/w?region=south');
      expect(reloaded.latest().view.columns).toEqual({ keyColumns: ['name', 'city'], choice: ['city', 'score'] });
      // The remembered choice stays out of the URL when the next query is sent.
      act(() => void reloaded.latest().submit({ region: 'east' }));
      expect(reloaded.router.state.location.search).toBe('?region=east');
      cleanup();
      expect(mount(keyed, '/lookups/w?region=south&cols=score').latest().view.columns).toEqual({
        keyColumns: ['name', 'city'],
        choice: ['score'],
      });
      cleanup();
      expect(mount(keyed, '/lookups/w?op=summary&region=south').latest().view.columns).toBeUndefined();
      cleanup();
      expect(mount(movie, '/lookups/a?movie_id=550').latest().view.columns).toBeUndefined();
    });
  });

  describe('a stored answer in the URL (`stored`, from History)', () => {
    it('names the entry, keeps the query, and keeps `stored` when the view changes', () => {
      const { router, latest } = mount(movie, '/lookups/a?movie_id=550&stored=entry-1');
      expect(latest().storedAnswerId).toBe('entry-1');
      expect(latest().urlValues).toEqual({ movie_id: '550' });
      expect(latest().submittedParams).toEqual({ movie_id: 550 });
      act(() => latest().changeView({ tab: 'tree' }));
      expect(router.state.location.search).toBe('?movie_id=550&stored=entry-1&view=tree');
      expect(latest().storedAnswerId).toBe('entry-1');
    });

    it('leaves it for a fresh answer: “Fetch fresh”, or sending the same query again', () => {
      const { router, latest } = mount(movie, '/lookups/a?movie_id=550&stored=entry-1&view=tree');
      act(() => latest().fetchFresh());
      expect(router.state.location.search).toBe('?movie_id=550&view=tree');
      expect(latest().storedAnswerId).toBeUndefined();
      const second = mount(movie, '/lookups/a?movie_id=550&stored=entry-1');
      let pushed = false;
      act(() => void (pushed = second.latest().submit({ movie_id: '550' })));
      expect(pushed).toBe(true);
      expect(second.router.state.location.search).toBe('?movie_id=550');
    });
  });
});
