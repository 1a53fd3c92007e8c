// The production server's node:http server, built here so that `npm start` (start.ts) and the
// hostile-corpus test run the very same stack: the request guard (Host, target, CSRF), then
// /readyz and, on a team server, the access gate (team/team-handler.ts), then /healthz, the JSON documents and the proxy, then the built app's files; the error envelope for
// everything else, for requests Node's parser rejects (`clientError`) and for CONNECT.
import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import { createAppHandler } from './app-handler.ts';
import { allLookups } from '../lookups/registry.ts';
import type { ServerConfig } from './config.ts';
import { sendError } from './http-io.ts';
import { runChain, type HandlerChain } from './handler-chain.ts';
import type { ChainHandler, RequestHandler } from './proxy-handler.ts';
import { createRequestGuard, LOOPBACK_NAMES } from './request-guard.ts';
import { SecuredResponse } from './secured-response.ts';
import { appSecurityHeaders } from './security-headers.ts';
import { handleClientError, refuseConnect } from './socket-errors.ts';
import { createStaticHandler } from './static-files.ts';
import { FORM_PATHS } from './team/access.ts';
import { accessEnabled, type AccessConfig } from './team/access-config.ts';
import { createMemoryStore, type SharedStore } from './team/shared-store.ts';
import { createTeamHandler } from './team/team-handler.ts';
import type { AuditLog } from './team/audit-log.ts';
import type { TeamLimits } from './team/limits-config.ts';
import { createTeamServices } from './team/team-services.ts';

export interface AppServerOptions {
  config: ServerConfig;
  /** The build the server serves (index.html and assets). */
  distDir: string;
  /** Names accepted on the server's own port besides loopback (the address it binds, when specific). */
  localNames?: readonly string[];
  /** The proxy's request log (default: the proxy's own, to stdout). */
  log?: (line: string) => void;
  /** State shared with other processes and instances (sessions, counters, cache); in-process by default. */
  store?: SharedStore;
  /** Who may use the server (team/access-config.ts); none configured: everyone who reaches it, as on loopback. */
  access?: AccessConfig;
  /**
   * Budgets, rate and concurrency limits, the answer cache, the audit log and /metrics
   * (team/limits-config.ts). Given, the audit line replaces the proxy's request log.
   */
  limits?: TeamLimits;
  /** Where audit lines go (tests); default: LOOKUP_AUDIT_FILE or stdout. */
  audit?: AuditLog;
  /** node:http limits and timeouts (tests shorten them). */
  http?: Pick<ServerOptions, 'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval' | 'maxHeaderSize' | 'keepAliveTimeout'>;
}

/** The name a bound address is reached by in a Host header, or undefined for a wildcard address. */
export function hostNameOfAddress(address: string): string | undefined {
  if (address === '' || address === '0.0.0.0' || address === '::' || address === '[::]') return undefined;
  return address.includes(':') && !address.startsWith('[') ? `[${address.toLowerCase()}]` : address.toLowerCase();
}

function answerUnhandled(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    sendError(res, 405, { origin: 'proxy', code: 'method_not_allowed', message: `${req.method} is not served here: only GET and HEAD` }, { allow: 'GET, HEAD' });
  else sendError(res, 404, { origin: 'proxy', code: 'not_found', message: 'There is nothing at this address' });
}

function answerFailure(error: unknown, req: IncomingMessage, res: ServerResponse): void {
  console.error(`Internal error for ${req.method} ${(req.url ?? '').split('?')[0]}: ${(error as Error).message}`);
  if (!res.headersSent) sendError(res, 500, { origin: 'proxy', code: 'internal_error', message: 'The server failed to answer' });
  else res.destroy();
}

export function createAppServer(options: AppServerOptions): Server {
  const { config } = options;
  const store = options.store ?? createMemoryStore();
  const guard = createRequestGuard({
    allowedHosts: config.allowedHosts,
    localNames: [...LOOPBACK_NAMES, ...(options.localNames ?? [])],
    ...(accessEnabled(options.access) && { formPaths: FORM_PATHS }),
  });
  // /readyz, and with an access mode the sign-in pages and the gate that names each request's user.
  const teamHandler: ChainHandler = createTeamHandler({ store, ...(options.access && { access: options.access }) });
  const team = options.limits && createTeamServices({ config, lookups: allLookups, limits: options.limits, store, ...(options.audit && { audit: options.audit }) });
  const lookupHandler: RequestHandler = createAppHandler(config, options.log, team?.proxy);
  const staticHandler = createStaticHandler(options.distDir, appSecurityHeaders({ tileUrl: config.map.tileUrl, mediaSources: config.mediaSources }));

  // /metrics when LOOKUP_METRICS_PUBLIC=1 comes before the gate; budgets and /metrics otherwise after it.
  const chain: HandlerChain = {
    handlers: [...(team ? [team.publicRoutes] : []), teamHandler, ...(team ? [team.routes] : []), lookupHandler, staticHandler],
    unhandled: answerUnhandled,
    failed: answerFailure,
  };

  const server = createServer(
    // The guard answers a missing Host itself, with the envelope, instead of Node's empty 400.
    // Every answer is data (DATA_SECURITY_HEADERS) unless its handler sends its own policy: the
    // static handler the app's, the proxy its stricter one (SecuredResponse fills in the rest).
    { ...options.http, requireHostHeader: false, ServerResponse: SecuredResponse },
    (req, res) => {
      if (guard(req, res)) return;
      runChain(chain, req, res);
    },
  );
  server.on('clientError', handleClientError);
  server.on('connect', refuseConnect);
  return server;
}
