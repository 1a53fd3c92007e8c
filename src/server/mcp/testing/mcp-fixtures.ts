// Test helpers for the MCP endpoint: a production server (createAppServer, the stack `npm start`
// runs) on a free loopback port, the demo upstream as a "live" provider, an SDK client over
// Streamable HTTP, and an operation's example as the typed arguments an assistant would send.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
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
import { toolInputSchema } from '../tool-catalog.ts';

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
  const properties = toolInputSchema(operation).properties;
  return Object.fromEntries(
    Object.entries(operation.example as Record<string, string>).map(([name, text]) => {
      const type = properties[name]?.type;
      if (type === 'integer' || type === 'number') return [name, Number(text)];
      if (type === 'boolean') return [name, text === 'true'];
      return [name, text];
    }),
  );
}
