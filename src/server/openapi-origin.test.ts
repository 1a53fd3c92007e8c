// D-07: /openapi.json names the origin the request came to (its Host, with the scheme the server
// knows), never the default port 4173 and never a Host the request guard would refuse.
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument, DEFAULT_ORIGIN } from '../lookups/openapi.ts';
import { allLookups } from '../lookups/registry.ts';
import { createAppServer } from './app-server.ts';
import { loadAppConfig } from './assembly.ts';
import { createDocumentRoutes } from './lookup-handler.ts';
import { withServerOrigin } from './openapi-origin.ts';
import { loadAccessConfig } from './team/access-config.ts';
import { rawRequest, serveHandler } from './testing/http-fixtures.ts';

interface ServerVariable {
  variables?: { origin?: { default: string } };
}
interface OpenApi {
  servers: ServerVariable[];
  paths: Record<string, { servers: ServerVariable[] }>;
}

/** Every `origin` default the document names: the root server's and each path item's proxy. */
function origins(document: OpenApi): string[] {
  return [document.servers, ...Object.values(document.paths).map((item) => item.servers)].flatMap((servers) =>
    servers.flatMap((server) => (server.variables?.origin ? [server.variables.origin.default] : [])),
  );
}

async function openApiVia(port: number, headers: Record<string, string>): Promise<{ status: number; document: OpenApi }> {
  const answer = await rawRequest(port, 'GET', '/openapi.json', { headers });
  return { status: answer.status, document: JSON.parse(answer.text) as OpenApi };
}

const pathCount = new Set(allLookups.flatMap((lookup) => lookup.operations.map((operation) => operation.path))).size;

async function start(env: Record<string, string>, trustedProxies?: string): Promise<{ server: Server; port: number }> {
  const dist = mkdtempSync(join(tmpdir(), 'openapi-origin-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lookup Explorer</title>');
  const server = createAppServer({
    config: loadAppConfig(env),
    distDir: dist,
    log: () => undefined,
    ...(trustedProxies && { access: loadAccessConfig({ LOOKUP_TRUSTED_PROXIES: trustedProxies }) }),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('/openapi.json names the origin it was fetched from (D-07)', () => {
  let plain: { server: Server; port: number };
  let behindProxy: { server: Server; port: number };

  beforeAll(async () => {
    plain = await start({ LOOKUP_ALLOWED_HOSTS: 'lookups.example.org' });
    // The test's own client (127.0.0.1) plays the trusted TLS-terminating proxy.
    behindProxy = await start({ LOOKUP_ALLOWED_HOSTS: 'lookups.example.org' }, '127.0.0.1/32');
  });

  afterAll(async () => {
    for (const { server } of [plain, behindProxy]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('gives every path its own server port on loopback, whichever loopback name was used', async () => {
    for (const name of ['127.0.0.1', 'localhost']) {
      const { status, document } = await openApiVia(plain.port, { host: `${name}:${plain.port}` });
      expect(status).toBe(200);
      const named = origins(document);
      // The root server and one proxy server per path.
      expect(named).toHaveLength(pathCount + 1);
      expect(new Set(named)).toEqual(new Set([`http://${name}:${plain.port}`]));
      expect(JSON.stringify(document)).not.toContain(DEFAULT_ORIGIN);
    }
  });

  it('names an allowed public host as the browser wrote it, with the scheme a trusted proxy forwards', async () => {
    const forwarded = { host: 'lookups.example.org', 'x-forwarded-proto': 'https' };
    expect(new Set(origins((await openApiVia(behindProxy.port, forwarded)).document))).toEqual(new Set(['https://lookups.example.org']));
    // The same header from a peer that is not a trusted proxy says nothing: the plain socket is http.
    expect(new Set(origins((await openApiVia(plain.port, forwarded)).document))).toEqual(new Set(['http://lookups.example.org']));
    // A default port is dropped, as a browser's Origin drops it.
    expect(new Set(origins((await openApiVia(plain.port, { host: 'lookups.example.org:80' })).document))).toEqual(
      new Set(['http://lookups.example.org']),
    );
  });

  it('never reflects a Host the guard refuses, nor an X-Forwarded-Host', async () => {
    const refused = await rawRequest(plain.port, 'GET', '/openapi.json', { headers: { host: 'evil.example' } });
    expect(refused.status).toBe(421);
    expect(refused.text).not.toContain('"openapi"');
    for (const port of [plain.port, behindProxy.port]) {
      const { document } = await openApiVia(port, { host: `127.0.0.1:${port}`, 'x-forwarded-host': 'evil.example' });
      expect(JSON.stringify(document)).not.toContain('evil.example');
      expect(new Set(origins(document))).toEqual(new Set([`http://127.0.0.1:${port}`]));
    }
  });

  it('keeps each answer to its own request: one origin never leaks into the next answer', async () => {
    const first = await openApiVia(plain.port, { host: 'lookups.example.org' });
    const second = await openApiVia(plain.port, { host: `127.0.0.1:${plain.port}` });
    expect(new Set(origins(first.document))).toEqual(new Set(['http://lookups.example.org']));
    expect(new Set(origins(second.document))).toEqual(new Set([`http://127.0.0.1:${plain.port}`]));
  });

  it('keeps the default origin where no guard checked the Host (the handler mounted alone)', async () => {
    const alone = await serveHandler(
      createDocumentRoutes({ config: loadAppConfig({}), openApiDocument: () => buildOpenApiDocument(allLookups) }),
    );
    try {
      const { document } = await openApiVia(alone.port, { host: 'evil.example' });
      expect(new Set(origins(document))).toEqual(new Set([DEFAULT_ORIGIN]));
    } finally {
      await alone.close();
    }
  });
});

describe('withServerOrigin', () => {
  it('changes only `origin` variables, copies what it changes and leaves the document it was given as it was', () => {
    const document = {
      servers: [{ url: '{origin}/proxy', variables: { origin: { default: DEFAULT_ORIGIN } } }],
      paths: {
        '/x': {
          servers: [
            { url: '{origin}/proxy/x', variables: { origin: { default: DEFAULT_ORIGIN } } },
            { url: '{base_url}', variables: { base_url: { default: 'https://provider.invalid' } } },
          ],
          get: {},
        },
      },
    };
    const before = structuredClone(document);
    const changed = withServerOrigin(document, 'http://127.0.0.1:4199') as typeof document;
    expect(changed.servers[0]!.variables.origin.default).toBe('http://127.0.0.1:4199');
    expect(changed.paths['/x'].servers[0]!.variables.origin!.default).toBe('http://127.0.0.1:4199');
    expect(changed.paths['/x'].servers[1]).toBe(document.paths['/x'].servers[1]);
    expect(changed.paths['/x'].get).toBe(document.paths['/x'].get);
    expect(document).toEqual(before);
    expect(withServerOrigin(document, undefined)).toBe(document);
    expect(withServerOrigin({ openapi: '3.1.0' }, 'http://127.0.0.1:4199')).toEqual({ openapi: '3.1.0' });
  });
});
