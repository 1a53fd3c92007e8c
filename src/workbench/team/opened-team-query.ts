// A saved query opened from the team server (/shared/<id>) goes to its lookup's page with the
// item's id and version in the navigation's state (not in the address, which stays the query's
// own): its owner, or an admin, may then update it in place from that page (save-query-button.tsx),
// and an edit made meanwhile by someone else is refused (409) rather than overwritten.
import { z } from 'zod';
import type { TeamItem } from '../../lookups/team-wire.ts';

const openedTeamQuerySchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  owner: z.string(),
  version: z.number().int().positive(),
});
export type OpenedTeamQuery = z.output<typeof openedTeamQuerySchema>;

/** The navigation state that opens `item` on its lookup's page. */
export function openedQueryState(item: Pick<TeamItem, 'id' | 'title' | 'owner' | 'version'>): { teamQuery: OpenedTeamQuery } {
  return { teamQuery: { id: item.id, title: item.title, owner: item.owner, version: item.version } };
}

/** The team query a page was opened with, from its navigation state; undefined for any other state. */
export function openedTeamQuery(state: unknown): OpenedTeamQuery | undefined {
  const parsed = openedTeamQuerySchema.safeParse((state as { teamQuery?: unknown } | null)?.teamQuery);
  return parsed.success ? parsed.data : undefined;
}
