// The production server (`npm start`): the built app from DIST_DIR (default `dist`), the proxy,
// /openapi.json, /map-config.json, /lookup-config.json and /healthz, on HOST:PORT (default 127.0.0.1:4173),
// behind the request guard (Host, CSRF) and with the app's security headers (app-server.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadAppConfig } from './app-handler.ts';
import { createAppServer, hostNameOfAddress } from './app-server.ts';
import { ConfigError, environmentWithDotEnv, lookupModes, type ServerConfig } from './config.ts';

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

// The address the server binds is a name it answers to (besides loopback and LOOKUP_ALLOWED_HOSTS).
const boundName = hostNameOfAddress(host);
const server = createAppServer({ config, distDir, ...(boundName && { localNames: [boundName] }) });

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
