// The production server (`npm start`): the built app from DIST_DIR (default `dist`), the proxy,
// /openapi.json, /map-config.json, /lookup-config.json and /healthz, on HOST:PORT (default 127.0.0.1:4173),
// behind the request guard (Host, CSRF) and with the app's security headers (app-server.ts).
// LOOKUP_WORKERS=auto (or a number) runs one server process per core behind node:cluster
// (server-processes.ts); unset, it is one process. SIGTERM or SIGINT: stop accepting, finish the
// requests in flight, exit (closing the shared store last).
// Bound to anything but loopback, it needs an access mode (team/access-config.ts); LOOKUP_REDIS_URL
// shares sessions and counters between processes and instances (team/shared-store.ts).
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadAppConfig } from './assembly.ts';
import { createAppServer, hostNameOfAddress } from './app-server.ts';
import { ConfigError, environmentWithDotEnv, lookupModes, type ServerConfig } from './config.ts';
import { closeDemoPool, configureDemoPool, defaultDemoThreads, demoPool } from './demo-pool.ts';
import { closeGracefully } from './graceful-shutdown.ts';
import { closeMaskPool, defaultMaskThreads, startMaskPool } from './mask-pool.ts';
import { closeMaskStreamPool, startMaskStreamPool } from './mask-stream-pool.ts';
import { runPrimary, serverProcessCount } from './server-processes.ts';
import { configureServerLog, partLog } from './server-log.ts';
import { accessEnabled, checkTeamStartup, loadAccessConfig, teamStartupWarnings } from './team/access-config.ts';
import { createStoreFromEnv, storeKindOf } from './team/shared-store.ts';
import { serveClusterMetrics } from './team/cluster-metrics.ts';
import { checkLimitsStartup, parseTeamLimits } from './team/limits-config.ts';
import { allLookups } from '../lookups/registry.ts';
import { parseJobsSettings } from './jobs/jobs-settings.ts';
import { parseItemSettings } from './team/items/item-settings.ts';
import { createItemStoreFromEnv, itemStoreWarning } from './team/items/team-items.ts';

const log = partLog('server');

function fail(message: string): never {
  log.fatal(message);
  // The log's exit hook writes the line out.
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

// `.env` may hold PORT, HOST, DIST_DIR and LOOKUP_WORKERS too; the real environment wins.
const env = configured(() => environmentWithDotEnv());
const config: ServerConfig = configured(() => loadAppConfig(env));
// LOG_LEVEL and the keys to scrub, in the primary too (its workers configure theirs in the assembly).
configureServerLog(config);
const processes = configured(() => serverProcessCount(env.LOOKUP_WORKERS));
const distDir = env.DIST_DIR || 'dist';
const port = Number(env.PORT || 4173);
const host = env.HOST || '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`Configuration error: PORT must be a port number (0-65535)`);
// Team deployment (README): who may use a server others can reach, and the store its processes share.
const access = configured(() => loadAccessConfig(env));
configured(() => checkTeamStartup({ host, access, processes, storeKind: storeKindOf(env) }));
// Said before anything else, in capitals, once per start (not per worker).
if (cluster.isPrimary)
  for (const warning of teamStartupWarnings({ host, access, allowedHosts: config.allowedHosts })) log.warn(`WARNING: ${warning}`);
// Budgets, rates, the answer cache, the audit log and /metrics (README "Team deployment").
const limits = configured(() => parseTeamLimits(env, allLookups, config));
configured(() => checkLimitsStartup(limits, processes, storeKindOf(env)));
// Server-side jobs and watchlists (jobs/): on with LOOKUP_REDIS_URL unless LOOKUP_JOBS=off.
const jobs = configured(() => parseJobsSettings(env));
// The team's shared items (team/items/): on a team server (an access mode), kept in Redis when it is set.
const items = accessEnabled(access) ? configured(() => parseItemSettings(env)) : undefined;
if (!existsSync(join(distDir, 'index.html'))) fail(`No build in ${distDir}/: run \`npx vite build\` first (or set DIST_DIR).`);

function announce(boundPort: number): void {
  const modes = Object.values(lookupModes(config));
  const live = modes.filter((mode) => mode === 'live').length;
  const itemsWarning = itemStoreWarning(env, items !== undefined);
  for (const warning of [...config.warnings, ...limits.warnings, ...(itemsWarning ? [itemsWarning] : [])]) log.warn(warning);
  const shape = processes > 1 ? `; ${processes} server processes` : '';
  // The start-up banner: the one line the server writes to the console itself.
  console.log(`Lookup Explorer on http://${host}:${boundPort}/ (${live} live, ${modes.length - live} demo lookups${shape})`);
}

if (processes > 1 && cluster.isPrimary) {
  runPrimary({ workers: processes, maskSecret: config.maskSecret, onListening: announce });
  // /metrics reaches one worker; the primary sums every worker's figures for it.
  serveClusterMetrics();
} else {
  serve();
}

function serve(): void {
  const worker = cluster.isWorker;
  if (worker) configureDemoPool({ threads: defaultDemoThreads(processes) });
  // Live answers are masked on the mask pool's threads: started now, not at the first masked answer.
  const modes = Object.values(lookupModes(config));
  if (modes.includes('live')) {
    void startMaskPool({ threads: defaultMaskThreads(processes) });
    // Streamed masked answers, each on one of these threads from its first byte to its last (decision 042).
    startMaskStreamPool({ threads: defaultMaskThreads(processes) });
  }
  // Demo answers come from the demo pool's threads: the first one starts now, not at the first request.
  if (modes.includes('demo')) void demoPool().warm();
  // The address the server binds is a name it answers to (besides loopback and LOOKUP_ALLOWED_HOSTS).
  const boundName = hostNameOfAddress(host);
  const store = createStoreFromEnv(env);
  const itemStore = items && createItemStoreFromEnv(env);
  const server = createAppServer({
    config,
    distDir,
    store,
    access,
    limits,
    ...(jobs && { jobs }),
    ...(items && itemStore && { items: { store: itemStore, settings: items } }),
    ...(boundName && { localNames: [boundName] }),
  });

  server.on('error', (error) => fail(`The server cannot listen on ${host}:${port}: ${error.message}`));
  server.listen(port, host, () => {
    // A worker's primary says it once for all of them.
    if (worker) return;
    const address = server.address();
    announce(typeof address === 'object' && address ? address.port : port);
  });

  // In flight: an upstream call is bounded by LOOKUP_TIMEOUT_MS; a second more to send its answer.
  const graceMs = config.timeoutMs + 1_000;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void closeGracefully(server, graceMs)
      .then(() => closeDemoPool())
      .then(() => closeMaskPool())
      .then(() => closeMaskStreamPool())
      .then(() => itemStore?.close())
      .then(() => store.close())
      .finally(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
}
