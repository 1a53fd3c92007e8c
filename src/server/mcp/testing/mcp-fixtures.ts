// Test helpers for the MCP endpoint: a production server (createAppServer, the stack `npm start`
// runs) on a free loopback port, the demo upstream as a "live" provider, an SDK client over
// Streamable HTTP, and an operation's example as the typed arguments an assistant would send.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { fileURLToPath } from 'node:url';
import type { AnyOperation } from '../../../lookups/define-lookup.ts';
import { createAppServer, type AppServerOptions } from '../../app-server.ts';
import { assembleHandlers, loadAppConfig } from '../../assembly.ts';
import { demoPool } from '../../demo-pool.ts';
import { runChain } from '../../http/handler-chain.ts';
import { allLookups } from '../../../lookups/registry.ts';
import { loadAccessConfig } from '../../team/access-config.ts';
import type { AuditEntry } from '../../team/audit-log.ts';
import { parseTeamLimits } from '../../team/limits-config.ts';
import { createMemoryStore } from '../../team/shared-store.ts';
import { typedArguments } from '../tool-catalog.ts';

export interface Running {
  server: Server;
  base: string;
  close(): Promise<void>;
}

async function listening(server: Server, port = 0): Promise<Running> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    server,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The app's production server with `options` (the config, the team layer), on `port` (default: a free one); a dist of one page. */
export function startAppServer(options: Omit<AppServerOptions, 'distDir'>, port = 0): Promise<Running> {
  const dist = mkdtempSync(join(tmpdir(), 'lookup-mcp-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lookup Explorer</title>');
  return listening(createAppServer({ log: () => {}, ...options, distDir: dist }), port);
}

/**
 * The demo upstream (`/<slug>/…`, answering as a provider would), to stand in for a live one; its
 * thread started, as a server's is: on a busy machine the start alone can outlast a call's timeout.
 */
export async function startDemoUpstream(): Promise<Running> {
  const chain = assembleHandlers({ config: loadAppConfig({}), role: 'demo-upstream', log: () => {} });
  await demoPool().warm();
  return listening(createServer((req, res) => runChain(chain, req, res)));
}

/** An SDK client connected to `base`/mcp, with `headers` on every request (a bearer token). */
export async function connectHttpClient(base: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'lookup-explorer-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  return client;
}

/**
 * An SDK client that starts `npm run --silent mcp` (with `args` after `--`) over stdio, as a
 * desktop assistant does, with `env` added to the usual environment; `stderr()` is its log so far.
 */
export async function connectStdioClient(args: string[], env: Record<string, string>): Promise<{ client: Client; stderr: () => string }> {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: 'npm',
    args: ['run', '--silent', 'mcp', ...(args.length > 0 ? ['--', ...args] : [])],
    cwd: fileURLToPath(new URL('../../../../', import.meta.url)),
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'lookup-explorer-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** The operation's "Try an example" values typed as its tool's input schema says (numbers as numbers). */
export function exampleArguments(operation: AnyOperation): Record<string, unknown> {
  return typedArguments(operation, operation.example as Record<string, string>);
}

/** A team server from `env` (its tokens file, lookups' modes and budgets), a memory store, every audit line pushed to `audit`. */
export function startTeamAppServer(
  env: Record<string, string>,
  audit: AuditEntry[],
  more: Partial<Omit<AppServerOptions, 'distDir'>> = {},
): Promise<Running> {
  const config = loadAppConfig(env);
  return startAppServer({
    config,
    store: createMemoryStore(),
    access: loadAccessConfig(env),
    limits: parseTeamLimits(env, allLookups, config),
    audit: (entry) => audit.push(entry),
    ...more,
  });
}

/** A tokens file of `user: token` in a folder of its own. */
export function tokensFile(tokens: Record<string, string>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'lookup-mcp-tokens-')), 'tokens');
  writeFileSync(
    file,
    Object.entries(tokens)
      .map(([user, token]) => `${user}:${token}\n`)
      .join(''),
  );
  return file;
}

/** A provider that takes each request and never answers: the paths it was asked, when the first arrived, when its connection closed. */
export interface SilentProvider extends Running {
  seen: string[];
  arrival: Promise<void>;
  closing: Promise<void>;
}

export async function startSilentProvider(): Promise<SilentProvider> {
  let arrived!: () => void;
  let closed!: () => void;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  const closing = new Promise<void>((resolve) => (closed = resolve));
  const seen: string[] = [];
  const running = await listening(
    createServer((req: IncomingMessage) => {
      seen.push(req.url ?? '');
      req.socket.on('close', closed);
      arrived();
    }),
  );
  return { ...running, seen, arrival, closing };
}

/** One JSON-RPC message POSTed to `base`/mcp as a client of the 2025-06-18 revision would, without the SDK (to cancel by hand). */
export function postMcp(base: string, message: unknown): Promise<Response> {
  return fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify(message),
  });
}
