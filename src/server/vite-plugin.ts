// Mounts the assembly's handlers (assembly.ts: /healthz, /lookup-config.json, /openapi.json,
// /map-config.json and the proxy) in `vite` (dev) and `vite preview`, ahead of Vite's own middlewares. The server code is loaded through tsx only
// when a server starts: Vite bundles this file into its config, and a plain import would pull the
// whole registry and demo upstream into every `vite build` (and break it on any server error).
import type { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Connect, Plugin } from 'vite';
import type * as AssemblyModule from './assembly.ts';
// Small and free of the registry, so imported directly (bundled into Vite's config).
import { runChain, type HandlerChain } from './http/handler-chain.ts';
import { answerSocketErrors } from './http/socket-errors.ts';
import { createRequestGuard } from './request-guard.ts';
import { appSecurityHeaders, BASELINE_SECURITY_HEADERS, DATA_SECURITY_HEADERS, type PageSources } from './security-headers.ts';

interface ServerParts {
  chain: HandlerChain;
  guard: ReturnType<typeof createRequestGuard>;
  pageSources: PageSources;
}

async function loadServerParts(root: string): Promise<ServerParts> {
  const { tsImport } = await import('tsx/esm/api');
  const entry = pathToFileURL(join(root, 'src/server/assembly.ts')).href;
  const { assembleHandlers, loadAppConfig, partLog } = (await tsImport(entry, import.meta.url)) as typeof AssemblyModule;
  const config = loadAppConfig();
  const chain = assembleHandlers({ config });
  for (const warning of config.warnings) partLog('server').warn(warning);
  return {
    chain,
    // Loopback on the dev or preview server's own port, plus LOOKUP_ALLOWED_HOSTS.
    guard: createRequestGuard({ allowedHosts: config.allowedHosts }),
    pageSources: { tileUrl: config.map.tileUrl, mediaSources: config.mediaSources },
  };
}

/**
 * The guard first (Host, CSRF), then the assembly's handlers; what they leave to Vite (the app's
 * pages and files) gets `pageHeaders` instead of the data policy. An unexpected error gets the
 * assembly's answer, as on the production server, not Vite's error page.
 */
function middleware({ chain, guard }: ServerParts, pageHeaders: Record<string, string>): Connect.NextHandleFunction {
  return (req, res, next) => {
    for (const [name, value] of Object.entries(DATA_SECURITY_HEADERS)) res.setHeader(name, value);
    if (guard(req, res)) return;
    runChain(chain, req, res, () => {
      res.removeHeader('content-security-policy');
      for (const [name, value] of Object.entries(pageHeaders)) res.setHeader(name, value);
      next();
    });
  };
}

/**
 * The envelope for what Node's parser rejects and for CONNECT, as on the production server. Vite
 * answers `clientError` itself (a plain-text status line) and would write first, so its listener
 * is replaced rather than joined.
 */
function replaceSocketErrors(httpServer: EventEmitter): void {
  httpServer.removeAllListeners('clientError');
  answerSocketErrors(httpServer);
}

export function lookupServerPlugin(): Plugin {
  return {
    name: 'lookup-server',
    async configureServer(server) {
      if (server.httpServer) replaceSocketErrors(server.httpServer);
      // No Content-Security-Policy on dev pages: Vite's dev client and React's refresh preamble
      // are inline scripts. `vite preview` and `npm start` serve the build with the full policy.
      server.middlewares.use(middleware(await loadServerParts(server.config.root), { ...BASELINE_SECURITY_HEADERS }));
    },
    async configurePreviewServer(server) {
      if (server.httpServer) replaceSocketErrors(server.httpServer);
      const parts = await loadServerParts(server.config.root);
      server.middlewares.use(middleware(parts, appSecurityHeaders(parts.pageSources)));
    },
  };
}
