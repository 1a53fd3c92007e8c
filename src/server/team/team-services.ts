// The team server's budgets, limits, cache, audit log and metrics, made once at start-up from the
// parsed limits and the shared store: the proxy's hooks (TeamProxy) and the routes they add,
// /lookup-config.json with each budget's state for the user asking, and /metrics.
import cluster from 'node:cluster';
import type { AnyLookup, LookupId } from '../../lookups/define-lookup.ts';
import { LOOKUP_CONFIG_PATH, type BudgetStateDocument, type LookupConfigDocument } from '../../lookups/wire.ts';
import { lookupConfigDocument, type ServerConfig } from '../config.ts';
import type { ChainHandler } from '../http/handler-types.ts';
import { refusal, sendRefusal } from '../http/refusal.ts';
import { createRoutes, type RouteHandler, type RouteTable } from '../http/routes.ts';
import { sendJson } from '../http/send-json.ts';
import { createAuditLog, type AuditLog } from './audit-log.ts';
import { createBudgetLedger } from './budget-ledger.ts';
import { createBudgets, type BudgetState } from './budgets.ts';
import { clusterMetricsText, joinClusterMetrics } from './cluster-metrics.ts';
import type { TeamLimits } from './limits-config.ts';
import { createTeamMetrics, METRICS_PATH, type TeamMetrics } from './metrics.ts';
import { Limiter } from './rate-queue.ts';
import { isStoreUnavailable } from './shared-store.ts';
import type { SharedStore } from './store-types.ts';
import { TeamProxy, userOfRequest } from './team-proxy.ts';
import { userOf } from './access.ts';

export interface TeamServicesOptions {
  config: ServerConfig;
  lookups: readonly AnyLookup[];
  limits: TeamLimits;
  store: SharedStore;
  /** Where audit lines go (default: pino to LOOKUP_AUDIT_FILE or stdout). */
  audit?: AuditLog;
}

export interface TeamServices {
  /** The proxy's hooks (ProxyOptions.team). */
  proxy: TeamProxy;
  /** Answered before the access gate: /metrics when LOOKUP_METRICS_PUBLIC=1. Declines other paths at once. */
  publicRoutes: ChainHandler;
  /** Answered after the access gate: /lookup-config.json with budgets, and /metrics otherwise. Declines other paths at once. */
  routes: ChainHandler;
  metrics: TeamMetrics;
  /** Writes what the audit log holds. */
  flush(): void;
  /** The audit log, when there is one (the access gate logs its refusals to it). */
  audit?: AuditLog;
}

function budgetDocument(state: BudgetState): BudgetStateDocument {
  return { limit: state.limit, period: state.period, used: state.used, left: state.left, resetsAt: new Date(state.resetsAt).toISOString() };
}

export function createTeamServices({ config, lookups, limits, store, audit }: TeamServicesOptions): TeamServices {
  const ledger = createBudgetLedger(store);
  const budgets = createBudgets(store, Date.now, ledger);
  const limiters = new Map<LookupId, Limiter>();
  for (const lookup of lookups) {
    const settings = limits.lookups[lookup.id];
    if (settings && (settings.rate || settings.concurrency))
      limiters.set(
        lookup.id,
        new Limiter({
          store,
          name: lookup.id,
          queue: settings.queue,
          maxWaitMs: config.timeoutMs,
          ...(settings.rate && { rate: settings.rate }),
          ...(settings.concurrency && { concurrency: settings.concurrency }),
        }),
      );
  }
  const metrics = createTeamMetrics({ budgets, limits: limits.lookups, limiters });
  if (cluster.isWorker) joinClusterMetrics(metrics.registry);
  // Without an audit log (a laptop's default), the proxy keeps its plain request log.
  const auditLog = audit
    ? { log: audit, flush: () => undefined }
    : limits.audit
      ? createAuditLog({ ...(limits.auditFile && { file: limits.auditFile }) })
      : { log: undefined, flush: () => undefined };
  const proxy = new TeamProxy({ store, limits: limits.lookups, budgets, limiters, ...(auditLog.log && { audit: auditLog.log }), metrics });
  const budgeted = lookups.filter((lookup) => limits.lookups[lookup.id]?.budget || limits.lookups[lookup.id]?.userBudget);
  // The budget ledger's marker is written (or read) at start, so a store that loses its data
  // before the first budgeted call is noticed too. A store down now is looked at again by that call.
  if (budgeted.length > 0) ledger.open().catch(() => undefined);

  const metricsRoute: RouteHandler = async (req, res) => {
    let text: string;
    try {
      text = cluster.isWorker ? await clusterMetricsText() : await metrics.registry.metrics();
    } catch (error) {
      const code = isStoreUnavailable(error) ? 'store_unavailable' : 'metrics_unavailable';
      sendRefusal(res, refusal(503, code, `The metrics could not be gathered: ${(error as Error).message}`));
      return;
    }
    res.writeHead(200, {
      'content-type': metrics.registry.contentType,
      'content-length': String(Buffer.byteLength(text)),
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : text);
  };

  const lookupConfigRoute: RouteHandler = async (req, res) => {
    const document: LookupConfigDocument = lookupConfigDocument(config, userOf(req) !== undefined);
    const user = userOfRequest(req);
    try {
      const states = await Promise.all(budgeted.map((lookup) => budgets.states(lookup.id, limits.lookups[lookup.id]!, user)));
      budgeted.forEach((lookup, index) => {
        const entry = document.lookups[lookup.id];
        const { lookup: forLookup, user: forUser } = states[index]!;
        if (entry)
          entry.budget = { ...(forLookup && { lookup: budgetDocument(forLookup) }), ...(forUser && { user: budgetDocument(forUser) }) };
      });
    } catch (error) {
      // The page still needs modes and key placements: the budgets are left out while the store is down.
      if (!isStoreUnavailable(error)) throw error;
    }
    sendJson(res, 200, document);
  };

  // Before the access gate: /metrics when it is public. After it: /metrics otherwise, and
  // /lookup-config.json when some lookup has a budget to show (else the lookup handler's answers).
  const publicRoutes: RouteTable = limits.metricsPublic ? { [METRICS_PATH]: { GET: metricsRoute } } : {};
  const routes: RouteTable = {
    ...(!limits.metricsPublic && { [METRICS_PATH]: { GET: metricsRoute } }),
    ...(budgeted.length > 0 && { [LOOKUP_CONFIG_PATH]: { GET: lookupConfigRoute } }),
  };

  return {
    proxy,
    metrics,
    // Both decline a path that is not theirs without a promise: every proxied request passes them.
    publicRoutes: createRoutes(publicRoutes),
    routes: createRoutes(routes),
    flush: auditLog.flush,
    ...(auditLog.log && { audit: auditLog.log }),
  };
}
