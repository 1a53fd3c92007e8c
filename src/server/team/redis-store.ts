// The SharedStore on Redis (ioredis), for several server processes or instances: counters are
// changed by Lua scripts, so a check and its increment are one atomic step however many instances
// race; byte entries are plain keys with PX expiry. Every key starts with 'lookup-explorer:'.
//
// Failing closed: while Redis is unreachable every call rejects with StoreUnavailableError, fast
// (no queueing behind a dead connection) and bounded (COMMAND_TIMEOUT_MS when Redis hangs); ioredis
// keeps reconnecting in the background and calls succeed again once it is back.
import { Redis, type RedisOptions } from 'ioredis';
import { partLog } from '../server-log.ts';
import type { SharedStore } from './store-types.ts';
import { StoreUnavailableError } from './store-errors.ts';

export const REDIS_KEY_PREFIX = 'lookup-explorer:';
const COMMAND_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT_MS = 2_000;
const QUIT_TIMEOUT_MS = 1_000;

// KEYS[1] counter; ARGV[1] limit, ARGV[2] expiry (epoch ms). Returns {allowed 0|1, used}.
const RESERVE_LUA = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used + 1 > tonumber(ARGV[1]) then return {0, used} end
used = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIREAT', KEYS[1], ARGV[2]) end
return {1, used}`;

// KEYS the counters; ARGV limit and expiry (epoch ms) of each, in turn. All or nothing: every
// counter is checked (a key named twice counts its earlier unit) before any is incremented.
// Returns {1, used...} or {0, index (1-based) of the first counter at its limit, its count}.
// Guarded, KEYS[1] and ARGV[1] come first: the key must hold that value, else {-1} and nothing changes.
const reserveAllLua = (guarded: boolean) => {
  const before = guarded ? 1 : 0;
  return `
${guarded ? "if redis.call('GET', KEYS[1]) ~= ARGV[1] then return {-1} end" : ''}
local pending = {}
local n = #KEYS - ${before}
for i = 1, n do
  local key = KEYS[${before} + i]
  local used = pending[key] or tonumber(redis.call('GET', key) or '0')
  if used + 1 > tonumber(ARGV[${before} + 2 * i - 1]) then return {0, i, used} end
  pending[key] = used + 1
end
local result = {1}
for i = 1, n do
  local key = KEYS[${before} + i]
  result[i + 1] = redis.call('INCR', key)
  if redis.call('PTTL', key) == -1 then redis.call('PEXPIREAT', key, ARGV[${before} + 2 * i]) end
