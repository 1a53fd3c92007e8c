// @vitest-environment node
// eventPage against its definition: the same events, in the same order, as eventsWithin's slice,
// without drawing the whole world (L's page past the end, M's 10,000 calls).
import { describe, expect, it, vi } from 'vitest';
import type * as GeoWorld from './geo-world.ts';
import { cellAt, cellCount, cellRng, cellsAround } from './geo-world.ts';
import { cellDayCount, eventPage, eventsWithin, type EventQuery } from './l-m-event-world.ts';
import { createRng, firstDraw } from './seeded.ts';

// Every cell-day whose events are drawn one by one seeds its generator with cellRng: counting its
// calls measures the work of a page without a clock (the calls themselves are the real ones).
vi.mock('./geo-world.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof GeoWorld>();
  return { ...actual, cellRng: vi.fn(actual.cellRng) };
});

/** What `work` returns, and how many cell-days it drew event by event. */
function counted<T>(work: () => T): { result: T; cellDaysDrawn: number } {
  const drawn = vi.mocked(cellRng);
  drawn.mockClear();
  const result = work();
  return { result, cellDaysDrawn: drawn.mock.calls.length };
}

const DAY_MS = 86_400_000;
const sf = { lat: 37.7749, lon: -122.4194 };
const at = (iso: string) => Date.parse(iso);

const queries: Record<string, EventQuery> = {
  // The window starts and ends inside a day, the circle cuts cells: every edge case of counting.
  'cut days, small circle': { ...sf, radius: 3_000, from: at('2024-05-04T07:13:00.000Z'), until: at('2024-05-06T13:59:59.123Z') },
  'whole days, wide circle': { ...sf, radius: 16_000, from: at('2024-03-01T00:00:00.000Z'), until: at('2024-03-05T23:59:59.999Z') },
  'one instant': { ...sf, radius: 5_000, from: at('2024-03-02T17:00:00.000Z'), until: at('2024-03-02T17:00:00.000Z') },
  'Chicago across a month end': {
    lat: 41.8781,
    lon: -87.6298,
    radius: 11_000,
    from: at('2024-01-31T23:00:00.000Z'),
    until: at('2024-02-03T01:00:00.000Z'),
  },
  'nobody abroad (Paris)': {
    lat: 48.8566,
    lon: 2.3522,
    radius: 11_000,
    from: at('2024-01-31T23:00:00.000Z'),
    until: at('2024-02-03T01:00:00.000Z'),
  },
  'nobody far from any city': {
    lat: 0.5,
    lon: -30,
    radius: 20_000,
    from: at('2024-03-01T00:00:00.000Z'),
    until: at('2024-03-09T00:00:00.000Z'),
  },
  'a window ending before it starts': { ...sf, radius: 3_000, from: at('2024-03-09T00:00:00.000Z'), until: at('2024-03-01T00:00:00.000Z') },
};

describe('eventPage', () => {
  for (const [name, query] of Object.entries(queries)) {
    it(`gives eventsWithin's count and slices (${name})`, () => {
      const all = eventsWithin('L', query, 24);
      for (const [offset, limit] of [
        [0, 50],
        [0, 10_000],
        [37, 50],
        [all.length - 3, 50],
        [all.length, 50],
        [all.length + 1_000, 50],
        [1e12, 50],
      ] as const) {
        const page = eventPage('L', query, 24, Math.max(offset, 0), limit);
        expect(page.total).toBe(all.length);
        expect(page.events).toEqual(all.slice(Math.max(offset, 0), Math.max(offset, 0) + limit));
      }
    });
  }

  it('finds events at all in the busy cases (the comparison above is not vacuous)', () => {
    expect(eventsWithin('M', queries['whole days, wide circle']!, 110).length).toBeGreaterThan(3_000);
    expect(
      eventsWithin('L', queries['one instant']!, 24).length + eventsWithin('L', queries['Chicago across a month end']!, 24).length,
    ).toBeGreaterThan(50);
    expect(eventsWithin('L', queries['nobody abroad (Paris)']!, 24)).toEqual([]);
    expect(eventsWithin('L', queries['cut days, small circle']!, 24).length).toBeGreaterThan(50);
  });

  it('counts a cell-day from its first draw, as cellCount over its generator does', () => {
    for (const [i, j, day] of [
      [755, -2449, 19_800],
      [976, 47, 19_754],
      [755, -2448, 0],
      [-3, 5, 19_900],
    ] as const) {
      const cell = cellAt(i, j);
      expect(cellDayCount('M', cell, day, 40)).toBe(cellCount(cellRng('M', cell, day), cell, 40));
    }
    for (const seed of [0, 1, 0xffffffff, 123_456_789]) expect(firstDraw(seed)).toBe(createRng(seed).next());
  });

  it('answers a page past the end of a long, wide search without drawing its events', () => {
    // 40 km around San Francisco for 15 months: about 130,000 cell-days and 600,000 incidents.
    const query = { ...sf, radius: 40_000, from: at('2023-01-01T00:00:00.000Z'), until: at('2024-04-05T00:00:00.000Z') };
    const days = Math.floor(query.until / DAY_MS) - Math.floor(query.from / DAY_MS) + 1;
    expect(days).toBeGreaterThan(400);
    const cellDays = cellsAround(query.lat, query.lon, query.radius).length * days;
    const first = counted(() => eventPage('L', query, 60, 0, 50));
    const far = counted(() => eventPage('L', query, 60, 999_999_998 * 50, 50));
    expect(far.result.events).toEqual([]);
    expect(far.result.total).toBe(first.result.total);
    expect(far.result.total).toBeGreaterThan(250_000);
    // Only the cell-days cut by the circle's edge or the window's ends are drawn to be counted (a
    // page also draws the days it shows): the far page costs no more than the first, and neither
    // comes near drawing every cell-day, as eventsWithin does (which took over a second here).
    expect(first.cellDaysDrawn).toBeGreaterThan(0);
    expect(far.cellDaysDrawn).toBeLessThanOrEqual(first.cellDaysDrawn);
    expect(first.cellDaysDrawn).toBeLessThan(cellDays / 3);
  });
});
