// @vitest-environment node
// eventPage against its definition: the same events, in the same order, as eventsWithin's slice,
// without drawing the whole world (L's page past the end, M's 10,000 calls).
import { describe, expect, it } from 'vitest';
import { cellAt, cellCount, cellRng } from './geo-world.ts';
import { cellDayCount, eventPage, eventsWithin, type EventQuery } from './l-m-event-world.ts';
import { createRng, firstDraw } from './seeded.ts';

const DAY_MS = 86_400_000;
const sf = { lat: 37.7749, lon: -122.4194 };
const at = (iso: string) => Date.parse(iso);

const queries: Record<string, EventQuery> = {
  // The window starts and ends inside a day, the circle cuts cells: every edge case of counting.
  'cut days, small circle': { ...sf, radius: 3_000, from: at('2024-05-04T07:13:00.000Z'), until: at('2024-05-06T13:59:59.123Z') },
  'whole days, wide circle': { ...sf, radius: 16_000, from: at('2024-03-01T00:00:00.000Z'), until: at('2024-03-05T23:59:59.999Z') },
  'one instant': { ...sf, radius: 5_000, from: at('2024-03-02T17:00:00.000Z'), until: at('2024-03-02T17:00:00.000Z') },
  'Paris across a month end': { lat: 48.8566, lon: 2.3522, radius: 11_000, from: at('2024-01-31T23:00:00.000Z'), until: at('2024-02-03T01:00:00.000Z') },
  'nobody far from any city': { lat: 0.5, lon: -30, radius: 20_000, from: at('2024-03-01T00:00:00.000Z'), until: at('2024-03-09T00:00:00.000Z') },
  'a window ending before it starts': { ...sf, radius: 3_000, from: at('2024-03-09T00:00:00.000Z'), until: at('2024-03-01T00:00:00.000Z') },
};

describe('eventPage', () => {
  for (const [name, query] of Object.entries(queries)) {
    it(`gives eventsWithin's count and slices (${name})`, () => {
      const all = eventsWithin('L', query, 24);
      for (const [offset, limit] of [[0, 50], [0, 10_000], [37, 50], [all.length - 3, 50], [all.length, 50], [all.length + 1_000, 50], [1e12, 50]] as const) {
        const page = eventPage('L', query, 24, Math.max(offset, 0), limit);
        expect(page.total).toBe(all.length);
        expect(page.events).toEqual(all.slice(Math.max(offset, 0), Math.max(offset, 0) + limit));
      }
    });
  }

  it('finds events at all in the busy cases (the comparison above is not vacuous)', () => {
    expect(eventsWithin('M', queries['whole days, wide circle']!, 40).length).toBeGreaterThan(3_000);
    expect(eventsWithin('L', queries['one instant']!, 24).length + eventsWithin('L', queries['Paris across a month end']!, 24).length).toBeGreaterThan(50);
    expect(eventsWithin('L', queries['cut days, small circle']!, 24).length).toBeGreaterThan(50);
  });

  it('counts a cell-day from its first draw, as cellCount over its generator does', () => {
    for (const [i, j, day] of [[755, -2449, 19_800], [976, 47, 19_754], [755, -2448, 0], [-3, 5, 19_900]] as const) {
      const cell = cellAt(i, j);
      expect(cellDayCount('M', cell, day, 40)).toBe(cellCount(cellRng('M', cell, day), cell, 40));
    }
    for (const seed of [0, 1, 0xffffffff, 123_456_789]) expect(firstDraw(seed)).toBe(createRng(seed).next());
  });

  it('answers a page past the end of a long, wide search without drawing its events', () => {
    // 40 km around San Francisco for 15 months: about 130,000 cell-days and 300,000 incidents.
    const query = { ...sf, radius: 40_000, from: at('2023-01-01T00:00:00.000Z'), until: at('2024-04-05T00:00:00.000Z') };
    eventPage('L', query, 24, 0, 1); // warm up
    const started = performance.now();
    const page = eventPage('L', query, 24, 999_999_998 * 50, 50);
    const elapsed = performance.now() - started;
    expect(page.events).toEqual([]);
    expect(page.total).toBeGreaterThan(250_000);
    // Drawing every incident took over a second here; counting takes a tenth of that.
    expect(elapsed).toBeLessThan(600);
    expect(Math.floor((query.until - query.from) / DAY_MS)).toBeGreaterThan(400);
  });
});
