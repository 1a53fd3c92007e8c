// @vitest-environment node
// The ItemStore contract, run against both implementations: this process's memory and a real
// redis-server (started on a free port for this file; each test under a prefix of its own).
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { TeamItemKind, Visibility } from '../../../lookups/team-wire.ts';
import { freePort } from '../../testing/free-port.ts';
import { setupRedisForFile } from '../../testing/redis-per-file.ts';
import { isStoreUnavailable } from '../store-errors.ts';
import { cursorText, parseCursor, type ItemCursor, type ItemIndex, type ItemStore, type StoredItem } from './item-store.ts';
import { createMemoryItemStore } from './memory-item-store.ts';
import { createRedisItemStore, NO_AOF_ITEMS_MESSAGE } from './redis-item-store.ts';

const redis = setupRedisForFile();

const QUOTA = { items: 100, bytes: 10_000 };
let serial = 0;

function item(
  owner: string,
  at: number,
  options: { kind?: TeamItemKind; visibility?: Visibility; body?: string; id?: string; lookup?: string } = {},
): StoredItem {
  serial += 1;
  const body = options.body ?? `{"n":${serial}}`;
  const time = new Date(at).toISOString();
  return {
    id: options.id ?? `item-${String(serial).padStart(6, '0')}`,
    kind: options.kind ?? 'query',
    visibility: options.visibility ?? 'private',
    title: `Item ${serial}`,
    owner,
    version: 1,
    createdAt: time,
    updatedAt: time,
    bytes: Buffer.byteLength(body),
    ...(options.lookup && { lookup: options.lookup }),
    body,
  };
}

/** Every id of an index, page by page. */
async function allIds(store: ItemStore, index: ItemIndex, size: number): Promise<string[]> {
  const ids: string[] = [];
  let after: ItemCursor | undefined;
  do {
    const page = await store.page(index, after, size);
    ids.push(...page.items.map((entry) => entry.id));
    after = page.next;
  } while (after);
  return ids;
}

