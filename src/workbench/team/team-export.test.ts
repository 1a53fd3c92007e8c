import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEAM_ITEMS_PATH, type TeamItem } from '../../lookups/team-wire.ts';
import { teamItemsForExport } from './team-export.ts';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function item(id: string, kind: TeamItem['kind'], body: TeamItem['body']): TeamItem {
  const at = '2026-12-05T10:00:00.000Z';
  return { id, kind, visibility: 'team', title: `title ${id}`, owner: 'bob', version: 1, createdAt: at, updatedAt: at, bytes: 1, body };
}

describe('teamItemsForExport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("writes the server's queries and SQL queries the user sees, every page of them, each once", async () => {
    const query = item('item-q0001', 'query', { lookupId: 'L', operationId: 'incidents', search: '?run=1', collection: 'SF' });
    const sql = item('item-s0001', 'sql', { sql: 'select 1', collection: 'SQL' });
    const summary = ({ body: _body, ...rest }: TeamItem) => rest;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const params = new URLSearchParams(url.split('?')[1] ?? '');
        if (url.startsWith(`${TEAM_ITEMS_PATH}?`)) {
          if (params.get('kind') === 'sql') return json({ items: [summary(sql)] });
          // Two pages of team queries; the user's own list holds the same query again.
          if (params.get('scope') === 'team' && !params.get('cursor')) return json({ items: [], next: 'p2' });
          return json({ items: [summary(query)] });
        }
        return json(url.endsWith(query.id) ? query : sql);
      }),
    );
    const exported = await teamItemsForExport();
    expect(exported.queries).toEqual([
      expect.objectContaining({ id: 'team-item-q0001', name: 'title item-q0001', lookupId: 'L', search: '?run=1', collection: 'SF' }),
    ]);
    expect(exported.sql).toEqual([expect.objectContaining({ id: 'team-item-s0001', sql: 'select 1', collection: 'SQL' })]);
  });
});
