// @vitest-environment node
// The team's items over HTTP on one production server (createAppServer, the stack `npm start`
// runs) with named tokens and the in-process item store: who sees and changes what, versions and
// the 409 with both, quotas (429 naming which) and the size of one item (413), lists read by index,
// and the audit lines written (through the real audit log) without any body. A server without an
// access mode has no /team/items.
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  quotaRefusalSchema,
  staleEditSchema,
  teamItemListSchema,
  teamItemSchema,
  TEAM_ITEMS_PATH,
  type TeamItem,
  type TeamItemSummary,
} from '../../../lookups/team-wire.ts';
import { allLookups } from '../../../lookups/registry.ts';
import { errorEnvelopeSchema } from '../../../lookups/wire.ts';
import { loadAppConfig } from '../../assembly.ts';
import { createAppServer } from '../../app-server.ts';
import { loadAccessConfig } from '../access-config.ts';
import { createAuditLog } from '../audit-log.ts';
import { parseTeamLimits } from '../limits-config.ts';
import { createMemoryStore } from '../shared-store.ts';
import { hashToken } from '../tokens-file.ts';
import type { ItemSettings } from './item-settings.ts';
import type { ItemStore } from './item-store.ts';
import { createMemoryItemStore } from './memory-item-store.ts';
import { StoreUnavailableError } from '../store-errors.ts';

const TOKENS = { alice: 'alice-token-0123456789', bob: 'bob-token-abcdefghijkl', carol: 'carol-token-0123456789' };
type User = keyof typeof TOKENS;
/** A parameter value that must never reach an audit line. */
const SECRET_VALUE = 'Jane Q. Personal 62701';

const servers: Server[] = [];
const auditLines: string[] = [];
let team: string;
let small: string;
let single: string;
let dir: string;

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function startTeamServer(
  settings: ItemSettings,
  audit?: (line: string) => void,
  store: ItemStore = createMemoryItemStore(),
): Promise<string> {
  const config = loadAppConfig({});
  const tokensFile = join(dir, 'tokens');
  const access = loadAccessConfig({ LOOKUP_ACCESS_TOKENS_FILE: tokensFile });
  const limits = parseTeamLimits({ LOOKUP_ACCESS_TOKENS_FILE: tokensFile }, allLookups, config);
  const log = createAuditLog({ destination: { write: (line: string) => void audit?.(line) } }).log;
  return listen(
    createAppServer({
      config,
      distDir: dir,
      store: createMemoryStore(),
      access,
      limits,
      audit: log,
      items: { store, settings },
    }),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lookup-items-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Lookup Explorer</title>');
  writeFileSync(
    join(dir, 'tokens'),
    `alice:${TOKENS.alice}\nbob:sha256:${hashToken(TOKENS.bob).toString('hex')}\ncarol:${TOKENS.carol} admin\n`,
  );
  team = await startTeamServer({ itemsPerUser: 300, bytesPerUser: 1_000_000, maxItemBytes: 4_096 }, (line) => auditLines.push(line));
  small = await startTeamServer({ itemsPerUser: 2, bytesPerUser: 2_000, maxItemBytes: 1_500 });
  single = await listen(createAppServer({ config: loadAppConfig({}), distDir: dir, store: createMemoryStore(), log: () => {} }));
}, 60_000);

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function call(origin: string, user: User, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKENS[user]}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

async function create(user: User, fields: Partial<TeamItem> = {}, origin = team): Promise<TeamItem> {
  const answer = await call(origin, user, 'POST', TEAM_ITEMS_PATH, {
    kind: 'query',
    visibility: 'team',
    title: `${user}'s query`,
    body: { lookup: 'H', params: { name: SECRET_VALUE } },
    ...fields,
  });
  expect(answer.status).toBe(201);
  return teamItemSchema.parse(await answer.json());
}

async function list(user: User, query: string): Promise<{ items: TeamItemSummary[]; next?: string }> {
  const answer = await call(team, user, 'GET', `${TEAM_ITEMS_PATH}?${query}`);
  expect(answer.status).toBe(200);
  return teamItemListSchema.parse(await answer.json());
}

