// The caller's saved queries as MCP prompts (issue 38), on a team server: each query the user keeps
// on the server (their own, private or team) and each the team shares becomes a prompt that says
// which tool to call with which arguments, the query's note and who saved it. Read from the
// workspace's item service as the user (item-service.ts), so a colleague's private query is neither
// listed nor found; the tool call itself then goes through the proxy as any other (budgets,
// masking, audit).
import { z } from 'zod';
import type { LookupIndex } from '../../lookups/lookup-index.ts';
import type { TeamItem, TeamItemSummary } from '../../lookups/team-wire.ts';
import type { ItemService } from '../team/items/item-service.ts';
import type { McpExtensions } from './extensions.ts';
import type { PromptListing, PromptMessage } from './prompts.ts';
import { toolName, typedArguments } from './tool-catalog.ts';

/** `saved_query_<item id>`: item ids are URL-safe letters, digits, `_` and `-`. */
export const SAVED_QUERY_PREFIX = 'saved_query_';

// What the page keeps as a saved query's body (workbench/team/item-bodies.ts), read here with its
// own schema: server/ does not import the page's code.
const savedQueryBodySchema = z.object({
  lookupId: z.string().min(1),
  operationId: z.string().min(1),
  /** The lookup page's query string: `?<param>=<value>&…` (and `op=` for another operation). */
  search: z.string(),
  note: z.string().optional(),
});

/** The first page of each list is what a prompt list shows: 100 of the user's own, 100 of the team's. */
async function savedQueries(items: ItemService, owner: string): Promise<TeamItemSummary[]> {
  const [mine, team] = await Promise.all([
    items.list(owner, { scope: 'mine', kind: 'query' }),
    items.list(owner, { scope: 'team', kind: 'query' }),
  ]);
  const seen = new Set<string>();
  return [...mine.items, ...team.items].filter((item) => !seen.has(item.id) && seen.add(item.id));
}

function whose(item: TeamItemSummary, owner: string): string {
  const by = item.owner === owner ? 'you' : item.owner;
  return item.visibility === 'team' ? `shared with the team by ${by}` : `kept by ${by}, private`;
}

/** The tool and its arguments a saved query stands for, or why it cannot be run here. */
function toolCallOf(item: TeamItem, index: LookupIndex): { tool: string; args: Record<string, unknown>; note?: string } | string {
  const body = savedQueryBodySchema.safeParse(item.body);
  if (!body.success) return 'it was stored in a form this server does not read';
  const found = index.operation(body.data.lookupId, body.data.operationId);
  if (!found) return `this server has no operation ${body.data.operationId} of lookup ${body.data.lookupId}`;
  const query = new URLSearchParams(body.data.search);
  const values = Object.fromEntries(
    Object.keys(found.operation.params.shape).flatMap((name) => {
      const value = query.get(name);
      return value === null || value.trim() === '' ? [] : [[name, value]];
    }),
  );
  return {
    tool: toolName(found.lookup, found.operation),
    args: typedArguments(found.operation, values),
    ...(body.data.note && { note: body.data.note }),
  };
}

function messagesOf(item: TeamItem, owner: string, index: LookupIndex): PromptMessage[] {
  const call = toolCallOf(item, index);
  const title = `the saved query “${item.title}” (${whose(item, owner)}, changed ${item.updatedAt})`;
  const text =
    typeof call === 'string'
      ? `Tell the user that ${title} cannot be run: ${call}. Offer to run the lookup with parameters they give instead.`
      : [
          `Run ${title}: call the tool \`${call.tool}\` with these arguments:`,
          JSON.stringify(call.args, null, 2),
          ...(call.note ? [`Its note: ${call.note}`] : []),
          'Then say in a few lines what the answer holds; when the result says there are more records or pages, say so rather than fetching them all.',
        ].join('\n');
  return [{ role: 'user', content: { type: 'text', text } }];
}

export function savedQueryPrompts({ items, owner, index }: { items: ItemService; owner: string; index: LookupIndex }): McpExtensions {
  return {
    tools: [],
    resources: [],
    resourceTemplates: [],
    readResource: async () => undefined,
    async listPrompts(): Promise<PromptListing[]> {
      return (await savedQueries(items, owner)).map((item) => ({
        name: `${SAVED_QUERY_PREFIX}${item.id}`,
        title: item.title,
        description: `A saved query, ${whose(item, owner)}: run it as saved`,
        arguments: [],
      }));
    },
    async getPrompt(name) {
      if (!name.startsWith(SAVED_QUERY_PREFIX)) return undefined;
      const item = await items.find(owner, name.slice(SAVED_QUERY_PREFIX.length));
      return item?.kind === 'query' ? messagesOf(item, owner, index) : undefined;
    },
  };
}
