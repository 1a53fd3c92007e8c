// Mounts the proxy, /healthz, /lookup-config.json, /openapi.json and /map-config.json in `vite` (dev) and
// `vite preview`, ahead of Vite's own middlewares. The server code is loaded through tsx only
// when a server starts: Vite bundles this file into its config, and a plain import would pull the
// whole registry and demo upstream into every `vite build` (and break it on any server error).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Connect, Plugin } from 'vite';
import type * as AppHandlerModule from './app-handler.ts';
import type { RequestHandler } from './proxy-handler.ts';

async function loadHandler(root: string): Promise<RequestHandler> {
  const { tsImport } = await import('tsx/esm/api');
  const entry = pathToFileURL(join(root, 'src/server/app-handler.ts')).href;
  const { createAppHandler, loadAppConfig } = (await tsImport(entry, import.meta.url)) as typeof AppHandlerModule;
  const config = loadAppConfig();
  for (const warning of config.warnings) console.warn(`[lookup-server] ${warning}`);
  return createAppHandler(config, (line) => console.log(`[proxy] ${line}`));
}

function middleware(handler: RequestHandler): Connect.NextHandleFunction {
  return (req, res, next) => {
    handler(req, res).then(
      (handled) => {
        if (!handled) next();
      },
      (error: unknown) => next(error),
    );
  };
}

export function lookupServerPlugin(): Plugin {
  return {
    name: 'lookup-server',
    async configureServer(server) {
      server.middlewares.use(middleware(await loadHandler(server.config.root)));
    },
    async configurePreviewServer(server) {
      server.middlewares.use(middleware(await loadHandler(server.config.root)));
    },
  };
}
