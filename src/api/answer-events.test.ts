import { afterEach, describe, expect, it, vi } from 'vitest';
import { movie } from '../lookups/a-movie.ts';
import { fetchLookup } from './lookup-fetch.ts';
import { onAnswer, type AnswerEvent } from './answer-events.ts';

const details = movie.operations[0];

afterEach(() => vi.unstubAllGlobals());

function record(): { events: AnswerEvent[]; stop: () => void } {
  const events: AnswerEvent[] = [];
  return { events, stop: onAnswer((event) => events.push(event)) };
}

describe('answer events', () => {
  it('announces a success with what was sent and the whole answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(new Response('{"title":"x"}', { headers: { 'content-type': 'application/json', 'x-lookup-source': 'demo' } })),
    );
    const { events, stop } = record();
    await fetchLookup(movie, details, { movie_id: 550 }, undefined, { mask: false });
    stop();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      lookupId: 'A',
      origin: 'form',
      operationId: details.id,
      params: { movie_id: 550 },
      maskRequested: false,
    });
    expect(events[0]!.response).toMatchObject({ status: 200, source: 'demo', url: '/proxy/a/movie/550' });
    expect(events[0]!.sentAt).toBeLessThanOrEqual(Date.now());
  });

  it('says a bulk run asked when the caller says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockImplementation(async () => new Response('{}', { headers: { 'content-type': 'application/json' } })),
    );
    const { events, stop } = record();
    await fetchLookup(movie, details, { movie_id: 7 }, undefined, { origin: 'bulk' });
    await fetchLookup(movie, details, { movie_id: 8 });
    stop();
    expect(events.map((event) => event.origin)).toEqual(['bulk', 'form']);
  });

  it('announces an HTTP error answer and a transport failure', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const { events, stop } = record();
    fetchMock.mockResolvedValueOnce(
      new Response('{"error":{"code":"x","message":"no"}}', { status: 404, headers: { 'content-type': 'application/json' } }),
    );
    await expect(fetchLookup(movie, details, { movie_id: 1 })).rejects.toThrow('HTTP 404');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(fetchLookup(movie, details, { movie_id: 2 })).rejects.toThrow('could not be reached');
    stop();
    expect(events.map((event) => event.response?.status ?? event.failure?.kind)).toEqual([404, 'network']);
  });

  it('stops announcing after unsubscribing, and a throwing listener does not break the fetch', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockImplementation(async () => new Response('{}', { headers: { 'content-type': 'application/json' } })),
    );
    const { events, stop } = record();
    stop();
    const thrown: unknown[] = [];
    const stopThrowing = onAnswer(() => {
      throw new Error('listener bug');
    });
    const original = globalThis.queueMicrotask;
    vi.stubGlobal('queueMicrotask', (task: () => void) =>
      original(() => {
        try {
          task();
        } catch (error) {
          thrown.push(error);
        }
      }),
    );
    await expect(fetchLookup(movie, details, { movie_id: 3 })).resolves.toMatchObject({ status: 200 });
    await Promise.resolve();
    stopThrowing();
    expect(events).toHaveLength(0);
    expect(thrown).toHaveLength(1);
  });
});
