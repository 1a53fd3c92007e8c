// @vitest-environment node
// The SharedStore contract, run against both implementations: the in-process store and a real
// redis-server (started on a free port for this file). Then what only Redis has: atomic
// reservations across clients, and failing closed (store_unavailable, ping false) while it is down.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { setupRedisForFile } from '../testing/redis-per-file.ts';
import { createRedisStore } from './redis-store.ts';
import { createMemoryStore, createStoreFromEnv, isStoreUnavailable } from './shared-store.ts';
import type { SharedStore } from './store-types.ts';

const redis = setupRedisForFile();

function redisStore(): SharedStore {
  return redis.closeAfterAll(createRedisStore(redis.url, { log: () => {} }));
}

const key = (name: string) => `test:${name}:${randomUUID()}`;

describe.each([
  ['memory', () => createMemoryStore()],
  ['redis', () => redisStore()],
] as const)('the %s store', (kind, make) => {
  it('says which store it is', () => {
    expect(make().kind).toBe(kind);
  });

  it('reserves up to the limit, then refuses without counting the refusal', async () => {
    const store = make();
    const counter = key('reserve');
    const expires = Date.now() + 60_000;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await store.reserve(counter, 3, expires));
    expect(results).toEqual([
      { allowed: true, used: 1 },
      { allowed: true, used: 2 },
      { allowed: true, used: 3 },
      { allowed: false, used: 3 },
    ]);
    expect(await store.count(counter)).toBe(3);
  });

  it('releases a reserved unit, never below zero', async () => {
    const store = make();
    const counter = key('release');
    await store.reserve(counter, 2, Date.now() + 60_000);
    await store.reserve(counter, 2, Date.now() + 60_000);
    expect((await store.reserve(counter, 2, Date.now() + 60_000)).allowed).toBe(false);
    await store.release(counter);
    expect(await store.count(counter)).toBe(1);
    expect(await store.reserve(counter, 2, Date.now() + 60_000)).toEqual({ allowed: true, used: 2 });
    await store.release(counter);
    await store.release(counter);
    await store.release(counter);
    expect(await store.count(counter)).toBe(0);
    await store.release(key('never-reserved'));
    expect(await store.count(key('absent'))).toBe(0);
  });

  it('forgets a counter at the expiry set when it was created', async () => {
    const store = make();
    const counter = key('expiry');
    await store.reserve(counter, 1, Date.now() + 3_000);
    // A later expiry does not extend the window the first reservation opened.
    expect((await store.reserve(counter, 1, Date.now() + 60_000)).allowed).toBe(false);
    await expect.poll(() => store.count(counter), { timeout: 10_000, interval: 100 }).toBe(0);
    expect(await store.reserve(counter, 1, Date.now() + 60_000)).toEqual({ allowed: true, used: 1 });
  });

  it('reserves several counters all or nothing, and says which one refused', async () => {
    const store = make();
    const [wide, narrow] = [key('all-wide'), key('all-narrow')];
    const expires = Date.now() + 60_000;
    const both = [
      { key: wide, limit: 3, expiresAtMs: expires },
      { key: narrow, limit: 1, expiresAtMs: expires },
    ];
    expect(await store.reserveAll(both)).toEqual({ allowed: true, used: [1, 1] });
    expect(await store.reserveAll(both)).toEqual({ allowed: false, refused: { index: 1, used: 1 } });
    // The refusal took nothing from the counter that had room.
    expect(await store.count(wide)).toBe(1);
    expect(await store.reserveAll([both[0]!])).toEqual({ allowed: true, used: [2] });
    expect(
      await store.reserveAll([
        { ...both[0]!, limit: 2 },
        { ...both[1]!, limit: 5 },
      ]),
    ).toEqual({ allowed: false, refused: { index: 0, used: 2 } });
    expect(await store.count(narrow)).toBe(1);
    expect(await store.reserveAll([])).toEqual({ allowed: true, used: [] });
  });

  it('counts a counter named twice in one reserveAll twice, and keeps the expiry it was created with', async () => {
    const store = make();
    const counter = key('all-twice');
    const once = { key: counter, limit: 3, expiresAtMs: Date.now() + 3_000 };
    expect(await store.reserveAll([once, once])).toEqual({ allowed: true, used: [1, 2] });
    expect(await store.reserveAll([{ ...once, expiresAtMs: Date.now() + 60_000 }, once])).toMatchObject({
      allowed: false,
      refused: { index: 1 },
    });
    expect(await store.count(counter)).toBe(2);
    await expect.poll(() => store.count(counter), { timeout: 10_000, interval: 100 }).toBe(0);
  });

  it('reserves with a guard only while its key holds its value, taking nothing otherwise', async () => {
    const store = make();
    const [guardKey, counter] = [key('guard'), key('guarded')];
    const counters = [{ key: counter, limit: 5, expiresAtMs: Date.now() + 60_000 }];
    expect(await store.reserveAll(counters, { key: guardKey, value: 'one' })).toEqual({ allowed: false, guardChanged: true });
    await store.swapText(guardKey, undefined, 'one');
    expect(await store.reserveAll(counters, { key: guardKey, value: 'one' })).toEqual({ allowed: true, used: [1] });
    await store.swapText(guardKey, 'one', 'two');
    expect(await store.reserveAll([...counters, ...counters], { key: guardKey, value: 'one' })).toEqual({
      allowed: false,
      guardChanged: true,
    });
    expect(await store.count(counter)).toBe(1);
    expect(await store.reserveAll([{ ...counters[0]!, limit: 1 }], { key: guardKey, value: 'two' })).toEqual({
      allowed: false,
      refused: { index: 0, used: 1 },
    });
  });

  it('compares and sets text with no expiry, and says what the key holds afterwards', async () => {
    const store = make();
    const marker = key('swap');
    expect(await store.getText(marker)).toBeUndefined();
    expect(await store.swapText(marker, 'not there', 'one')).toBeUndefined();
    expect(await store.swapText(marker, undefined, 'one')).toBe('one');
    expect(await store.swapText(marker, undefined, 'two')).toBe('one');
    expect(await store.swapText(marker, 'other', 'two')).toBe('one');
    expect(await store.swapText(marker, 'one', '')).toBe('');
    // An empty value is a value, not an absent key.
    expect(await store.swapText(marker, undefined, 'three')).toBe('');
    expect(await store.swapText(marker, '', 'three')).toBe('three');
    expect(await store.getText(marker)).toBe('three');
    // Written over a key that had a time to live, it has none: it outlives a key set after it with the same one.
    const [expiring, control] = [key('swap-ttl'), key('swap-ttl-control')];
    await store.setBytes(expiring, Buffer.from('old'), 2_000);
    await store.setBytes(control, Buffer.from('old'), 2_000);
    expect(await store.swapText(expiring, 'old', 'kept')).toBe('kept');
    await expect.poll(() => store.getBytes(control), { timeout: 10_000, interval: 100 }).toBeUndefined();
    expect(await store.getText(expiring)).toBe('kept');
  });

  it('keeps bytes for their time to live, as a copy', async () => {
    const store = make();
    const entry = key('bytes');
    const value = Buffer.from([0, 1, 2, 255, 0x7b]);
    await store.setBytes(entry, value, 60_000);
    value[0] = 9;
    expect(await store.getBytes(entry)).toEqual(Buffer.from([0, 1, 2, 255, 0x7b]));
    // Expiry on its own entry, polled: a busy machine may take longer than a short TTL between calls.
    const shortLived = key('bytes-short');
    await store.setBytes(shortLived, Buffer.from('soon gone'), 100);
    await expect.poll(() => store.getBytes(shortLived), { timeout: 10_000, interval: 50 }).toBeUndefined();
    expect(await store.getBytes(entry)).toBeDefined();
  });

  it('replaces and deletes bytes', async () => {
    const store = make();
    const entry = key('delete');
    await store.setBytes(entry, Buffer.from('one'), 60_000);
    await store.setBytes(entry, Buffer.from('two'), 60_000);
    expect((await store.getBytes(entry))?.toString()).toBe('two');
    await store.delete(entry);
    expect(await store.getBytes(entry)).toBeUndefined();
    await store.delete(entry);
  });

  it('answers ping while open, and refuses with store_unavailable once closed', async () => {
    const store = make();
    expect(await store.ping()).toBe(true);
    await store.close();
    expect(await store.ping()).toBe(false);
    const refused = await store.count(key('closed')).catch((error: unknown) => error);
    expect(isStoreUnavailable(refused)).toBe(true);
  });
});