end
return result`;
};

// KEYS[1]; ARGV[1] '1' when a value is expected (ARGV[2]), '0' when the key must be absent; ARGV[3]
// the new value (no expiry). Returns what the key holds afterwards (nil: absent).
const SWAP_LUA = `
local current = redis.call('GET', KEYS[1])
local expected = false
if ARGV[1] == '1' then expected = ARGV[2] end
if current ~= expected then return current end
redis.call('SET', KEYS[1], ARGV[3])
return ARGV[3]`;

// Never below zero, and the counter keeps its expiry.
const RELEASE_LUA = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

interface ScriptedRedis extends Redis {
  reserveUnit(key: string, limit: number, expiresAtMs: number): Promise<[number, number]>;
  /** (number of keys, ...keys, ...[limit, expiry] per key) */
  reserveUnits(keyCount: number, ...keysThenArgs: Array<string | number>): Promise<number[]>;
  /** The same, after a guard key and its value. */
  reserveUnitsGuarded(keyCount: number, ...keysThenArgs: Array<string | number>): Promise<number[]>;
  swapText(key: string, expects: '0' | '1', expected: string, value: string): Promise<string | null>;
  releaseUnit(key: string): Promise<number>;
}

export interface RedisStoreOptions {
  /** Another prefix keeps tests apart; deployments use the default. */
  keyPrefix?: string;
  /** Where outages are reported (once per outage); the server log's `team` part by default. */
  log?: (message: string) => void;
}

/**
 * A client that fails fast: bounded by `commandTimeoutMs` when Redis hangs, and never queueing a
 * command behind a dead connection (the shared store's, and the team items' store's).
 */
export function failFastRedisOptions({ keyPrefix = REDIS_KEY_PREFIX, commandTimeoutMs = COMMAND_TIMEOUT_MS } = {}): RedisOptions {
  return {
    keyPrefix,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: commandTimeoutMs,
    // A command sent while connecting waits for that attempt only, never for later reconnections.
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    // Commands issued while the event loop turns (many requests' reservations, a budget and a
    // cache read) go out in one write and come back in one read, not one round trip each.
    enableAutoPipelining: true,
  };
}

export function createRedisStore(url: string, options: RedisStoreOptions = {}): SharedStore {
  const log = options.log ?? ((message: string) => partLog('team').error(message));
  const client = new Redis(url, failFastRedisOptions({ ...(options.keyPrefix && { keyPrefix: options.keyPrefix }) })) as ScriptedRedis;
  client.defineCommand('reserveUnit', { numberOfKeys: 1, lua: RESERVE_LUA });
  // No fixed number of keys: the caller passes it first.
  client.defineCommand('reserveUnits', { lua: reserveAllLua(false) });
  client.defineCommand('reserveUnitsGuarded', { lua: reserveAllLua(true) });
  client.defineCommand('swapText', { numberOfKeys: 1, lua: SWAP_LUA });
  client.defineCommand('releaseUnit', { numberOfKeys: 1, lua: RELEASE_LUA });

  let down = false;
  let closed = false;
  const markDown = (reason: string) => {
    if (down || closed) return;
    down = true;
    log(`Redis (LOOKUP_REDIS_URL) is not reachable: ${reason}. Budgets fail closed until it is back.`);
  };
  client.on('error', (error: Error) => markDown(error.message));
  client.on('close', () => markDown('the connection closed'));
  client.on('ready', () => {
    if (down) log('Redis (LOOKUP_REDIS_URL) is reachable again.');
    down = false;
  });

  /** Whether a command can be sent now: false while ioredis knows the connection is down (between attempts). */
  const reachable = () =>
    client.status === 'ready' || client.status === 'connecting' || client.status === 'connect' || client.status === 'wait';

  /** Runs one command, or rejects with StoreUnavailableError at once while the connection is known to be down. */
  async function call<T>(command: () => Promise<T>): Promise<T> {
    if (closed) throw new StoreUnavailableError('The shared store is closed');
    if (!reachable()) throw new StoreUnavailableError();
    try {
      return await command();
    } catch (error) {
      throw new StoreUnavailableError(`The shared store (Redis) did not answer: ${(error as Error).message}`, { cause: error });
    }
  }

  return {
    kind: 'redis',
    async reserve(key, limit, expiresAtMs) {
      const [allowed, used] = await call(() => client.reserveUnit(key, limit, Math.floor(expiresAtMs)));
      return { allowed: Number(allowed) === 1, used: Number(used) };
    },
    async reserveAll(counters, guard) {
      // Nothing to reserve: no round trip (a guard guards nothing then).
      if (counters.length === 0) return { allowed: true, used: [] };
      const keys = counters.map((counter) => counter.key);
      const args = counters.flatMap((counter) => [counter.limit, Math.floor(counter.expiresAtMs)]);
      const reply = await call(() =>
        guard
          ? client.reserveUnitsGuarded(counters.length + 1, guard.key, ...keys, guard.value, ...args)
          : client.reserveUnits(counters.length, ...keys, ...args),
      );
      const [allowed, ...rest] = reply.map(Number);
      if (allowed === -1) return { allowed: false, guardChanged: true };
      return allowed === 1 ? { allowed: true, used: rest } : { allowed: false, refused: { index: rest[0]! - 1, used: rest[1]! } };
    },
    async release(key) {
      await call(() => client.releaseUnit(key));
    },
    async count(key) {
      const value = await call(() => client.get(key));
      return value === null ? 0 : Number(value) || 0;
    },
    async getBytes(key) {
      const value = await call(() => client.getBuffer(key));
      return value ?? undefined;
    },
    async setBytes(key, value, ttlMs) {
      await call(() => client.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs))));
    },
    async delete(key) {
      await call(() => client.del(key));
    },
    async swapText(key, expected, value) {
      const after = await call(() => client.swapText(key, expected === undefined ? '0' : '1', expected ?? '', value));
      return after ?? undefined;
    },
    async getText(key) {
      return (await call(() => client.get(key))) ?? undefined;
    },
    async appendOnly() {
      try {
        const info = await call(() => client.info('persistence'));
        const match = /^aof_enabled:(\d)/m.exec(info);
        return match ? match[1] === '1' : undefined;
      } catch {
        // INFO may be renamed or refused (a managed Redis): nothing to say then.
        return undefined;
      }
    },
    async ping() {
      if (closed || !reachable()) return false;
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      if (client.status !== 'ready') {
        client.disconnect();
        return;
      }
      // QUIT lets Redis finish what it was sent; a hung Redis is cut after QUIT_TIMEOUT_MS.
      const timer = setTimeout(() => client.disconnect(), QUIT_TIMEOUT_MS);
      try {
        await client.quit();
      } catch {
        client.disconnect();
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
