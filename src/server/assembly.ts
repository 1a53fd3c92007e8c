// The one assembly of the server, used by production (app-server.ts), Vite dev and preview
// (vite-plugin.ts) and the standalone demo upstream (demo-upstream-server.ts): which handlers
// answer, in which order, built from the configuration; what answers when none does; and the one
// answer to an error no handler expected (failed). Each server adds only what is its own: the
// request guard and node:http options in production, Vite's pages after the chain in dev.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildOpenApiDocument } from '../lookups/openapi.ts';
import { allLookups } from '../lookups/registry.ts';
import { environmentWithDotEnv, parseServerConfig, type ServerConfig } from './config.ts';
import { demoGenerators } from '../demo/generators.ts';
import type { HandlerChain } from './http/handler-chain.ts';
import type { ChainHandler, RequestHandler } from './http/handler-types.ts';
import { refusal, sendRefusal } from './http/refusal.ts';
import { createFailureHandler } from './http/unexpected-error.ts';
import { keyScrubber } from './key-scrubber.ts';
import { createMcpRoutes } from './mcp/http-route.ts';
import { createDocumentRoutes, createLookupHandler, createMaskingProxy } from './lookup-handler.ts';
import { createProxyHandler } from './proxy-handler.ts';
import { configureServerLog } from './server-log.ts';
import { createStaticHandler } from './static-files.ts';
import { accessEnabled, type AccessConfig } from './team/access-config.ts';
import type { AuditLog } from './team/audit-log.ts';
import type { TeamLimits } from './team/limits-config.ts';
import type { SharedStore } from './team/store-types.ts';
import { createTeamHandler } from './team/team-handler.ts';
import { createTeamServices, type TeamServices } from './team/team-services.ts';
import type { ItemSettings } from './team/items/item-settings.ts';
import type { ItemStore } from './team/items/item-store.ts';
import type { ItemService } from './team/items/item-service.ts';
import { createTeamItems } from './team/items/team-items.ts';
import { createItemsOffRoutes } from './team/items/items-off-routes.ts';
import { createJobsOffRoutes } from './jobs/jobs-off-routes.ts';
import { createLazyJobService, type LazyJobService } from './jobs/lazy-job-service.ts';
import type { JobsSettings } from './jobs/jobs-settings.ts';

// For the Vite plugin, which loads the server through this module alone (one tsImport: one server log).
export { partLog } from './server-log.ts';

/** Reads the configuration (environment and `.env`); throws ConfigError for a malformed setting. */
export function loadAppConfig(env = environmentWithDotEnv()): ServerConfig {
  return parseServerConfig(env, allLookups);
}

const openApiDocument = () => buildOpenApiDocument(allLookups);

/** The JSON documents and the proxy over the real registry, as one handler (tests mount it alone). */
export function createAppHandler(config: ServerConfig, log?: (line: string) => void): RequestHandler {
  return createLookupHandler({ lookups: allLookups, generators: demoGenerators, config, openApiDocument, ...(log && { log }) });
}

export interface TeamParts {
  /** State shared with other processes and instances (sessions, counters, cache). */
  store: SharedStore;
  /** Who may use the server; none configured: everyone who reaches it, as on loopback. */
  access?: AccessConfig;
  /** Budgets, rate and concurrency limits, the answer cache, the audit log and /metrics. */
  limits?: TeamLimits;
  /** Where audit lines go (tests); default: LOOKUP_AUDIT_FILE or stdout. */
  audit?: AuditLog;
  /** Server-side jobs on Redis (jobs/): the settings, and this instance's own address once it listens. */
  jobs?: { settings: JobsSettings; origin: () => string };
  /** The team's shared items (team/items/): answered at /team/items when an access mode is configured. */
  items?: { store: ItemStore; settings: ItemSettings };
}

