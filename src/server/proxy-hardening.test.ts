// @vitest-environment node
// Issue 11 regressions outside the live fault corpus (upstream-faults.test.ts): the security
// headers on the proxy's own refusals and on demo answers, the body-transform hook (only the
// operations that have one are read whole), the batched request log, and the error envelope's
// `cause`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movie } from '../lookups/a-movie.ts';
import type { AnyOperation } from '../lookups/define-lookup.ts';
import { errorEnvelopeSchema } from '../lookups/wire.ts';
import { parseServerConfig } from './config.ts';
import { createProxyHandler, type ProxyOptions } from './proxy-handler.ts';
import { rawRequest, serveHandler, startUpstream, type RunningServer } from './testing/http-fixtures.ts';

const KEY = 'k3y/Secret+value&x=1';
const CSP = "default-src 'none'; sandbox";
let upstream: Awaited<ReturnType<typeof startUpstream>>;
const servers: RunningServer[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await upstream.close();
});

async function proxyWith(env: Record<string, string>, extra: Partial<ProxyOptions> = {}): Promise<RunningServer> {
  const handler = createProxyHandler({
    lookups: [movie],
    generators: { A: () => ({ status: 200, body: { id: 550, title: 'Demo movie' } }) },
    config: parseServerConfig(env, [movie]),
    log: () => undefined,
    ...extra,
  });
  const server = await serveHandler(handler);
  servers.push(server);
  return server;
}

describe('security headers on every proxy answer', () => {
  it.each([
    ['an unknown lookup', '/proxy/zz/x', 404],
    ['an unknown path', '/proxy/a/tv/1', 404],
    ['an invalid parameter', '/proxy/a/movie/abc', 400],
    ['a demo answer', '/proxy/a/movie/550', 200],
  ])('%s', async (_name, path, status) => {
    const proxy = await proxyWith({});
    const response = await rawRequest(proxy.port, 'GET', path);
    expect(response.status).toBe(status);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(CSP);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

describe('the body-transform hook', () => {
  const seen: Array<{ operation: AnyOperation; text: string; source: string; contentType: string }> = [];
  const options = (selected: boolean): Partial<ProxyOptions> => ({
    transformBody: (_lookup, operation, bytes, context) => {
      seen.push({ operation, text: bytes.toString(), source: context.source, contentType: context.contentType });
      return { body: Buffer.from(bytes.toString().replace('Fight Club', '█████')), headers: { 'x-lookup-masked': 'true' } };
    },
    transformsBody: () => selected,
  });

  it('rewrites the JSON answers of the operations it selects, live and demo, then scrubs the key', async () => {
    upstream.respond((_hit, _req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ title: 'Fight Club', echo: KEY })),
    );
    const live = await proxyWith({ LOOKUP_A_BASE_URL: upstream.url, LOOKUP_A_KEY: KEY }, options(true));
    const response = await rawRequest(live.port, 'GET', '/proxy/a/movie/550');
    expect(JSON.parse(response.text)).toEqual({ title: '█████', echo: '<API_KEY>' });
    expect(response.headers['x-lookup-masked']).toBe('true');
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.text)));
    expect(seen.at(-1)).toMatchObject({ operation: movie.operations[0], source: 'live', contentType: 'application/json' });

    const demo = await proxyWith({}, options(true));
    expect(JSON.parse((await rawRequest(demo.port, 'GET', '/proxy/a/movie/550')).text)).toEqual({ id: 550, title: 'Demo movie' });
    expect(seen.at(-1)).toMatchObject({ source: 'demo' });
  });

  it('leaves operations it does not select, and answers that are not JSON, alone', async () => {
    seen.length = 0;
    upstream.respond((_hit, _req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"Fight Club"}'));
    const unselected = await proxyWith({ LOOKUP_A_BASE_URL: upstream.url, LOOKUP_A_KEY: KEY }, options(false));
    expect((await rawRequest(unselected.port, 'GET', '/proxy/a/movie/550')).text).toBe('{"title":"Fight Club"}');
    upstream.respond((_hit, _req, res) => res.writeHead(500, { 'content-type': 'text/html' }).end('Fight Club'));
    const selected = await proxyWith({ LOOKUP_A_BASE_URL: upstream.url, LOOKUP_A_KEY: KEY }, options(true));
    expect((await rawRequest(selected.port, 'GET', '/proxy/a/movie/550')).text).toBe('Fight Club');
    expect(seen).toHaveLength(0);
  });

  it('leaves demo answers to the demo when demoMask is given: the transform never runs on them', async () => {
    seen.length = 0;
    const asked: string[] = [];
    const demoMasking: Partial<ProxyOptions> = {
      ...options(true),
      demoMask: (headers) => {
        asked.push(String(headers['x-lookup-mask']));
        return headers['x-lookup-mask'] !== 'off';
      },
    };
    const demo = await proxyWith({}, demoMasking);
    const masked = await rawRequest(demo.port, 'GET', '/proxy/a/movie/550');
    const unmasked = await rawRequest(demo.port, 'GET', '/proxy/a/movie/550', { headers: { 'x-lookup-mask': 'off' } });
    expect(seen).toHaveLength(0);
    expect(asked).toEqual(['undefined', 'off']);
    expect(masked.headers['x-lookup-masked']).toBe('true');
    expect(unmasked.headers['x-lookup-masked']).toBe('false');
    expect(JSON.parse(unmasked.text)).toEqual({ id: 550, title: 'Demo movie' });
  });

  it('answers 502 with the envelope when the transform throws', async () => {
    upstream.respond((_hit, _req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    const proxy = await proxyWith(
      { LOOKUP_A_BASE_URL: upstream.url, LOOKUP_A_KEY: KEY },
      {
        transformBody: () => {
          throw new Error('cannot mask');
        },
      },
    );
    const response = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550');
    expect(response.status).toBe(502);
    expect(errorEnvelopeSchema.parse(JSON.parse(response.text)).error).toMatchObject({
      origin: 'upstream',
      code: 'answer_transform_failed',
      message: expect.stringContaining('cannot mask'),
    });
  });
});
