import { describe, expect, it } from 'vitest';
import { dateRangeWords, scaleBar, sheetLayout, titleLines } from './sheet-layout.ts';

describe('titleLines', () => {
  it('says the lookup, the query with its dates, demo or live, masked or not, and when it was made', () => {
    const lines = titleLines({
      lookup: 'L. Crime incidents',
      query: '1 mi around 37.7749, −122.4194',
      from: '2024-05-01T00:00:00.000Z',
      to: '2024-05-08T00:00:00.000Z',
      demo: true,
      masked: false,
      madeAt: new Date('2026-12-05T04:10:30Z'),
    });
    expect(lines).toEqual([
      'L. Crime incidents',
      '1 mi around 37.7749, −122.4194 · May 1 – May 8, 2024',
      'Demo data · not masked · made 2026-12-05 04:10 UTC',
    ]);
  });

  it('leaves out what the query does not have, and says live and masked', () => {
    const lines = titleLines({ lookup: 'D. Properties', demo: false, masked: true, madeAt: new Date('2026-01-02T03:04:00Z') });
    expect(lines).toEqual(['D. Properties', 'Live data · personal data masked (positions rounded) · made 2026-01-02 03:04 UTC']);
  });
});

describe('dateRangeWords', () => {
  it('writes the year once within a year, twice across years, and one open end in words', () => {
    expect(dateRangeWords('2023-12-30T00:00:00Z', '2024-01-02T00:00:00Z')).toBe('Dec 30, 2023 – Jan 2, 2024');
    expect(dateRangeWords('2024-05-01', undefined)).toBe('from May 1, 2024');
    expect(dateRangeWords(undefined, '2024-05-08')).toBe('until May 8, 2024');
    expect(dateRangeWords('not a date', undefined)).toBeUndefined();
  });
});

describe('scaleBar', () => {
  it('picks the longest 1, 2 or 5 × 10ⁿ metres that fits', () => {
    // 3 m a pixel, 200 px at most: 600 m fit, so 500 m (166.7 px).
    expect(scaleBar(3, 200)).toEqual({ metres: 500, pixels: 500 / 3, label: '500 m' });
    // 12 m a pixel: 2,400 m fit, so 2 km.
    expect(scaleBar(12, 200)).toMatchObject({ metres: 2000, label: '2 km' });
    // 0.4 m a pixel: 80 m fit, so 50 m.
    expect(scaleBar(0.4, 200)).toMatchObject({ metres: 50, label: '50 m' });
    expect(scaleBar(1, 100)).toMatchObject({ metres: 100, pixels: 100 });
  });

  it('never draws a bar longer than the room', () => {
    for (const metresPerPixel of [0.07, 1.3, 9.5, 77, 1234]) {
      const bar = scaleBar(metresPerPixel, 220);
      expect(bar.pixels).toBeLessThanOrEqual(220);
      expect(bar.pixels).toBeGreaterThan(220 / 5 - 1);
    }
  });
});

describe('sheetLayout', () => {
  it('puts the legend beside the map, not over it, and the title above both', () => {
    const layout = sheetLayout({ width: 800, height: 600 }, 6, 3);
    expect(layout.map).toMatchObject({ width: 800, height: 600 });
    expect(layout.legend.x).toBeGreaterThanOrEqual(layout.map.x + layout.map.width);
    expect(layout.legend.y).toBe(layout.map.y);
    expect(layout.title.y + layout.title.height).toBeLessThanOrEqual(layout.map.y);
    expect(layout.width).toBeGreaterThanOrEqual(layout.legend.x + layout.legend.width);
    expect(layout.height).toBeGreaterThanOrEqual(layout.map.y + layout.map.height);
  });

  it('grows the sheet when the legend is taller than the map', () => {
    const layout = sheetLayout({ width: 300, height: 100 }, 20, 2);
    expect(layout.height).toBeGreaterThanOrEqual(layout.legend.y + layout.legend.height);
  });
});