export interface AssemblyOptions {
  config: ServerConfig;
  /**
   * `app` (the default): the JSON documents and the proxy under /proxy. `demo-upstream`: the proxy
   * alone at `/<slug>/…`, answering as a provider would (no documents, no masking).
   */
  role?: 'app' | 'demo-upstream';
  /** The proxy's request log (default: the server log's `proxy` part, server-log.ts). */
  log?: (line: string) => void;
  /** The team server (production): /readyz, the access gate, and with limits the team services. */
  team?: TeamParts;
  /** The built app's files, answered last (production), with the app's security headers. */
  files?: { distDir: string; headers: Readonly<Record<string, string>> };
}

/** No handler answered: 405 for a method nothing here serves, else 404. */
function answerUnhandled(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    sendRefusal(
      res,
      refusal(405, 'method_not_allowed', `${req.method} is not served here: only GET and HEAD`, { headers: { allow: 'GET, HEAD' } }),
    );
  else sendRefusal(res, refusal(404, 'not_found', 'There is nothing at this address'));
}

export function assembleHandlers(options: AssemblyOptions): HandlerChain & { jobs?: LazyJobService } {
  const { config, log } = options;
  // Every host passes here: the server log gets LOG_LEVEL and the keys to scrub from every line.
  configureServerLog(config);
  // An unexpected error's message may hold a configured key (an upstream echoing its URL).
  const scrubber = keyScrubber(Object.values(config.lookups).flatMap((mode) => (mode?.mode === 'live' ? [mode.key] : [])));
  const failed = createFailureHandler({ scrub: (text) => scrubber.text(text) });

  if (options.role === 'demo-upstream') {
    const proxy = createProxyHandler({ lookups: allLookups, generators: demoGenerators, config, prefix: '', ...(log && { log }) });
    return { handlers: [proxy], unhandled: answerUnhandled, failed };
  }

  const handlers: ChainHandler[] = [];
  let services: TeamServices | undefined;
  let jobs: LazyJobService | undefined;
  let items: ItemService | undefined;
  if (options.team) {
    const { store, access, limits, audit } = options.team;
    services = limits && createTeamServices({ config, lookups: allLookups, limits, store, ...(audit && { audit }) });
    // BullMQ loads only here, when the server runs jobs (lazy-job-service.ts).
    jobs =
      options.team.jobs &&
      createLazyJobService({
        ...options.team.jobs,
        lookups: allLookups,
        timeoutMs: config.timeoutMs,
        ...(services?.audit && { audit: services.audit }),
        ...(services && { registry: services.metrics.registry }),
      });
    // /metrics when LOOKUP_METRICS_PUBLIC=1 comes before the gate; budgets and /metrics otherwise after it.
    if (services) handlers.push(services.publicRoutes);
    handlers.push(
      createTeamHandler({
        store,
        ...(access && { access }),
        ...(services?.audit && { audit: services.audit }),
        ...(jobs && { internalUser: jobs.identify }),
      }),
    );
    if (services) handlers.push(services.routes);
    // A team of signed-in users keeps shared items; a single-user server has no /team/items (404).
    if (options.team.items && accessEnabled(access)) {
      const team = createTeamItems({ ...options.team.items, access, audit: services?.audit });
      handlers.push(team.routes);
      items = team.service;
    }
    if (jobs) handlers.push(jobs.routes);
  }
  // Without jobs, /jobs/config says so (the bulk page asks it).
  if (!jobs) handlers.push(createJobsOffRoutes());
  // Without them, /team/items says so (the page then keeps its items in the browser).
  if (!items) handlers.push(createItemsOffRoutes());
  handlers.push(createDocumentRoutes({ config, openApiDocument }));
  // POST /mcp: the lookups as tools for AI assistants; each tool call comes back through the proxy below.
  handlers.push(
    createMcpRoutes({
      lookups: allLookups,
      config,
      limits: options.team?.limits,
      access: options.team?.access,
      openApiDocument,
      jobs,
      items,
      audit: services?.audit,
    }),
  );
  handlers.push(
    createMaskingProxy({
      lookups: allLookups,
      generators: demoGenerators,
      config,
      ...(log && { log }),
      ...(services && { team: services.proxy }),
    }),
  );
  if (options.files) handlers.push(createStaticHandler(options.files.distDir, options.files.headers));
  return { handlers, unhandled: answerUnhandled, failed, ...(jobs && { jobs }) };
}