describe.each([
  ['memory', () => createMemoryItemStore()],
  [
    'redis',
    () => {
      return redis.closeAfterAll(createRedisItemStore(redis.url, { keyPrefix: `test-items:${randomUUID()}:`, log: () => undefined }));
    },
  ],
] as const)('the %s item store', (_kind, make) => {
  it('keeps an item and gives it back with its body as sent', async () => {
    const store = make();
    const kept = item('alice', 1_000, { body: '{"zipcode":"62701","ä":"ü"}' });
    expect(await store.create(kept, QUOTA)).toEqual({ ok: true });
    expect(await store.get(kept.id)).toEqual(kept);
    expect(await store.get('no-such-item')).toBeUndefined();
    expect(await store.usage('alice')).toEqual({ items: 1, bytes: kept.bytes });
  });

  it("lists a user's and the team's saved queries of one lookup, and keeps those indexes right through edits and deletes", async () => {
    const store = make();
    const ofL = item('alice', 1_000, { lookup: 'L' });
    const ofH = item('alice', 2_000, { lookup: 'H', visibility: 'team' });
    const bobs = item('bob', 3_000, { lookup: 'L' });
    const sql = item('alice', 4_000, { kind: 'sql' });
    for (const each of [ofL, ofH, bobs, sql]) expect(await store.create(each, QUOTA)).toEqual({ ok: true });
    const queriesOf = (owner: string, lookup: string) => allIds(store, { scope: 'mine', owner, kind: 'query', lookup }, 10);
    expect(await queriesOf('alice', 'L')).toEqual([ofL.id]);
    expect(await queriesOf('alice', 'H')).toEqual([ofH.id]);
    expect(await queriesOf('bob', 'L')).toEqual([bobs.id]);
    // The lookup index is one more: the owner's kind index still lists every query.
    expect(await allIds(store, { scope: 'mine', owner: 'alice', kind: 'query' }, 10)).toEqual([ofH.id, ofL.id]);
    // The team's of a lookup: shared queries only.
    const teamOf = (lookup: string) => allIds(store, { scope: 'team', kind: 'query', lookup }, 10);
    expect(await teamOf('H')).toEqual([ofH.id]);
    expect(await teamOf('L')).toEqual([]);

    // Edited to another lookup and shared: out of L's indexes, into M's and the team's of M.
    const moved = { ...ofL, lookup: 'M', visibility: 'team' as const, version: 2, updatedAt: new Date(5_000).toISOString() };
    expect(await store.replace(moved, 1, QUOTA)).toEqual({ ok: true });
    expect(await queriesOf('alice', 'L')).toEqual([]);
    expect(await queriesOf('alice', 'M')).toEqual([ofL.id]);
    expect(await teamOf('M')).toEqual([ofL.id]);
    expect((await store.page({ scope: 'mine', owner: 'alice', kind: 'query', lookup: 'M' }, undefined, 10)).items[0]).toMatchObject({
      lookup: 'M',
      version: 2,
    });
    // Edited to name no lookup: in no lookup's index, its own or the team's.
    const { lookup: _lookup, ...unnamed } = { ...ofH, version: 2, updatedAt: new Date(6_000).toISOString() };
    expect(await store.replace(unnamed, 1, QUOTA)).toEqual({ ok: true });
    expect(await queriesOf('alice', 'H')).toEqual([]);
    expect(await teamOf('H')).toEqual([]);
    // Taken back to private: out of the team's list of its lookup, still in its owner's.
    expect(await store.replace({ ...moved, visibility: 'private', version: 3 }, 2, QUOTA)).toEqual({ ok: true });
    expect(await teamOf('M')).toEqual([]);
    expect(await queriesOf('alice', 'M')).toEqual([ofL.id]);
    // A stale edit moves nothing.
    expect(await store.replace({ ...moved, lookup: 'L', version: 4 }, 1, QUOTA)).toMatchObject({ ok: false, reason: 'stale' });
    expect(await queriesOf('alice', 'M')).toEqual([ofL.id]);

    // Shared again, then deleted: out of every list of its lookup.
    expect(await store.replace({ ...moved, version: 4 }, 3, QUOTA)).toEqual({ ok: true });
    expect(await teamOf('M')).toEqual([ofL.id]);
    expect(await store.remove(ofL.id, 4)).toEqual({ ok: true });
    expect(await queriesOf('alice', 'M')).toEqual([]);
    expect(await teamOf('M')).toEqual([]);
    expect(await queriesOf('bob', 'L')).toEqual([bobs.id]);
  });

  it('lists by index, newest edit first, in pages whose cursors miss nothing and repeat nothing', async () => {
    const store = make();
    const mine: StoredItem[] = [];
    // Some share a millisecond: the order among them is by id, and a cursor can stop among them.
    for (let n = 0; n < 7; n++)
      mine.push(item('alice', 10_000 + Math.floor(n / 3), { visibility: n % 2 ? 'team' : 'private', kind: n < 4 ? 'query' : 'sql' }));
    const others = Array.from({ length: 12 }, (_, n) => item('bob', 20_000 + n));
    for (const each of [...mine, ...others]) expect(await store.create(each, QUOTA)).toEqual({ ok: true });
    const newestFirst = (items: StoredItem[]) =>
      [...items].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || (a.id < b.id ? 1 : -1)).map((each) => each.id);

    // Bob's twelve newer items do not push Alice's out of her list.
    for (const size of [1, 2, 3, 100]) expect(await allIds(store, { scope: 'mine', owner: 'alice' }, size)).toEqual(newestFirst(mine));
    expect(await allIds(store, { scope: 'mine', owner: 'alice', kind: 'sql' }, 2)).toEqual(
      newestFirst(mine.filter((each) => each.kind === 'sql')),
    );
    expect(await allIds(store, { scope: 'team' }, 2)).toEqual(newestFirst(mine.filter((each) => each.visibility === 'team')));
    expect(await allIds(store, { scope: 'team', kind: 'collection' }, 2)).toEqual([]);
    const first = await store.page({ scope: 'mine', owner: 'bob' }, undefined, 5);
    expect(first.items.map((each) => each.id)).toEqual(newestFirst(others).slice(0, 5));
    expect(first.items[0]).not.toHaveProperty('body');
    expect(parseCursor(cursorText(first.next!))).toEqual(first.next);
  });

  it('replaces an item made from its current version and moves it in its indexes; a stale one gets the current item', async () => {
    const store = make();
    const first = item('alice', 1_000);
    const older = item('alice', 2_000, { visibility: 'team' });
    await store.create(first, QUOTA);
    await store.create(older, QUOTA);
    const shared = {
      ...first,
      visibility: 'team' as const,
      version: 2,
      updatedAt: new Date(3_000).toISOString(),
      title: 'Shared',
      body: '{"a":1,"b":2}',
      bytes: 13,
    };
    expect(await store.replace(shared, 1, QUOTA)).toEqual({ ok: true });
    expect(await store.get(first.id)).toEqual(shared);
    expect(await allIds(store, { scope: 'team' }, 10)).toEqual([first.id, older.id]);
    expect(await allIds(store, { scope: 'mine', owner: 'alice' }, 10)).toEqual([first.id, older.id]);
    expect(await store.usage('alice')).toEqual({ items: 2, bytes: older.bytes + 13 });

    expect(await store.replace({ ...shared, version: 2, title: 'Late' }, 1, QUOTA)).toEqual({
      ok: false,
      reason: 'stale',
      current: shared,
    });
    expect(await store.replace({ ...item('alice', 1), id: 'missing-item' }, 1, QUOTA)).toEqual({ ok: false, reason: 'missing' });

    const unshared = { ...shared, visibility: 'private' as const, version: 3 };
    expect(await store.replace(unshared, 2, QUOTA)).toEqual({ ok: true });
    expect(await allIds(store, { scope: 'team' }, 10)).toEqual([older.id]);
  });

  it('deletes an item at its current version, out of every index and its owner’s usage', async () => {
    const store = make();
    const kept = item('alice', 1_000, { visibility: 'team', kind: 'dossier' });
    await store.create(kept, QUOTA);
    expect(await store.remove(kept.id, 2)).toEqual({ ok: false, reason: 'stale', current: kept });
    expect(await store.remove(kept.id, 1)).toEqual({ ok: true });
    expect(await store.get(kept.id)).toBeUndefined();
    expect(await store.remove(kept.id, 1)).toEqual({ ok: false, reason: 'missing' });
    for (const index of [{ scope: 'team' }, { scope: 'team', kind: 'dossier' }, { scope: 'mine', owner: 'alice' }] as const)
      expect((await store.page(index, undefined, 10)).items).toEqual([]);
    expect(await store.usage('alice')).toEqual({ items: 0, bytes: 0 });
  });

  it('refuses what would pass the owner’s quota, naming it, and keeps nothing of it', async () => {
    const store = make();
    const quota = { items: 2, bytes: 40 };
    expect(await store.create(item('alice', 1, { body: '{"x":"0123456789"}' }), quota)).toEqual({ ok: true });
    const big = item('alice', 2, { body: `{"x":"${'y'.repeat(30)}"}` });
    expect(await store.create(big, quota)).toEqual({ ok: false, reason: 'quota', quota: 'item-bytes', used: 18, limit: 40 });
    const second = item('alice', 3);
    expect(await store.create(second, quota)).toEqual({ ok: true });
    expect(await store.create(item('alice', 4), quota)).toMatchObject({ ok: false, reason: 'quota', quota: 'items', used: 2, limit: 2 });
    // Another user has a quota of their own.
    expect(await store.create(item('bob', 5), quota)).toEqual({ ok: true });
    // An edit that grows past the bytes is refused; one that shrinks is always taken.
    const grown = { ...second, version: 2, body: big.body, bytes: big.bytes };
    expect(await store.replace(grown, 1, quota)).toMatchObject({ ok: false, reason: 'quota', quota: 'item-bytes' });
    expect(await store.get(second.id)).toEqual(second);
    expect(await store.usage('alice')).toEqual({ items: 2, bytes: 18 + second.bytes });
  });

  it('lets racing writes pass a quota or a version only once', async () => {
    const store = make();
    const racing = Array.from({ length: 12 }, (_, n) => item('carol', 100 + n));
    const created = await Promise.all(racing.map((each) => store.create(each, { items: 3, bytes: 10_000 })));
    expect(created.filter((write) => write.ok)).toHaveLength(3);
    expect(await store.usage('carol')).toMatchObject({ items: 3 });
    const kept = racing[created.findIndex((write) => write.ok)]!;
    const edits = await Promise.all(['a', 'b', 'c'].map((title) => store.replace({ ...kept, title, version: 2 }, 1, QUOTA)));
    expect(edits.filter((write) => write.ok)).toHaveLength(1);
    expect(edits.filter((write) => !write.ok && write.reason === 'stale')).toHaveLength(2);
  });
});

