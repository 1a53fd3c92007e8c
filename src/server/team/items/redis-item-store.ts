// The team's items on Redis, shared by every instance and kept across restarts by Redis's
// append-only file (deploy/redis.conf; decision 044). An item is a hash (its summary as JSON, its
// body as the JSON text sent, and the version and size the scripts check); the indexes are sorted
// sets scored by the last edit (item-store.ts); each owner's usage is a hash of two counters.
// Every write is one Lua script: the version it was made from, the quota, the item, its indexes
// and the usage change together or not at all, however many instances race.
//
// Failing closed, as the shared store does (redis-store.ts): while Redis is unreachable every call
// rejects with StoreUnavailableError, fast, and the routes answer 503.
import { Redis } from 'ioredis';
import { partLog } from '../../server-log.ts';
import { failFastRedisOptions } from '../redis-store.ts';
import { StoreUnavailableError } from '../store-errors.ts';
import {
  editedAt,
  indexesOf,
  indexName,
  lookupIndexesOf,
  lookupOf,
  type ItemCursor,
  type ItemIndex,
  type ItemStore,
  type ItemWrite,
  type StoredItem,
} from './item-store.ts';
import type { TeamItemSummary } from '../../../lookups/team-wire.ts';

/** Longer than the shared store's: a write carries an item of up to LOOKUP_ITEM_MAX_BYTES. */
const COMMAND_TIMEOUT_MS = 5_000;

// KEYS: the item, its owner's usage, then its indexes. ARGV: summary, body, bytes, score, id,
// items limit, bytes limit. Returns {'ok'}, {'exists'} or {quota, used}.
const CREATE_LUA = `
if redis.call('EXISTS', KEYS[1]) == 1 then return {'exists'} end
local count = tonumber(redis.call('HGET', KEYS[2], 'items') or '0')
local bytes = tonumber(redis.call('HGET', KEYS[2], 'bytes') or '0')
local size = tonumber(ARGV[3])
if count + 1 > tonumber(ARGV[6]) then return {'items', count} end
if bytes + size > tonumber(ARGV[7]) then return {'item-bytes', bytes} end
redis.call('HSET', KEYS[1], 'meta', ARGV[1], 'body', ARGV[2], 'version', '1', 'bytes', ARGV[3])
for i = 3, #KEYS do redis.call('ZADD', KEYS[i], ARGV[4], ARGV[5]) end
redis.call('HINCRBY', KEYS[2], 'items', 1)
redis.call('HINCRBY', KEYS[2], 'bytes', size)
return {'ok'}`;

// KEYS: the item, its owner's usage, the owner's two indexes, the team's two, then the lookup
// indexes a saved query was in (ARGV[10] of them) and those it is in now. ARGV: the version the
// edit was made from, summary, body, new version, bytes, score, id, bytes limit, '1' when the item
// is the team's, how many lookup indexes it was in. Returns {'ok'}, {'missing'},
// {'stale', summary, body} or {'item-bytes', used}.
const REPLACE_LUA = `
local current = redis.call('HMGET', KEYS[1], 'version', 'bytes', 'meta', 'body')
if not current[1] then return {'missing'} end
if current[1] ~= ARGV[1] then return {'stale', current[3], current[4]} end
local old = tonumber(current[2])
local size = tonumber(ARGV[5])
local bytes = tonumber(redis.call('HGET', KEYS[2], 'bytes') or '0')
if size > old and bytes - old + size > tonumber(ARGV[8]) then return {'item-bytes', bytes} end
redis.call('HSET', KEYS[1], 'meta', ARGV[2], 'body', ARGV[3], 'version', ARGV[4], 'bytes', ARGV[5])
redis.call('ZADD', KEYS[3], ARGV[6], ARGV[7])
redis.call('ZADD', KEYS[4], ARGV[6], ARGV[7])
for i = 5, 6 do
  if ARGV[9] == '1' then redis.call('ZADD', KEYS[i], ARGV[6], ARGV[7]) else redis.call('ZREM', KEYS[i], ARGV[7]) end
end
local was = tonumber(ARGV[10])
for i = 7, 6 + was do redis.call('ZREM', KEYS[i], ARGV[7]) end
for i = 7 + was, #KEYS do redis.call('ZADD', KEYS[i], ARGV[6], ARGV[7]) end
redis.call('HINCRBY', KEYS[2], 'bytes', size - old)
return {'ok'}`;

// KEYS: the item, its owner's usage, every index it can be in. ARGV: the version the delete was
// made from, id. Returns {'ok'}, {'missing'} or {'stale', summary, body}.
const REMOVE_LUA = `
local current = redis.call('HMGET', KEYS[1], 'version', 'bytes', 'meta', 'body')
if not current[1] then return {'missing'} end
if current[1] ~= ARGV[1] then return {'stale', current[3], current[4]} end
redis.call('DEL', KEYS[1])
for i = 3, #KEYS do redis.call('ZREM', KEYS[i], ARGV[2]) end
redis.call('HINCRBY', KEYS[2], 'items', -1)
redis.call('HINCRBY', KEYS[2], 'bytes', -tonumber(current[2]))
return {'ok'}`;

