// Mounts the proxy, /healthz, /lookup-config.json, /openapi.json and /map-config.json in `vite` (dev) and
// `vite preview`, ahead of Vite's own middlewares. The server code is loaded through tsx only
// when a server starts: Vite bundles this file into its config, and a plain import would pull the
// whole registry and demo upstream into every `vite build` (and break it on any server error).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Connect, Plugin } from 'vite';
import type * as AppHandlerModule from './app-handler.ts';
import type { RequestHandler } from './proxy-handler.ts';
// Small and free of the registry, so imported directly (bundled into Vite's config).
import { createRequestGuard } from './request-guard.ts';
import { appSecurityHeaders, BASELINE_SECURITY_HEADERS, DATA_SECURITY_HEADERS, type PageSources } from './security-headers.ts';

interface ServerParts {
  handler: RequestHandler;
  guard: ReturnType<typeof createRequestGuard>;
  pageSources: PageSources;
}

async function loadServerParts(root: string): Promise<ServerParts> {
  const { tsImport } = await import('tsx/esm/api');
  const entry = pathToFileURL(join(root, 'src/server/app-handler.ts')).href;
  const { createAppHandler, loadAppConfig } = (await tsImport(entry, import.meta.url)) as typeof AppHandlerModule;
  const config = loadAppConfig();
  for (const warning of config.warnings) console.warn(`[lookup-server] ${warning}`);
  return {
    handler: createAppHandler(config, (line) => console.log(`[proxy] ${line}`)),
    // Loopback on the dev or preview server's own port, plus LOOKUP_ALLOWED_HOSTS.
    guard: createRequestGuard({ allowedHosts: config.allowedHosts }),
    pageSources: { tileUrl: config.map.tileUrl, mediaSources: config.mediaSources },
  };
}

/**
 * The guard first (Host, CSRF), then the lookup handler; what it leaves to Vite (the app's pages
 * and files) gets `pageHeaders` instead of the data policy.
 */
function middleware({ handler, guard }: ServerParts, pageHeaders: Record<string, string>): Connect.NextHandleFunction {
  return (req, res, next) => {
    for (const [name, value] of Object.entries(DATA_SECURITY_HEADERS)) res.setHeader(name, value);
    if (guard(req, res)) return;
    handler(req, res).then(
      (handled) => {
        if (handled) return;
        res.removeHeader('content-security-policy');
        for (const [name, value] of Object.entries(pageHeaders)) res.setHeader(name, value);
        next();
      },
      (error: unknown) => next(error),
    );
  };
}

export function lookupServerPlugin(): Plugin {
  return {
    name: 'lookup-server',
    async configureServer(server) {
      // No Content-Security-Policy on dev pages: Vite's dev client and React's refresh preamble
      // are inline scripts. `vite preview` and `npm start` serve the build with the full policy.
      server.middlewares.use(middleware(await loadServerParts(server.config.root), { ...BASELINE_SECURITY_HEADERS }));
    },
    async configurePreviewServer(server) {
      const parts = await loadServerParts(server.config.root);
      server.middlewares.use(middleware(parts, appSecurityHeaders(parts.pageSources)));
    },
  };
}