describe('the redis item store over items an older server kept', () => {
  it("puts the saved queries kept before summaries named their lookup in their lookup's list, once, at start", async () => {
    const prefix = `test-items:${randomUUID()}:`;
    const raw = new Redis(redis.url, { keyPrefix: prefix });
    const query = (lookupId: string) => JSON.stringify({ lookupId, operationId: 'incidents', search: '?page=1', collection: 'Saved' });
    const old = item('alice', 5_000, { body: query('L') });
    const sql = item('alice', 6_000, { kind: 'sql', body: '{"lookupId":"L","sql":"select 1"}' });
    const unnamed = item('alice', 7_000, { body: query('Z') });
    const shared = item('alice', 8_000, { body: query('H'), visibility: 'team' });
    // As a server before 2026-12-06 wrote them: no lookup in the summary, in no lookup's index.
    for (const { body, ...summary } of [old, sql, unnamed, shared]) {
      await raw.hset(`items:item:${summary.id}`, 'meta', JSON.stringify(summary), 'body', body, 'version', '1', 'bytes', summary.bytes);
      await raw.zadd(`items:own:${summary.kind}:alice`, Date.parse(summary.updatedAt), summary.id);
    }
    const store = redis.closeAfterAll(createRedisItemStore(redis.url, { keyPrefix: prefix, log: () => undefined }));
    const ofL = () => allIds(store, { scope: 'mine', owner: 'alice', kind: 'query', lookup: 'L' }, 10);
    // The pass marks itself done once every item was seen.
    await expect.poll(() => raw.get('items:lookups-named')).not.toBeNull();
    expect(await ofL()).toEqual([old.id]);
    expect(await allIds(store, { scope: 'team', kind: 'query', lookup: 'H' }, 10)).toEqual([shared.id]);
    expect(await store.get(old.id)).toEqual({ ...old, lookup: 'L' });
    expect(await store.get(sql.id)).toEqual(sql);
    expect(await store.get(unnamed.id)).toEqual(unnamed);
    await raw.quit();
  });
});

describe('the redis item store on a Redis without an append-only file', () => {
  it('says once that a Redis restart would lose every item', async () => {
    const said: string[] = [];
    const store = redis.closeAfterAll(
      createRedisItemStore(redis.url, { keyPrefix: `test-items:${randomUUID()}:`, log: (message) => said.push(message) }),
    );
    await store.usage('alice');
    await expect.poll(() => said).toEqual([NO_AOF_ITEMS_MESSAGE]);
  });
});

describe('the redis item store while Redis does not answer', () => {
  it('fails closed: every call rejects with store_unavailable', async () => {
    const store = redis.closeAfterAll(createRedisItemStore(`redis://127.0.0.1:${await freePort()}`, { log: () => undefined }));
    const calls = [
      store.get('abcdefgh12'),
      store.create(item('alice', 1), QUOTA),
      store.page({ scope: 'team' }, undefined, 10),
      store.usage('alice'),
    ];
    for (const call of calls)
      await expect(
        call.then(
          () => 'answered',
          (error: unknown) => isStoreUnavailable(error),
        ),
      ).resolves.toBe(true);
  });
});
