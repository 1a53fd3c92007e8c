// The one store for state that several server processes or instances must share: sessions,
// failed sign-in counters, budgets, rate limits and the answer cache (issue 14). In-process by
// default; Redis when LOOKUP_REDIS_URL is set, so every instance behind a load balancer sees the
// same counters and sessions. Both implementations keep the same contract, and store-contract
// tests run against both. The contract's types are in store-types.ts, which both implementations import.
import { createMemoryStore } from './memory-store.ts';
import { createRedisStore } from './redis-store.ts';
import type { SharedStore } from './store-types.ts';

export { isStoreUnavailable, StoreUnavailableError } from './store-errors.ts';
export { createMemoryStore, createRedisStore };

/** Which store createStoreFromEnv makes (start-up checks ask before any connection is made). */
export function storeKindOf(env: NodeJS.ProcessEnv): SharedStore['kind'] {
  return env.LOOKUP_REDIS_URL?.trim() ? 'redis' : 'memory';
}

/** LOOKUP_REDIS_URL set → Redis, else the in-process store. */
export function createStoreFromEnv(env: NodeJS.ProcessEnv): SharedStore {
  return storeKindOf(env) === 'redis' ? createRedisStore(env.LOOKUP_REDIS_URL!.trim()) : createMemoryStore();
}
