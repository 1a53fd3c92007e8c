// The team part of the stdio server (stdio.ts): the same budgets, rate queue, answer cache and
// audit log as `npm start` builds from the same environment (LOOKUP_<L>_BUDGET, _RATE, _CACHE_TTL,
// LOOKUP_AUDIT_FILE, LOOKUP_REDIS_URL to share the counters with a running server), so an
// assistant on this machine spends a lookup's budget exactly as a page does. One difference:
// stdout is the MCP channel, so an audit log without LOOKUP_AUDIT_FILE goes to stderr.
import { pino } from 'pino';
import { allLookups } from '../../lookups/registry.ts';
import type { TeamParts } from '../assembly.ts';
import type { ServerConfig } from '../config.ts';
import { createAuditLog } from '../team/audit-log.ts';
import { checkLimitsStartup, parseTeamLimits } from '../team/limits-config.ts';
import { createStoreFromEnv, storeKindOf } from '../team/shared-store.ts';

export interface StdioTeam {
  parts: TeamParts;
  warnings: string[];
  /** Writes what the audit log holds and closes the store. */
  close(): Promise<void>;
}

/** Throws ConfigError for a malformed limit, as `npm start` does. */
export function stdioTeamParts(env: NodeJS.ProcessEnv, config: ServerConfig): StdioTeam {
  const limits = parseTeamLimits(env, allLookups, config);
  checkLimitsStartup(limits, 1, storeKindOf(env));
  const store = createStoreFromEnv(env);
  // Handing the assembly an audit log of our own keeps it from opening one on stdout.
  const audit = limits.audit
    ? createAuditLog(limits.auditFile ? { file: limits.auditFile } : { destination: pino.destination({ dest: 2, sync: false }) })
    : undefined;
  return {
    parts: { store, limits, ...(audit && { audit: audit.log }) },
    warnings: limits.warnings,
    async close() {
      audit?.flush();
      await store.close();
    },
  };
}
