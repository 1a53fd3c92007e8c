// @vitest-environment node
// Saved queries as MCP prompts (issue 38) on a team server: alice's team query and her private one,
// bob's view of them. The production server (createAppServer) with a tokens file and the workspace's
// items, an SDK client per user over Streamable HTTP.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crimeIncidents } from '../../lookups/l-crime-incidents.ts';
import { TEAM_ITEMS_PATH, type TeamItem } from '../../lookups/team-wire.ts';
import { loadAppConfig } from '../assembly.ts';
import { loadAccessConfig } from '../team/access-config.ts';
import { parseItemSettings } from '../team/items/item-settings.ts';
import { createMemoryItemStore } from '../team/items/memory-item-store.ts';
import { createMemoryStore } from '../team/shared-store.ts';
import { SAVED_QUERY_PREFIX } from './saved-query-prompts.ts';
import { connectHttpClient, startAppServer, type Running } from './testing/mcp-fixtures.ts';
import { toolName } from './tool-catalog.ts';

const ALICE = 'alice-token-0123456789';
const BOB = 'bob-token-0123456789ab';
const incidents = crimeIncidents.operations[0];

let app: Running;
let alice: Client;
let bob: Client;
let shared: TeamItem;
let secret: TeamItem;

async function save(token: string, item: Record<string, unknown>): Promise<TeamItem> {
  const response = await fetch(`${app.base}${TEAM_ITEMS_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(item),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as TeamItem;
}

const query = (search: string, note?: string) => ({
  lookupId: crimeIncidents.id,
  operationId: incidents.id,
  search,
  collection: 'Trips',
  ...(note && { note }),
});

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lookup-mcp-saved-'));
  const tokensFile = join(dir, 'tokens');
  writeFileSync(tokensFile, `alice:${ALICE}\nbob:${BOB}\n`);
  const env = { LOOKUP_ACCESS_TOKENS_FILE: tokensFile };
  app = await startAppServer({
    config: loadAppConfig(env),
    store: createMemoryStore(),
    access: loadAccessConfig(env),
    items: { store: createMemoryItemStore(), settings: parseItemSettings({}) },
  });
  shared = await save(ALICE, {
    kind: 'query',
    visibility: 'team',
    title: 'Mission incidents, first week of May',
    body: query('?lat=37.76&lon=-122.42&distance=1mi&datetime_ini=2024-05-01&datetime_end=2024-05-07', 'before the street fair'),
  });
  secret = await save(ALICE, { kind: 'query', visibility: 'private', title: 'Only mine', body: query('?lat=40&lon=-105&distance=2mi') });
  alice = await connectHttpClient(app.base, { authorization: `Bearer ${ALICE}` });
  bob = await connectHttpClient(app.base, { authorization: `Bearer ${BOB}` });
}, 30_000);

afterAll(async () => {
  await alice?.close();
  await bob?.close();
  await app?.close();
});

describe('saved queries as prompts', () => {
  it('lists the caller’s own and the team’s saved queries beside the fixed prompts', async () => {
    const names = (await alice.listPrompts()).prompts.map((prompt) => prompt.name);
    expect(names).toEqual(
      expect.arrayContaining(['place_dossier', `${SAVED_QUERY_PREFIX}${shared.id}`, `${SAVED_QUERY_PREFIX}${secret.id}`]),
    );
    const listed = (await bob.listPrompts()).prompts.filter((prompt) => prompt.name.startsWith(SAVED_QUERY_PREFIX));
    expect(listed).toEqual([
      {
        name: `${SAVED_QUERY_PREFIX}${shared.id}`,
        title: 'Mission incidents, first week of May',
        description: 'A saved query, shared with the team by alice: run it as saved',
        arguments: [],
      },
    ]);
  });

  it('writes the tool call the query stands for, its arguments typed, with its note', async () => {
    const { messages } = await bob.getPrompt({ name: `${SAVED_QUERY_PREFIX}${shared.id}` });
    const text = (messages[0]!.content as { text: string }).text;
    expect(text).toContain(`call the tool \`${toolName(crimeIncidents, incidents)}\` with these arguments:`);
    const args = JSON.parse(/\{[\s\S]*\}/.exec(text)![0]) as Record<string, unknown>;
    expect(args).toMatchObject({ lat: 37.76, lon: -122.42, distance: '1mi', datetime_ini: '2024-05-01', datetime_end: '2024-05-07' });
    expect(text).toContain('shared with the team by alice');
    expect(text).toContain('Its note: before the street fair');
  });

  it('neither lists nor finds a colleague’s private query', async () => {
    await expect(bob.getPrompt({ name: `${SAVED_QUERY_PREFIX}${secret.id}` })).rejects.toThrow(/There is no prompt/);
    const { messages } = await alice.getPrompt({ name: `${SAVED_QUERY_PREFIX}${secret.id}` });
    expect((messages[0]!.content as { text: string }).text).toContain('kept by you, private');
  });
});
