import { describe, expect, it } from 'vitest';
import { savedSqlItems } from './palette-items.ts';
import { rankItems } from './palette-match.ts';

describe('saved SQL queries in the palette', () => {
  const items = savedSqlItems([
    {
      id: 'a',
      name: 'Offenses per zip',
      collection: 'Crime',
      sql: 'select zip, count(*) from bulk_zips group by 1',
      createdAt: 2,
      updatedAt: 2,
    },
    {
      id: 'b',
      name: 'Calls by hour',
      collection: 'My queries',
      sql: 'select hour(call_time), count(*) from m_20261125_1432 group by 1',
      createdAt: 1,
      updatedAt: 1,
    },
  ]);

  it('opens /sql with the saved query', () => {
    const url = new URL(`http://app${(items[0]!.target as { to: string }).to}`);
    expect(url.pathname).toBe('/sql');
    expect(url.searchParams.get('sql')).toBe('select zip, count(*) from bulk_zips group by 1');
    expect(items[0]!.detail).toBe('SQL · Crime');
  });

  it('is found by its name or by its query’s text, among the saved queries', () => {
    const byName = rankItems(items, 'calls hour').find((section) => section.group === 'saved')?.items ?? [];
    expect(byName.map((item) => item.label)).toEqual(['Calls by hour']);
    const byText = rankItems(items, 'bulk_zips').find((section) => section.group === 'saved')?.items ?? [];
    expect(byText.map((item) => item.label)).toEqual(['Offenses per zip']);
  });
});