describe('the in-process store', () => {
  it('expires by the clock it is given', async () => {
    let now = 1_000_000;
    const store = createMemoryStore(() => now);
    await store.reserve('c', 5, now + 1_000);
    await store.setBytes('b', Buffer.from('x'), 500);
    now += 600;
    expect(await store.getBytes('b')).toBeUndefined();
    expect(await store.count('c')).toBe(1);
    now += 400;
    expect(await store.count('c')).toBe(0);
  });
});

describe('the Redis store', () => {
  it('keeps every key under the lookup-explorer: prefix', async () => {
    const store = redisStore();
    const entry = key('prefixed');
    const counters = [key('prefixed-counter'), key('prefixed-counter')];
    await store.setBytes(entry, Buffer.from('v'), 60_000);
    await store.reserveAll(counters.map((counter) => ({ key: counter, limit: 1, expiresAtMs: Date.now() + 60_000 })));
    const raw = await new Promise<string>((resolve, reject) => {
      // A second, unprefixed look through a plain client: RESP by hand keeps the test independent of ioredis.
      import('node:net').then(({ connect }) => {
        const socket = connect(redis.port, '127.0.0.1', () =>
          socket.write(`EXISTS ${[entry, ...counters].map((name) => `lookup-explorer:${name}`).join(' ')}\r\n`),
        );
        socket.once('data', (data) => {
          socket.destroy();
          resolve(data.toString());
        });
        socket.once('error', reject);
      }, reject);
    });
    expect(raw).toBe(':3\r\n');
  });

  it('never lets racing clients pass the limit', async () => {
    const stores = [redisStore(), redisStore(), redisStore()];
    const counter = key('race');
    const expires = Date.now() + 60_000;
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => stores[i % 3]!.reserve(counter, 25, expires)));
    expect(results.filter((result) => result.allowed)).toHaveLength(25);
    expect(await stores[0]!.count(counter)).toBe(25);
  });

  it('never lets racing clients pass any limit of a reserveAll, nor take a unit from one counter when another refuses', async () => {
    const stores = [redisStore(), redisStore(), redisStore()];
    const shared = key('race-shared');
    const own = stores.map(() => key('race-own'));
    const expires = Date.now() + 60_000;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        stores[i % 3]!.reserveAll([
          { key: shared, limit: 25, expiresAtMs: expires },
          { key: own[i % 3]!, limit: 12, expiresAtMs: expires },
        ]),
      ),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(25);
    const ownCounts = await Promise.all(own.map((counter) => stores[0]!.count(counter)));
    expect(ownCounts.every((count) => count <= 12)).toBe(true);
    expect(ownCounts.reduce((sum, count) => sum + count, 0)).toBe(25);
    expect(await stores[0]!.count(shared)).toBe(25);
  });

  it('is picked by LOOKUP_REDIS_URL, the in-process store otherwise', async () => {
    const fromEnv = createStoreFromEnv({ LOOKUP_REDIS_URL: redis.url });
    expect(fromEnv.kind).toBe('redis');
    expect(await fromEnv.ping()).toBe(true);
    await fromEnv.close();
    expect(createStoreFromEnv({}).kind).toBe('memory');
    expect(createStoreFromEnv({ LOOKUP_REDIS_URL: '  ' }).kind).toBe('memory');
  });
});