// KEYS: the item, then the indexes of its lookup. ARGV: the version it was read at, its summary
// naming the lookup, score, id. Names the lookup of a saved query kept before summaries named it,
// unless the item changed since it was read (an edit names it itself). Returns 1 when named, else 0.
const NAME_LOOKUP_LUA = `
local version = redis.call('HGET', KEYS[1], 'version')
if version ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'meta', ARGV[2])
for i = 2, #KEYS do redis.call('ZADD', KEYS[i], ARGV[3], ARGV[4]) end
return 1`;

/** Set once every saved query kept before summaries named their lookup has been given it. */
const LOOKUPS_NAMED_KEY = 'items:lookups-named';

type Reply = Array<string | number>;

interface ItemRedis extends Redis {
  createItem(keyCount: number, ...keysThenArgs: Array<string | number>): Promise<Reply>;
  replaceItem(keyCount: number, ...keysThenArgs: Array<string | number>): Promise<Reply>;
  removeItem(keyCount: number, ...keysThenArgs: Array<string | number>): Promise<Reply>;
  nameLookup(keyCount: number, ...keysThenArgs: Array<string | number>): Promise<number>;
}

export interface RedisItemStoreOptions {
  /** Another prefix keeps tests apart; deployments use the default. */
  keyPrefix?: string;
  /** Where a Redis without persistence is reported; the server log's `team` part by default. */
  log?: (message: string) => void;
}

export const NO_AOF_ITEMS_MESSAGE =
  'Warning: the team’s shared items are kept in Redis (LOOKUP_REDIS_URL), which keeps no append-only file (appendonly no): ' +
  'a Redis restart loses every item. Run Redis with deploy/redis.conf (appendonly yes).';

const itemKey = (id: string) => `items:item:${id}`;
const usageKey = (owner: string) => `items:usage:${owner}`;
const indexKey = (index: ItemIndex) => `items:${indexName(index)}`;
/** The four indexes an item of this owner and kind can be in, the owner's first. */
const everyIndexKey = ({ owner, kind }: Pick<StoredItem, 'owner' | 'kind'>) => [
  indexKey({ scope: 'mine', owner }),
  indexKey({ scope: 'mine', owner, kind }),
  indexKey({ scope: 'team' }),
  indexKey({ scope: 'team', kind }),
];

/** The keys of a saved query's indexes of its lookup (none for any other item). */
const lookupIndexKeys = (item: Pick<StoredItem, 'owner' | 'kind' | 'visibility' | 'lookup'>) => lookupIndexesOf(item).map(indexKey);

function storedOf(meta: string, body: string): StoredItem {
  return { ...(JSON.parse(meta) as TeamItemSummary), body };
}

function summaryText({ body: _body, ...summary }: StoredItem): string {
  return JSON.stringify(summary);
}

/** What a script's reply says about the write. */
function writeOf(reply: Reply, limits: { items: number; bytes: number }): ItemWrite {
  const [outcome, first, second] = reply;
  if (outcome === 'ok') return { ok: true };
  if (outcome === 'missing') return { ok: false, reason: 'missing' };
  // A new id is 128 random bits: one already taken is a fault, not a refusal.
  if (outcome === 'exists') throw new Error('A new item was given an id already in use');
  if (outcome === 'stale') return { ok: false, reason: 'stale', current: storedOf(String(first), String(second)) };
  const quota = outcome === 'items' ? 'items' : 'item-bytes';
  return { ok: false, reason: 'quota', quota, used: Number(first), limit: quota === 'items' ? limits.items : limits.bytes };
}

