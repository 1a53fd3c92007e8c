// @vitest-environment node
// Issue 35: the team's items on two instances sharing one real Redis, each the production server
// (start.ts) in a process of its own, and Redis started from the project's deploy/redis.conf
// (append-only file) in a folder of the test's. Alice saves a team query on one instance and Bob
// finds it on the other; then both instances and redis-server are stopped and started again, and
// nothing is lost: the items, their versions, the indexes and each user's quota count.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  quotaRefusalSchema,
  staleEditSchema,
  teamItemListSchema,
  teamItemSchema,
  TEAM_ITEMS_PATH,
  type TeamItem,
} from '../../../lookups/team-wire.ts';
import { startServerProcess, teamFolder, type ServerProcess } from '../../jobs/jobs-testing.ts';
import { startRedis, type TestRedis } from '../redis-for-tests.ts';

const REDIS_CONF = fileURLToPath(new URL('../../../../deploy/redis.conf', import.meta.url));
const TOKENS = { alice: 'alice-token-0123456789', bob: 'bob-token-abcdefghijkl' };
type User = keyof typeof TOKENS;

describe('the team’s items on two instances and one Redis', () => {
  let redis: TestRedis;
  let one: ServerProcess;
  let two: ServerProcess;
  const folder = teamFolder(TOKENS);
  const redisDir = mkdtempSync(join(tmpdir(), 'lookup-items-redis-'));
  const env = () => ({
    DIST_DIR: folder.dist,
    LOOKUP_REDIS_URL: redis.url,
    LOOKUP_ACCESS_TOKENS_FILE: folder.tokensFile,
    LOOKUP_JOBS: 'off',
    LOOKUP_ITEMS_PER_USER: '2',
  });
  const startBoth = async () => ([one, two] = await Promise.all([startServerProcess(env()), startServerProcess(env())]));
  const call = (instance: ServerProcess, user: User, method: string, path: string, body?: unknown) =>
    fetch(`${instance.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKENS[user]}`, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  const teamList = async (instance: ServerProcess, user: User) =>
    teamItemListSchema.parse(await (await call(instance, user, 'GET', `${TEAM_ITEMS_PATH}?scope=team`)).json()).items;

  beforeAll(async () => {
    redis = await startRedis({ configFile: REDIS_CONF, dir: redisDir });
    await startBoth();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([one?.stop('SIGKILL'), two?.stop('SIGKILL')]);
    await redis?.stop();
    rmSync(folder.dist, { recursive: true, force: true });
    rmSync(redisDir, { recursive: true, force: true });
  });

  it('shows a query Alice saves as team on one instance to Bob on the other, and loses nothing when everything restarts', async () => {
    const saved = await call(one, 'alice', 'POST', TEAM_ITEMS_PATH, {
      kind: 'query',
      visibility: 'team',
      title: 'Springfield offenders',
      body: { lookup: 'H', operation: 'records', params: { zipcode: '62701' } },
    });
    expect(saved.status).toBe(201);
    const item: TeamItem = teamItemSchema.parse(await saved.json());
    expect((await teamList(two, 'bob')).map((each) => [each.id, each.owner, each.title])).toEqual([
      [item.id, 'alice', 'Springfield offenders'],
    ]);

    // Edited on the second instance; the first one's stale edit is refused with both versions.
    const edit = { visibility: 'team', title: 'Springfield offenders (all)', body: { ...item.body, all: true } };
    expect((await call(two, 'alice', 'PUT', `${TEAM_ITEMS_PATH}/${item.id}`, { ...edit, version: 1 })).status).toBe(200);
    const stale = await call(one, 'alice', 'PUT', `${TEAM_ITEMS_PATH}/${item.id}`, { ...edit, title: 'Late', version: 1 });
    expect(stale.status).toBe(409);
    expect(staleEditSchema.parse(await stale.json())).toMatchObject({ current: { version: 2 }, yours: { version: 1, title: 'Late' } });
    const kept = await call(one, 'alice', 'POST', TEAM_ITEMS_PATH, {
      kind: 'sql',
      visibility: 'private',
      title: 'Mine',
      body: { sql: 'select 1' },
    });
    expect(kept.status).toBe(201);
    const before = await (await call(one, 'bob', 'GET', `${TEAM_ITEMS_PATH}/${item.id}`)).json();

    // Both instances and redis-server stop (Redis as its service manager stops it) and start again.
    await Promise.all([one.stop('SIGKILL'), two.stop('SIGKILL')]);
    await redis.shutdown();
    await redis.restart();
    await startBoth();

    const after = await call(two, 'bob', 'GET', `${TEAM_ITEMS_PATH}/${item.id}`);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual(before);
    expect(teamItemSchema.parse(before)).toMatchObject({ version: 2, title: 'Springfield offenders (all)', body: { all: true } });
    expect((await teamList(one, 'bob')).map((each) => each.id)).toEqual([item.id]);
    const own = teamItemListSchema.parse(await (await call(one, 'alice', 'GET', `${TEAM_ITEMS_PATH}?scope=mine`)).json()).items;
    expect(own.map((each) => each.title)).toEqual(['Mine', 'Springfield offenders (all)']);
    // Her count survived too: a third item passes her quota of two.
    const third = await call(two, 'alice', 'POST', TEAM_ITEMS_PATH, { kind: 'query', visibility: 'private', title: 'Third', body: {} });
    expect(third.status).toBe(429);
    expect(quotaRefusalSchema.parse(await third.json()).error).toMatchObject({ quota: 'items', used: 2, limit: 2 });
    // Redis keeps its append-only file: no instance warns that a restart would lose the items.
    expect(one.output() + two.output()).not.toContain('keeps no append-only file');
  }, 180_000);
});
