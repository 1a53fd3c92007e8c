// /metrics in Prometheus's text format (prom-client): proxied requests by lookup, source and
// status; the providers' latency; cache hits, misses and bypasses (the hit ratio is
// hits / (hits + misses)); what is left of each budget (read from the shared store when scraped,
// so every instance reports the same figure); requests waiting for a rate or concurrency slot.
//
// With several server processes (LOOKUP_WORKERS, node:cluster) they share one port, so a scrape
// reaches any one of them: the process that gets it asks the primary, which gathers every
// process's figures with prom-client's AggregatorRegistry and answers with their sum
// (cluster-metrics.ts). A scrape always sees the whole server, and counters never go backwards.
import { Gauge, Registry } from 'prom-client';
import type { LookupId } from '../../lookups/define-lookup.ts';
import type { Budgets } from './budgets.ts';
import type { LookupLimits } from './limits-config.ts';
import { TalliedCounter, TalliedHistogram } from './metric-tallies.ts';
import type { Limiter } from './rate-queue.ts';

export const METRICS_PATH = '/metrics';

/** Upper bounds (seconds) of lookup_upstream_duration_seconds' buckets. */
const UPSTREAM_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;

/** The per-request metrics are tallies (metric-tallies.ts): the request path never calls prom-client. */
export interface TeamMetrics {
  registry: Registry;
  requests: TalliedCounter<'lookup' | 'source' | 'status'>;
  upstreamSeconds: TalliedHistogram<'lookup'>;
  cache: TalliedCounter<'lookup' | 'result'>;
}

export interface MetricsSources {
  budgets: Budgets;
  limits: Partial<Record<LookupId, LookupLimits>>;
  limiters: ReadonlyMap<LookupId, Limiter>;
}

export function createTeamMetrics({ budgets, limits, limiters }: MetricsSources): TeamMetrics {
  const registry = new Registry();
  const requests = new TalliedCounter({
    name: 'lookup_proxy_requests_total',
    help: 'Proxied requests, by lookup letter, who answered (live, demo, cache, proxy) and HTTP status',
    labelNames: ['lookup', 'source', 'status'] as const,
    registry,
  });
  const upstreamSeconds = new TalliedHistogram(
    'lookup_upstream_duration_seconds',
    'Time until a live provider answered (status and headers), by lookup letter',
    'lookup',
    UPSTREAM_SECONDS_BUCKETS,
    registry,
  );
  const cache = new TalliedCounter({
    name: 'lookup_cache_requests_total',
    help: 'Answer-cache lookups of live GET requests, by lookup letter and result (hit, miss, bypass)',
    labelNames: ['lookup', 'result'] as const,
    registry,
  });
  const budgeted = Object.entries(limits).filter(([, settings]) => settings?.budget) as Array<[LookupId, LookupLimits]>;
  if (budgeted.length > 0) {
    new Gauge({
      name: 'lookup_budget_remaining',
      help: "Live calls left in the lookup's budget (LOOKUP_<L>_BUDGET) for the current period",
      labelNames: ['lookup', 'period'] as const,
      registers: [registry],
      // Every process reads the same shared counter: the cluster's figure is any one of them.
      aggregator: 'max',
      async collect() {
        this.reset();
        const states = await Promise.all(budgeted.map(([id, settings]) => budgets.states(id, { ...settings, userBudget: undefined }, '')));
        budgeted.forEach(([id], index) => {
          const state = states[index]!.lookup!;
          this.set({ lookup: id, period: state.period }, state.left);
        });
      },
    });
    new Gauge({
      name: 'lookup_budget_limit',
      help: "The lookup's budget of live calls per period",
      labelNames: ['lookup', 'period'] as const,
      registers: [registry],
      aggregator: 'max',
      collect() {
        for (const [id, settings] of budgeted) this.set({ lookup: id, period: settings.budget!.period }, settings.budget!.limit);
      },
    });
  }
  if (limiters.size > 0) {
    new Gauge({
      name: 'lookup_queue_length',
      help: 'Requests waiting for a rate or concurrency slot (LOOKUP_<L>_RATE, LOOKUP_<L>_CONCURRENCY)',
      labelNames: ['lookup'] as const,
      registers: [registry],
      collect() {
        for (const [id, limiter] of limiters) this.set({ lookup: id }, limiter.queued);
      },
    });
    new Gauge({
      name: 'lookup_upstream_in_flight',
      help: 'Live calls under way, for lookups with a rate or concurrency limit',
      labelNames: ['lookup'] as const,
      registers: [registry],
      collect() {
        for (const [id, limiter] of limiters) this.set({ lookup: id }, limiter.inFlight);
      },
    });
  }
  return { registry, requests, upstreamSeconds, cache };
}
