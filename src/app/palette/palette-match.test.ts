import { describe, expect, it } from 'vitest';
import { catalogEntries } from 'virtual:lookup-catalog';
import { lookupItems } from './palette-items.ts';
import { rankItems, scoreItem, type PaletteItem } from './palette-match.ts';

const lookups = lookupItems(catalogEntries);
const first = (query: string, items: readonly PaletteItem[] = lookups) => rankItems(items, query)[0]?.items[0]?.label;
const labels = (query: string, items: readonly PaletteItem[] = lookups) =>
  rankItems(items, query).flatMap((section) => section.items.map((item) => item.label));

const action = (label: string, keywords: string[] = []): PaletteItem => ({
  id: label,
  group: 'actions',
  label,
  keywords,
  target: { kind: 'run', run: () => {} },
});
const saved = (label: string, detail: string): PaletteItem => ({
  id: label,
  group: 'saved',
  label,
  detail,
  target: { kind: 'navigate', to: '/lookups/l?x=1' },
});

describe('palette matching', () => {
  it('finds L first for "crime": its title says crime, M only lists it among its keywords', () => {
    expect(labels('crime')).toEqual(['L. Crime incidents', 'M. 911 calls for service']);
    expect(first('Crime')).toBe('L. Crime incidents');
  });

  it('finds a lookup by its letter alone, first, whatever else begins with that letter', () => {
    expect(first('l')).toBe('L. Crime incidents');
    expect(first('R')).toMatch(/^R\. /);
    expect(labels('b').length).toBeGreaterThan(1);
  });

  it('finds a lookup by its subject and by a keyword phrase', () => {
    expect(labels('exchange rate')).toEqual([expect.stringMatching(/^I\. /)]);
    expect(labels('police')).toEqual(['L. Crime incidents', 'M. 911 calls for service']);
  });

  it('needs every word to begin a word of the item, in any order', () => {
    expect(labels('incidents crime')).toEqual(['L. Crime incidents']);
    expect(labels('crime zebra')).toEqual([]);
    expect(scoreItem(lookups[0]!, ['zzz'])).toBeUndefined();
  });

  it('lists every group in its usual order with no query, and the group with the best match first with one', () => {
    const items = [...lookups, saved('Thefts downtown', 'L. Crime incidents · My queries'), action('Switch to the dark theme', ['theme'])];
    expect(rankItems(items, '').map((section) => section.label)).toEqual(['Lookups', 'Saved queries', 'Actions']);
    const dark = rankItems(items, 'dark');
    expect(dark.map((section) => section.label)).toEqual(['Actions']);
    expect(rankItems(items, 'theft').map((section) => section.label)).toEqual(['Saved queries', 'Lookups']);
  });

  it('keeps the given order among equals (the newest history first) and caps the long groups', () => {
    const history = Array.from(
      { length: 12 },
      (_, index): PaletteItem => ({
        id: `h${index}`,
        group: 'history',
        label: `L. Crime incidents: page=${index}`,
        target: { kind: 'navigate', to: '/' },
      }),
    );
    const [section] = rankItems(history, 'crime');
    expect(section!.items.map((item) => item.id)).toEqual(['h0', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7']);
  });
});
