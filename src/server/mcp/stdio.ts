// `npm run mcp`: the MCP server over stdio, for a desktop assistant on this machine. It runs the
// app's own server core (the request guard, then the assembly's handlers with the team part:
// budgets, the rate queue, the answer cache, the audit log; documents and the masking proxy) on a
// loopback port that answers only requests carrying this process's secret (loopback-secret.ts),
// and every tool call goes through that proxy as a page's request would. On demo data unless
// started with `--live` (then the lookups with a key in the environment or `.env` go to their
// providers, as `npm start` does). stdout is the MCP channel: everything else (the server log with
// its request lines, the audit log without LOOKUP_AUDIT_FILE, warnings) goes to stderr.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { allLookups } from '../../lookups/registry.ts';
import { buildOpenApiDocument } from '../../lookups/openapi.ts';
import { assembleHandlers, loadAppConfig } from '../assembly.ts';
import { ConfigError, environmentWithDotEnv, type ServerConfig } from '../config.ts';
import { runChain } from '../http/handler-chain.ts';
import { withServerOrigin } from '../openapi-origin.ts';
import { createRequestGuard } from '../request-guard.ts';
import { SecuredResponse } from '../secured-response.ts';
import { configureServerLog, logToStderr, partLog } from '../server-log.ts';
import { loopbackCaller } from './loopback.ts';
import { createLoopbackSecret } from './loopback-secret.ts';
import { dossierExtensions } from './dossier-tool.ts';
import { toolFactsOf } from './http-route.ts';
import { createLookupMcpServer } from './mcp-server.ts';
import { stdioTeamParts, type StdioTeam } from './stdio-team.ts';
import { lookupTools } from './tool-catalog.ts';

/** The environment without the lookups' keys: every lookup answers from the demo. */
export function demoOnly(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^LOOKUP_.+_KEY$/.test(name)));
}

// Nothing but the protocol may reach stdout: the server log goes to stderr, and so does anything a
// library would print with console.log.
logToStderr();
const log = partLog('mcp');
console.log = console.info = (...parts: unknown[]) => log.info(parts.map(String).join(' '));

const live = process.argv.includes('--live');
let config: ServerConfig;
let team: StdioTeam;
try {
  const env = environmentWithDotEnv();
  config = loadAppConfig(live ? env : demoOnly(env));
  team = stdioTeamParts(env, config);
} catch (error) {
  log.fatal(error instanceof ConfigError ? error.message : String(error));
  process.exit(1);
}
configureServerLog(config);
for (const warning of [...config.warnings, ...team.warnings]) log.warn(warning);

const secret = createLoopbackSecret();
const guard = createRequestGuard({ allowedHosts: [] });
const chain = assembleHandlers({ config, team: team.parts });
const http = createServer({ ServerResponse: SecuredResponse }, (req, res) => {
  if (secret.refuse(req, res) || guard(req, res)) return;
  runChain(chain, req, res);
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const { port } = http.address() as AddressInfo;
const origin = `http://127.0.0.1:${port}`;

const factsOf = toolFactsOf(config, team.parts.limits);
const server = createLookupMcpServer({
  lookups: allLookups,
  tools: lookupTools(
    allLookups,
    (id) => factsOf(id).mode,
    (id) => factsOf(id).limits,
  ),
  resources: {
    lookups: allLookups,
    factsOf,
    openApiDocument: () => withServerOrigin(buildOpenApiDocument(allLookups), origin),
    // The loopback answers only this process: the app views link to `npm start`'s pages on this machine.
    app: { origin: `http://127.0.0.1:${Number(process.env.PORT) || 4173}` },
  },
  caller: loopbackCaller({ address: '127.0.0.1', port, host: `127.0.0.1:${port}`, headers: secret.headers }),
  extensions: dossierExtensions(factsOf),
});
const transport = new StdioServerTransport();
transport.onclose = () => {
  http.closeAllConnections();
  http.close(() => void team.close().finally(() => process.exit(0)));
};
process.stdin.on('end', () => void transport.close());
await server.connect(transport);
const liveCount = Object.values(config.lookups).filter((mode) => mode?.mode === 'live').length;
// The start-up banner, on stderr.
process.stderr.write(
  `Lookup Explorer MCP server on stdio (${liveCount} live, ${allLookups.length - liveCount} demo lookups; its proxy on ${origin})\n`,
);