const errorOf = async (answer: Response) => errorEnvelopeSchema.parse(await answer.json()).error;
const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe('the team’s items', () => {
  it('are shared with every member: a team item appears on the colleague’s list, with its owner, and opens for them', async () => {
    const shared = await create('alice', { title: 'Springfield offenders' });
    expect(shared).toMatchObject({ owner: 'alice', version: 1, visibility: 'team', kind: 'query' });
    expect(shared.bytes).toBe(Buffer.byteLength(JSON.stringify(shared.body)));
    expect(ids((await list('bob', 'scope=team')).items)).toContain(shared.id);
    expect(ids((await list('bob', 'scope=team&kind=query')).items)).toContain(shared.id);
    expect(ids((await list('bob', 'scope=team&kind=sql')).items)).not.toContain(shared.id);
    expect(ids((await list('bob', 'scope=mine')).items)).not.toContain(shared.id);
    const opened = await call(team, 'bob', 'GET', `${TEAM_ITEMS_PATH}/${shared.id}`);
    expect(opened.status).toBe(200);
    expect(teamItemSchema.parse(await opened.json())).toEqual(shared);
  });

  it('keep another’s private item out of sight: 404 to read, edit or delete, as for no item at all', async () => {
    const own = await create('alice', { visibility: 'private', title: 'Mine alone' });
    expect(ids((await list('alice', 'scope=mine')).items)).toContain(own.id);
    expect(ids((await list('alice', 'scope=team')).items)).not.toContain(own.id);
    expect(ids((await list('carol', 'scope=team')).items)).not.toContain(own.id);
    for (const user of ['bob', 'carol'] as const) {
      const edit = { visibility: 'team', title: 'Taken', body: {}, version: 1 };
      for (const answer of [
        await call(team, user, 'GET', `${TEAM_ITEMS_PATH}/${own.id}`),
        await call(team, user, 'PUT', `${TEAM_ITEMS_PATH}/${own.id}`, edit),
        await call(team, user, 'DELETE', `${TEAM_ITEMS_PATH}/${own.id}?version=1`),
        await call(team, user, 'GET', `${TEAM_ITEMS_PATH}/NoSuchItem123`),
      ]) {
        expect(answer.status).toBe(404);
        expect(await errorOf(answer)).toMatchObject({ code: 'not_found', message: 'There is no such item, or it is not shared with you' });
      }
    }
    expect((await call(team, 'alice', 'GET', `${TEAM_ITEMS_PATH}/${own.id}`)).status).toBe(200);
  });

  it('let only the owner or an admin change a team item: 403 in words for a colleague', async () => {
    const shared = await create('alice', { title: 'Owned by alice' });
    const edit = { visibility: 'team', title: 'Bob was here', body: { changed: true }, version: 1 };
    const refused = await call(team, 'bob', 'PUT', `${TEAM_ITEMS_PATH}/${shared.id}`, edit);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({
      code: 'not_owner',
      message: 'Only alice, who shared this item, or an admin may change or delete it',
    });
    expect((await call(team, 'bob', 'DELETE', `${TEAM_ITEMS_PATH}/${shared.id}?version=1`)).status).toBe(403);

    const byAdmin = await call(team, 'carol', 'PUT', `${TEAM_ITEMS_PATH}/${shared.id}`, { ...edit, title: 'Tidied by carol' });
    expect(byAdmin.status).toBe(200);
    expect(teamItemSchema.parse(await byAdmin.json())).toMatchObject({
      owner: 'alice',
      version: 2,
      title: 'Tidied by carol',
      body: { changed: true },
    });
    expect((await call(team, 'carol', 'DELETE', `${TEAM_ITEMS_PATH}/${shared.id}?version=2`)).status).toBe(200);
    expect((await call(team, 'alice', 'GET', `${TEAM_ITEMS_PATH}/${shared.id}`)).status).toBe(404);
  });

  it('refuse an edit or a delete made from an older version with 409 and both versions', async () => {
    const shared = await create('alice', { title: 'First title' });
    const path = `${TEAM_ITEMS_PATH}/${shared.id}`;
    const second = await call(team, 'alice', 'PUT', path, { visibility: 'team', title: 'Second title', body: { v: 2 }, version: 1 });
    expect(second.status).toBe(200);
    const late = { visibility: 'private', title: 'Late title', body: { v: 'late' }, version: 1 };
    const stale = await call(team, 'alice', 'PUT', path, late);
    expect(stale.status).toBe(409);
    const both = staleEditSchema.parse(await stale.json());
    expect(both.error.message).toBe('The item was changed since version 1: it is at version 2 now');
    expect(both.current).toMatchObject({ id: shared.id, version: 2, title: 'Second title', body: { v: 2 } });
    expect(both.yours).toEqual(late);

    const staleDelete = await call(team, 'alice', 'DELETE', `${path}?version=1`);
    expect(staleDelete.status).toBe(409);
    expect(staleEditSchema.parse(await staleDelete.json())).toMatchObject({ current: { version: 2 }, yours: { version: 1 } });
    expect((await call(team, 'alice', 'GET', path)).status).toBe(200);
    const noVersion = await call(team, 'alice', 'DELETE', path);
    expect(noVersion.status).toBe(400);
    expect(await errorOf(noVersion)).toMatchObject({ fields: { version: 'must be a whole number from 1' } });
  });

  it('list the user’s own items and the team’s by index: a colleague’s 205 items hide none of them', async () => {
    const mine = [await create('alice', { kind: 'sql', visibility: 'private' }), await create('alice', { kind: 'snapshot' })];
    const bobs = [];
    for (let n = 0; n < 205; n++) bobs.push(await create('bob', { title: `Bob ${n}` }));
    const alicesOwn = await list('alice', 'scope=mine');
    expect(ids(alicesOwn.items).slice(0, 2)).toEqual(ids(mine).reverse());
    expect(alicesOwn.items.every((item) => item.owner === 'alice')).toBe(true);
    expect(ids((await list('alice', 'scope=mine&kind=sql')).items)).toEqual([mine[0]!.id]);

    // The team's list is paged: 100 a page, newest edit first, every item once.
    const listed: TeamItemSummary[] = [];
    let page = await list('carol', 'scope=team');
    expect(page.items).toHaveLength(100);
    listed.push(...page.items);
    while (page.next) {
      page = await list('carol', `scope=team&cursor=${encodeURIComponent(page.next)}`);
      listed.push(...page.items);
    }
    const seen = ids(listed);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([...ids(bobs), mine[1]!.id]));
    expect(seen).not.toContain(mine[0]!.id);
    // Newest edit first (items made in the same millisecond come in the index's own order).
    const times = listed.map((item) => item.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("list a user's own and the team's saved queries of one lookup, by the lookup their body names, as edits move them", async () => {
    const query = (lookupId: string, visibility: 'private' | 'team' = 'private') => ({
      kind: 'query' as const,
      visibility,
      title: `A query of ${lookupId}`,
      body: { lookupId, operationId: 'records', search: '?zipcode=62701', collection: 'Saved' },
    });
    const ofH = await create('bob', query('H'));
    const sharedOfH = await create('bob', query('H', 'team'));
    const ofL = await create('bob', query('L'));
    const alicesOfH = await create('alice', query('H'));
    // A body naming no lookup, or an item of another kind, is in no lookup's list.
    const unnamed = await create('bob', { ...query('H'), body: { lookupId: 'Z', search: '' } });
    const sql = await create('bob', { kind: 'sql', visibility: 'private', title: 'SQL', body: { lookupId: 'H', sql: 'select 1' } });
    expect(ofH.lookup).toBe('H');
    expect(unnamed.lookup).toBeUndefined();
    expect(sql.lookup).toBeUndefined();

    const ofLookup = async (user: User, lookup: string) => (await list(user, `scope=mine&kind=query&lookup=${lookup}`)).items;
    expect(ids(await ofLookup('bob', 'H'))).toEqual([sharedOfH.id, ofH.id]);
    expect((await ofLookup('bob', 'H'))[0]).toMatchObject({ lookup: 'H', title: 'A query of H', owner: 'bob' });
    expect(ids(await ofLookup('bob', 'L'))).toEqual([ofL.id]);
    expect(ids(await ofLookup('alice', 'H'))).toContain(alicesOfH.id);
    expect(ids(await ofLookup('alice', 'H'))).not.toContain(sharedOfH.id);
    // The team's queries of H: bob's shared one, for alice too; no private one.
    const teamOf = async (user: User, lookup: string) => ids((await list(user, `scope=team&kind=query&lookup=${lookup}`)).items);
    expect(await teamOf('alice', 'H')).toContain(sharedOfH.id);
    expect(await teamOf('alice', 'H')).not.toContain(ofH.id);
    expect(await teamOf('alice', 'H')).not.toContain(alicesOfH.id);

    const moved = await call(team, 'bob', 'PUT', `${TEAM_ITEMS_PATH}/${ofH.id}`, { ...query('L'), version: 1 });
    expect(teamItemSchema.parse(await moved.json())).toMatchObject({ lookup: 'L', version: 2 });
    expect(ids(await ofLookup('bob', 'H'))).toEqual([sharedOfH.id]);
    expect(ids(await ofLookup('bob', 'L'))).toEqual([ofH.id, ofL.id]);
    expect((await call(team, 'bob', 'DELETE', `${TEAM_ITEMS_PATH}/${ofL.id}?version=1`)).status).toBe(200);
    expect(ids(await ofLookup('bob', 'L'))).toEqual([ofH.id]);

    for (const [query, problem] of [
      ['scope=mine&kind=query&lookup=Z', 'must name a lookup (A to T)'],
      ['scope=team&kind=sql&lookup=H', 'lists saved queries of one lookup: ask with kind=query'],
      ['scope=mine&lookup=H', 'lists saved queries of one lookup: ask with kind=query'],
    ]) {
      const answer = await call(team, 'bob', 'GET', `${TEAM_ITEMS_PATH}?${query}`);
      expect(answer.status).toBe(400);
      expect((await errorOf(answer)).fields).toEqual({ lookup: problem });
    }
  });

  it('answer a list query it cannot read with 400 naming the field', async () => {
    const answer = await call(team, 'alice', 'GET', `${TEAM_ITEMS_PATH}?scope=everyone&kind=movie&cursor=x`);
    expect(answer.status).toBe(400);
    expect((await errorOf(answer)).fields).toEqual({
      scope: 'must be mine or team',
      kind: 'must be one of query, collection, dossier, sql, snapshot',
      cursor: 'is not a cursor this list gave',
    });
    const invalid = await call(team, 'alice', 'POST', TEAM_ITEMS_PATH, { kind: 'query', visibility: 'team', title: ' ', body: {} });
    expect(invalid.status).toBe(400);
    expect(await errorOf(invalid)).toMatchObject({ code: 'invalid_item', fields: { title: 'a title is needed' } });
  });

  it('write audit lines for creating, sharing, editing and deleting a team item, naming it and never its body', async () => {
    auditLines.length = 0;
    const kept = await create('alice', { visibility: 'private', title: 'Audited' });
    const path = `${TEAM_ITEMS_PATH}/${kept.id}`;
    const body = { lookup: 'H', params: { name: SECRET_VALUE } };
    await call(team, 'alice', 'PUT', path, { visibility: 'private', title: 'Audited', body, version: 1 });
    await call(team, 'alice', 'PUT', path, { visibility: 'team', title: 'Audited', body, version: 2 });
    await call(team, 'carol', 'PUT', path, { visibility: 'team', title: 'Audited again', body, version: 3 });
    await call(team, 'alice', 'DELETE', `${path}?version=4`);
    const created = await create('bob', { title: 'Born shared' });
    const lines = auditLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.source === 'item');
    expect(lines.map(({ user, action, method, status, item }) => ({ user, action, method, status, item }))).toEqual([
      {
        user: 'alice',
        action: 'item-share',
        method: 'PUT',
        status: 200,
        item: { id: kept.id, kind: 'query', title: 'Audited', owner: 'alice', visibility: 'team', version: 3 },
      },
      {
        user: 'carol',
        action: 'item-edit',
        method: 'PUT',
        status: 200,
        item: { id: kept.id, kind: 'query', title: 'Audited again', owner: 'alice', visibility: 'team', version: 4 },
      },
      {
        user: 'alice',
        action: 'item-delete',
        method: 'DELETE',
        status: 200,
        item: { id: kept.id, kind: 'query', title: 'Audited again', owner: 'alice', visibility: 'team', version: 4 },
      },
      {
        user: 'bob',
        action: 'item-create',
        method: 'POST',
        status: 201,
        item: { id: created.id, kind: 'query', title: 'Born shared', owner: 'bob', visibility: 'team', version: 1 },
      },
    ]);
    expect(lines.every((line) => typeof line.time === 'string')).toBe(true);
    expect(auditLines.join('')).not.toContain(SECRET_VALUE);
  });
});

describe('the team’s items’ limits', () => {
  it('refuse an item past the size of one with 413, and keep nothing', async () => {
    const big = await call(small, 'alice', 'POST', TEAM_ITEMS_PATH, {
      kind: 'snapshot',
      visibility: 'team',
      title: 'Big',
      body: { text: 'x'.repeat(1_600) },
    });
    expect(big.status).toBe(413);
    expect(await errorOf(big)).toMatchObject({ code: 'item_too_large', message: 'The item is 1.6 KiB; one item may be at most 1.5 KiB' });
    const list = await call(small, 'alice', 'GET', `${TEAM_ITEMS_PATH}?scope=mine`);
    expect(teamItemListSchema.parse(await list.json()).items).toEqual([]);
  });

  it('refuse what passes a user’s quota with 429 naming it: their total size, then their count', async () => {
    await create('bob', { body: { text: 'x'.repeat(1_200) } }, small);
    const heavy = await call(small, 'bob', 'POST', TEAM_ITEMS_PATH, {
      kind: 'query',
      visibility: 'team',
      title: 'Heavy',
      body: { text: 'y'.repeat(1_000) },
    });
    expect(heavy.status).toBe(429);
    const bytes = quotaRefusalSchema.parse(await heavy.json());
    expect(bytes.error).toMatchObject({ code: 'quota', quota: 'item-bytes', limit: 2_000, used: 1_211 });
    expect(bytes.error.message).toBe('Your items take 1.2 KiB of the 2.0 KiB one user may keep; this one needs 1011 bytes');

    await create('bob', { body: {} }, small);
    const third = await call(small, 'bob', 'POST', TEAM_ITEMS_PATH, { kind: 'query', visibility: 'team', title: 'Third', body: {} });
    expect(third.status).toBe(429);
    expect(quotaRefusalSchema.parse(await third.json()).error).toMatchObject({
      quota: 'items',
      limit: 2,
      used: 2,
      message: 'You keep 2 items, the most one user may keep (2): delete some to save another',
    });
    // Alice's quota is her own.
    await create('alice', {}, small);
  });

  it('answer 503 store_unavailable while the store does not answer', async () => {
    const down = () => Promise.reject(new StoreUnavailableError());
    const store: ItemStore = {
      create: down,
      get: down,
      replace: down,
      remove: down,
      page: down,
      usage: down,
      close: async () => undefined,
    };
    const origin = await startTeamServer({ itemsPerUser: 2, bytesPerUser: 2_000, maxItemBytes: 1_500 }, undefined, store);
    for (const answer of [
      await call(origin, 'alice', 'GET', `${TEAM_ITEMS_PATH}?scope=team`),
      await call(origin, 'alice', 'POST', TEAM_ITEMS_PATH, { kind: 'query', visibility: 'team', title: 'T', body: {} }),
    ]) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await errorOf(answer)).toMatchObject({ code: 'store_unavailable' });
    }
  });

  it('are not served by a server without an access mode', async () => {
    for (const [method, path] of [
      ['GET', `${TEAM_ITEMS_PATH}?scope=team`],
      ['POST', TEAM_ITEMS_PATH],
      ['PUT', `${TEAM_ITEMS_PATH}/abcdefgh12`],
    ]) {
      const answer = await fetch(`${single}${path}`, {
        method,
        ...(method !== 'GET' && { headers: { 'content-type': 'application/json' }, body: '{}' }),
      });
      expect(answer.status, method).toBe(404);
      expect((await errorOf(answer)).message).toMatch(/^This server keeps no team items/);
    }
  });
});