export function createRedisItemStore(url: string, options: RedisItemStoreOptions = {}): ItemStore {
  const client = new Redis(
    url,
    failFastRedisOptions({ commandTimeoutMs: COMMAND_TIMEOUT_MS, ...(options.keyPrefix && { keyPrefix: options.keyPrefix }) }),
  ) as ItemRedis;
  // Outages are said once by the shared store's client (redis-store.ts); this one only fails closed.
  client.on('error', () => undefined);
  client.defineCommand('createItem', { lua: CREATE_LUA });
  client.defineCommand('replaceItem', { lua: REPLACE_LUA });
  client.defineCommand('removeItem', { lua: REMOVE_LUA });
  client.defineCommand('nameLookup', { lua: NAME_LOOKUP_LUA });
  let closed = false;
  // Said once, at the first connection: without the file a Redis restart loses every item.
  const log = options.log ?? ((message: string) => partLog('team').warn(message));
  client.once('ready', () => {
    client.info('persistence').then(
      (info) => /^aof_enabled:0/m.test(info) && log(NO_AOF_ITEMS_MESSAGE),
      // INFO may be renamed or refused (a managed Redis): nothing to say then.
      () => undefined,
    );
    nameLookups().catch((error: unknown) =>
      log(`Saved queries kept before they named their lookup were not all put in their lookup's list: ${(error as Error).message}`),
    );
  });

  /**
   * Saved queries kept before summaries named their lookup (2026-12-06) are put in their lookup's
   * index, once per Redis, by whichever instance starts first (others doing it too change nothing).
   */
  async function nameLookups(): Promise<void> {
    if ((await client.get(LOOKUPS_NAMED_KEY)) !== null) return;
    // SCAN's pattern is not prefixed by the client; the keys it gives are.
    const pattern = `${options.keyPrefix ?? ''}${itemKey('*')}`;
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        const stored = await get(key.slice(key.lastIndexOf(':') + 1));
        if (!stored || stored.kind !== 'query' || stored.lookup) continue;
        const named = { ...stored, ...lookupOf(stored.kind, JSON.parse(stored.body) as Record<string, unknown>) };
        const indexes = lookupIndexKeys(named);
        if (indexes.length === 0) continue;
        const keys = [itemKey(stored.id), ...indexes];
        await client.nameLookup(keys.length, ...keys, String(stored.version), summaryText(named), editedAt(named), stored.id);
      }
    } while (cursor !== '0');
    await client.set(LOOKUPS_NAMED_KEY, new Date().toISOString());
  }

  async function call<T>(command: () => Promise<T>): Promise<T> {
    if (closed) throw new StoreUnavailableError('The items store is closed');
    if (client.status === 'reconnecting' || client.status === 'close' || client.status === 'end') throw new StoreUnavailableError();
    try {
      return await command();
    } catch (error) {
      throw new StoreUnavailableError(`The shared store (Redis) did not answer: ${(error as Error).message}`, { cause: error });
    }
  }

  async function summaries(ids: string[]): Promise<TeamItemSummary[]> {
    if (ids.length === 0) return [];
    const metas = await call(() => Promise.all(ids.map((id) => client.hget(itemKey(id), 'meta'))));
    // An item deleted between the index's read and this one is left out.
    return metas.flatMap((meta) => (meta ? [JSON.parse(meta) as TeamItemSummary] : []));
  }

  async function get(id: string): Promise<StoredItem | undefined> {
    const [meta, body] = await call(() => client.hmget(itemKey(id), 'meta', 'body'));
    return meta && typeof body === 'string' ? storedOf(meta, body) : undefined;
  }

  return {
    get,
    async create(item, quota) {
      const keys = [itemKey(item.id), usageKey(item.owner), ...indexesOf(item).map(indexKey)];
      const args = [summaryText(item), item.body, item.bytes, editedAt(item), item.id, quota.items, quota.bytes];
      return writeOf(await call(() => client.createItem(keys.length, ...keys, ...args)), quota);
    },
    async replace(next, fromVersion, quota) {
      // The lookup indexes it is in now. Read before the script: were the item edited meanwhile,
      // its version would no longer be `fromVersion` and the script would change nothing.
      const meta = await call(() => client.hget(itemKey(next.id), 'meta'));
      if (!meta) return { ok: false, reason: 'missing' };
      const was = lookupIndexKeys(JSON.parse(meta) as TeamItemSummary);
      const keys = [itemKey(next.id), usageKey(next.owner), ...everyIndexKey(next), ...was, ...lookupIndexKeys(next)];
      const args = [
        String(fromVersion),
        summaryText(next),
        next.body,
        String(next.version),
        next.bytes,
        editedAt(next),
        next.id,
        quota.bytes,
        next.visibility === 'team' ? '1' : '0',
        was.length,
      ];
      return writeOf(await call(() => client.replaceItem(keys.length, ...keys, ...args)), quota);
    },
    async remove(id, fromVersion) {
      // Its owner and kind name its keys; the body is not needed for that.
      const meta = await call(() => client.hget(itemKey(id), 'meta'));
      if (!meta) return { ok: false, reason: 'missing' };
      const current = JSON.parse(meta) as TeamItemSummary;
      const keys = [itemKey(id), usageKey(current.owner), ...everyIndexKey(current), ...lookupIndexKeys(current)];
      return writeOf(await call(() => client.removeItem(keys.length, ...keys, String(fromVersion), id)), { items: 0, bytes: 0 });
    },
    async page(index, after, size) {
      const key = indexKey(index);
      // Items edited in the cursor's very millisecond and ordered after it, then older ones: the
      // index's order (newest first, then the greater id), one more than a page to know of a next.
      const [ties, older] = await call(() =>
        Promise.all([
          after ? client.zrevrangebyscore(key, after.at, after.at) : Promise.resolve([]),
          client.zrevrangebyscore(key, after ? `(${after.at}` : '+inf', '-inf', 'WITHSCORES', 'LIMIT', 0, size + 1),
        ]),
      );
      const entries: ItemCursor[] = ties.filter((id) => after && id < after.id).map((id) => ({ id, at: after!.at }));
      for (let at = 0; at + 1 < older.length; at += 2) entries.push({ id: older[at]!, at: Number(older[at + 1]) });
      const shown = entries.slice(0, size);
      const last = shown.at(-1);
      return { items: await summaries(shown.map((entry) => entry.id)), ...(entries.length > size && last && { next: last }) };
    },
    async usage(owner) {
      const [items, bytes] = await call(() => client.hmget(usageKey(owner), 'items', 'bytes'));
      return { items: Number(items ?? 0), bytes: Number(bytes ?? 0) };
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}
