// The team's items put together for the assembly: the service over a store, with the tokens
// file's admins and the audit log, and its routes. Only a team server (an access mode) mounts them.
import type { ChainHandler } from '../../http/handler-types.ts';
import type { AccessConfig } from '../access-config.ts';
import type { AuditLog } from '../audit-log.ts';
import { auditItemChange } from './item-audit.ts';
import { createItemRoutes } from './item-routes.ts';
import { createItemService, type ItemService } from './item-service.ts';
import type { ItemSettings } from './item-settings.ts';
import type { ItemStore } from './item-store.ts';
import { createMemoryItemStore } from './memory-item-store.ts';
import { createRedisItemStore } from './redis-item-store.ts';

export interface TeamItemsOptions {
  store: ItemStore;
  settings: ItemSettings;
  access: AccessConfig;
  audit?: AuditLog | undefined;
}

/** The team's items: the service (which MCP's saved-query prompts read too) and its routes. */
export function createTeamItems({ store, settings, access, audit }: TeamItemsOptions): { service: ItemService; routes: ChainHandler } {
  const service = createItemService({
    store,
    settings,
    // Admins are named in the tokens file (access-config.ts); the other access modes name none.
    isAdmin: (user) => access.isAdmin?.(user) ?? false,
    onChange: (change) => auditItemChange(audit, change),
  });
  return { service, routes: createItemRoutes({ service, maxItemBytes: settings.maxItemBytes }) };
}

/** LOOKUP_REDIS_URL set → Redis (shared by every instance, kept by its append-only file), else this process's memory. */
export function createItemStoreFromEnv(env: NodeJS.ProcessEnv): ItemStore {
  const url = env.LOOKUP_REDIS_URL?.trim();
  return url ? createRedisItemStore(url) : createMemoryItemStore();
}

/** What start-up says when a team server keeps its items in memory: they end with the process. */
export function itemStoreWarning(env: NodeJS.ProcessEnv, teamServer: boolean): string | undefined {
  if (!teamServer || env.LOOKUP_REDIS_URL?.trim()) return undefined;
  return 'WARNING: the team’s shared items (/team/items) are kept in this process’s memory and are lost when it stops; set LOOKUP_REDIS_URL to keep them';
}
