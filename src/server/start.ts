// The production server (`npm start`): the built app from DIST_DIR (default `dist`), the proxy,
// /openapi.json, /map-config.json, /lookup-config.json and /healthz, on HOST:PORT (default 127.0.0.1:4173).
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { createAppHandler, loadAppConfig } from './app-handler.ts';
import { ConfigError, environmentWithDotEnv, lookupModes, type ServerConfig } from './config.ts';
import { sendError } from './http-io.ts';
import { createStaticHandler } from './static-files.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function configured<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
    throw error;
  }
}

// `.env` may hold PORT, HOST and DIST_DIR too; the real environment wins.
const env = configured(() => environmentWithDotEnv());
const config: ServerConfig = configured(() => loadAppConfig(env));
const distDir = env.DIST_DIR || 'dist';
const port = Number(env.PORT || 4173);
const host = env.HOST || '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`Configuration error: PORT must be a port number (0-65535)`);
if (!existsSync(join(distDir, 'index.html'))) fail(`No build in ${distDir}/: run \`npx vite build\` first (or set DIST_DIR).`);

const lookupHandler = createAppHandler(config);
const staticHandler = createStaticHandler(distDir);

const server = createServer((req, res) => {
  void (async () => {
    if (await lookupHandler(req, res)) return;
    if (await staticHandler(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD')
      sendError(res, 405, { origin: 'proxy', code: 'method_not_allowed', message: 'Only GET is served here' }, { allow: 'GET, HEAD' });
    else sendError(res, 404, { origin: 'proxy', code: 'not_found', message: 'There is nothing at this address' });
  })().catch((error: unknown) => {
    console.error(`Internal error for ${req.method} ${(req.url ?? '').split('?')[0]}: ${(error as Error).message}`);
    if (!res.headersSent) sendError(res, 500, { origin: 'proxy', code: 'internal_error', message: 'The server failed to answer' });
    else res.destroy();
  });
});

server.listen(port, host, () => {
  const modes = Object.values(lookupModes(config));
  const live = modes.filter((mode) => mode === 'live').length;
  for (const warning of config.warnings) console.warn(`Warning: ${warning}`);
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  console.log(`Lookup Explorer on http://${host}:${boundPort}/ (${live} live, ${modes.length - live} demo lookups)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