// Last: it stops this file's Redis and starts it again.
describe('a Redis outage', () => {
  it('fails closed fast while Redis is down, and recovers when it is back', async () => {
    const logged: string[] = [];
    const store = redis.closeAfterAll(createRedisStore(redis.url, { log: (line) => logged.push(line) }));
    const counter = key('outage');
    await store.reserve(counter, 10, Date.now() + 60_000);

    await redis.stop();
    // Until the client has noticed the server went.
    await vi.waitFor(async () => expect(await store.ping()).toBe(false), { timeout: 10_000, interval: 50 });
    const started = Date.now();
    const refused = await store.reserve(counter, 10, Date.now() + 60_000).catch((error: unknown) => error);
    expect(isStoreUnavailable(refused)).toBe(true);
    expect((refused as Error).message).toMatch(/Redis/);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(logged.some((line) => /not reachable/.test(line))).toBe(true);

    await redis.restart();
    await expect.poll(() => store.ping(), { timeout: 8_000, interval: 100 }).toBe(true);
    // The restarted server is empty (nothing saved): the counter starts again.
    expect(await store.reserve(counter, 10, Date.now() + 60_000)).toEqual({ allowed: true, used: 1 });
    expect(logged.some((line) => /reachable again/.test(line))).toBe(true);
  }, 20_000);
});
