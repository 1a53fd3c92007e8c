// "Export all collections" on a team server also writes the saved queries and SQL queries kept on
// the server that the user sees (their own and the team's), so the file still holds everything the
// Saved page lists. Each keeps its collection; its id is the item's, prefixed, so importing the file
// again adds local copies beside the server's items and never touches the server.
import { getTeamItem, listTeamItems } from '../../api/team-items-client.ts';
import type { ItemScope, TeamItemKind, TeamItemSummary } from '../../lookups/team-wire.ts';
import type { SavedQuery } from '../saved/saved-store.ts';
import type { SavedSql } from '../saved/saved-sql.ts';
import { queryBodySchema, sqlBodySchema } from './item-bodies.ts';

const EXPORTED_KINDS: readonly TeamItemKind[] = ['query', 'sql'];

async function listAll(scope: ItemScope, kind: TeamItemKind): Promise<TeamItemSummary[]> {
  const items: TeamItemSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await listTeamItems({ scope, kind, ...(cursor && { cursor }) });
    items.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return items;
}

export async function teamItemsForExport(): Promise<{ queries: SavedQuery[]; sql: SavedSql[] }> {
  const seen = new Map<string, TeamItemSummary>();
  for (const kind of EXPORTED_KINDS)
    for (const scope of ['mine', 'team'] as const) for (const item of await listAll(scope, kind)) seen.set(item.id, item);
  const queries: SavedQuery[] = [];
  const sql: SavedSql[] = [];
  for (const summary of seen.values()) {
    const item = await getTeamItem(summary.id);
    const times = { createdAt: Date.parse(item.createdAt), updatedAt: Date.parse(item.updatedAt) };
    const id = `team-${item.id}`;
    const query = item.kind === 'query' ? queryBodySchema.safeParse(item.body) : undefined;
    if (query?.success)
      queries.push({ id, name: item.title, ...query.data, lookupId: query.data.lookupId as SavedQuery['lookupId'], ...times });
    const statement = item.kind === 'sql' ? sqlBodySchema.safeParse(item.body) : undefined;
    if (statement?.success) sql.push({ id, name: item.title, ...statement.data, ...times });
  }
  return { queries, sql };
}
