import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allLookups } from '../lookups/registry.ts';
import { assembleHandlers, loadAppConfig, type AssemblyOptions } from './assembly.ts';
import { runChain } from './http/handler-chain.ts';
import { partLog } from './server-log.ts';
import { rawRequest } from './testing/http-fixtures.ts';

const lookup = allLookups[0]!;
const KEY = 'assembly-key-0123456789';
let server: Server | undefined;

async function serve(options: AssemblyOptions): Promise<number> {
  const chain = assembleHandlers(options);
  server = createServer((req, res) => runChain(chain, req, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

const errorOf = (text: string): unknown => (JSON.parse(text) as { error: unknown }).error;

describe('assembleHandlers', () => {
  it('app: the JSON documents, the proxy under /proxy, and the envelope when nothing answers', async () => {
    const port = await serve({ config: loadAppConfig({}), log: () => undefined });
    const health = await rawRequest(port, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toMatchObject({ status: 'ok' });
    expect((await rawRequest(port, 'POST', '/healthz')).headers.allow).toBe('GET, HEAD');
    expect(errorOf((await rawRequest(port, 'GET', `/proxy/${lookup.slug}/no/such/path`)).text)).toMatchObject({
      code: 'unknown_path',
      origin: 'proxy',
    });
    const nothing = await rawRequest(port, 'GET', '/nothing-here');
    expect(nothing.status).toBe(404);
    expect(errorOf(nothing.text)).toEqual({ code: 'not_found', message: 'There is nothing at this address', origin: 'proxy' });
    const deleted = await rawRequest(port, 'DELETE', '/nothing-here');
    expect(deleted.status).toBe(405);
    expect(deleted.headers.allow).toBe('GET, HEAD');
  });

  it('demo-upstream: the proxy alone at /<slug>/…, no documents', async () => {
    const port = await serve({ config: loadAppConfig({}), role: 'demo-upstream', log: () => undefined });
    expect(errorOf((await rawRequest(port, 'GET', `/${lookup.slug}/no/such/path`)).text)).toMatchObject({ code: 'unknown_path' });
    const health = await rawRequest(port, 'GET', '/healthz');
    expect(health.status).toBe(404);
    expect(errorOf(health.text)).toMatchObject({ code: 'unknown_lookup' });
    expect((await rawRequest(port, 'OPTIONS', '*')).status).toBe(405);
  });

  it('answers an unexpected error with the 500 envelope, logged without a configured key', () => {
    const config = loadAppConfig({ [`LOOKUP_${lookup.id}_BASE_URL`]: 'http://127.0.0.1:1', [`LOOKUP_${lookup.id}_KEY`]: KEY });
    const logged = vi.spyOn(partLog('server'), 'error').mockImplementation(() => undefined);
    const sent: { status?: number; body?: string } = {};
    const res = {
      headersSent: false,
      writeHead: (status: number) => (sent.status = status),
      end: (body: string) => (sent.body = body),
    } as unknown as ServerResponse;
    assembleHandlers({ config }).failed(
      new Error(`the call to http://127.0.0.1:1/?key=${KEY} broke`),
      { method: 'GET', url: `/proxy/x?key=${KEY}` } as IncomingMessage,
      res,
    );
    expect(sent.status).toBe(500);
    expect(errorOf(sent.body!)).toMatchObject({ code: 'internal_error' });
    expect(logged).toHaveBeenCalledTimes(1);
    const line = String(logged.mock.calls[0]![0]);
    expect(line).toMatch(/^Internal error for GET \/proxy\/x: the call to/);
    expect(line).not.toContain(KEY);
  });
});
