// The production server's node:http server, built here so that `npm start` (start.ts) and the
// hostile-corpus test run the very same stack: the request guard (Host, target, CSRF), then the
// handlers the assembly builds (assembly.ts: /readyz and the access gate, the team routes, the JSON
// documents, the proxy, the built app's files), with its answers for no handler and for an
// unexpected error; the error envelope for requests Node's parser rejects (`clientError`) and for CONNECT.
import { createServer, type Server, type ServerOptions } from 'node:http';
import { assembleHandlers } from './assembly.ts';
import type { ServerConfig } from './config.ts';
import { runChain } from './http/handler-chain.ts';
import { answerSocketErrors } from './http/socket-errors.ts';
import { createRequestGuard, LOOPBACK_NAMES, MAX_HEADER_BYTES } from './request-guard.ts';
import { SecuredResponse } from './secured-response.ts';
import { appSecurityHeaders } from './security-headers.ts';
import { FORM_PATHS } from './team/access.ts';
import { accessEnabled, type AccessConfig } from './team/access-config.ts';
import type { AuditLog } from './team/audit-log.ts';
import type { TeamLimits } from './team/limits-config.ts';
import { createMemoryStore } from './team/shared-store.ts';
import type { SharedStore } from './team/store-types.ts';
import type { JobsSettings } from './jobs/jobs-settings.ts';
import { JOBS_PATH } from './jobs/job-documents.ts';
import { TEAM_ITEMS_PATH } from '../lookups/team-wire.ts';
import { itemRequestLimit, type ItemSettings } from './team/items/item-settings.ts';
import type { ItemStore } from './team/items/item-store.ts';

export interface AppServerOptions {
  config: ServerConfig;
  /** The build the server serves (index.html and assets). */
  distDir: string;
  /** Names accepted on the server's own port besides loopback (the address it binds, when specific). */
  localNames?: readonly string[];
  /** The proxy's request log (default: the server log's `proxy` part, server-log.ts). */
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
  /** Server-side jobs on Redis (jobs/jobs-settings.ts): the worker starts once the server listens, and stops when it closes. */
  jobs?: JobsSettings;
  /** The team's shared items (team/items/), answered when an access mode is configured. */
  items?: { store: ItemStore; settings: ItemSettings };
  /** node:http limits and timeouts (tests shorten them). */
  http?: Pick<ServerOptions, 'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval' | 'maxHeaderSize' | 'keepAliveTimeout'>;
}

/** The name a bound address is reached by in a Host header, or undefined for a wildcard address. */
export function hostNameOfAddress(address: string): string | undefined {
  if (address === '' || address === '0.0.0.0' || address === '::' || address === '[::]') return undefined;
  return address.includes(':') && !address.startsWith('[') ? `[${address.toLowerCase()}]` : address.toLowerCase();
}

export function createAppServer(options: AppServerOptions): Server {
  const { config, access, limits, audit } = options;
  const guard = createRequestGuard({
    allowedHosts: config.allowedHosts,
    localNames: [...LOOPBACK_NAMES, ...(options.localNames ?? [])],
    ...(accessEnabled(access) && { formPaths: FORM_PATHS }),
    ...(access && { trustedProxies: access.trustedProxies }),
    // A job's rows (POST /jobs) and a team item (an answer's snapshot) may be more than the 1 MiB
    // other bodies are held to; the item routes check the item's own size.
    bodyLimits: {
      ...(options.jobs && { [JOBS_PATH]: options.jobs.maxBodyBytes }),
      ...(options.items && {
        [TEAM_ITEMS_PATH]: itemRequestLimit(options.items.settings),
        [`${TEAM_ITEMS_PATH}/`]: itemRequestLimit(options.items.settings),
      }),
    },
  });
  // A job's rows come back in through this server's own port (jobs/job-identity.ts).
  const origin = () => {
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('The server does not listen yet');
    const host =
      address.address === '::' || address.address === '0.0.0.0'
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
    return `http://${host}:${address.port}`;
  };
  const chain = assembleHandlers({
    config,
    ...(options.log && { log: options.log }),
    team: {
      store: options.store ?? createMemoryStore(),
      ...(access && { access }),
      ...(limits && { limits }),
      ...(audit && { audit }),
      ...(options.jobs && { jobs: { settings: options.jobs, origin } }),
      ...(options.items && { items: options.items }),
    },
    files: { distDir: options.distDir, headers: appSecurityHeaders({ tileUrl: config.map.tileUrl, mediaSources: config.mediaSources }) },
  });

  const server = createServer(
    // The guard answers a missing Host itself, with the envelope, instead of Node's empty 400.
    // Every answer is data (DATA_SECURITY_HEADERS) unless its handler sends its own policy: the
    // static handler the app's, the proxy its stricter one (SecuredResponse fills in the rest).
    { maxHeaderSize: MAX_HEADER_BYTES, ...options.http, requireHostHeader: false, ServerResponse: SecuredResponse },
    (req, res) => {
      if (guard(req, res)) return;
      runChain(chain, req, res);
    },
  );
  answerSocketErrors(server);
  const { jobs } = chain;
  if (jobs) {
    server.once('listening', () => jobs.start());
    server.once('close', () => void jobs.close());
  }
  return server;
}
