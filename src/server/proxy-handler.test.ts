// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { movie } from '../lookups/a-movie.ts';
import { defineLookup, type LookupDefinition, type Params } from '../lookups/define-lookup.ts';
import { param } from '../lookups/param.ts';
import { buildRequest, requestTarget } from '../lookups/request.ts';
import { errorEnvelopeSchema, LOOKUP_CONFIG_PATH, lookupConfigSchema } from '../lookups/wire.ts';
import { parseServerConfig, type ServerConfig } from './config.ts';
import { createLookupHandler } from './lookup-handler.ts';
import { createProxyHandler } from './proxy-handler.ts';
import { rawRequest, serveHandler, startUpstream, type Responder, type RunningServer } from './testing/http-fixtures.ts';

// A key with characters that encode differently in URLs, forms and JSON.
const KEY = 'k3y/Secret+value&x=1';
const ENCODED_KEY = encodeURIComponent(KEY);
const LOWER_HEX_KEY = ENCODED_KEY.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());

// A POST lookup of our own, so body forwarding is tested without depending on R's definition.
const profile = defineLookup({
  id: 'R',
  slug: 'r',
  title: 'Test profile',
  catalog: { subject: 'test', coverage: 'test', version: 'none', price: 'free', trial: 'free' },
  keyTransport: { header: 'X-Api-Key' },
  personalData: [],
  operations: [
    {
      id: 'profile',
      label: 'Profile',
      method: 'POST',
      path: '/profile-details',
      format: 'json',
      example: { profile_id: '7' },
      params: z.object({
        profile_id: param.text({ in: 'body', title: 'Profile id', help: 'Id.', required: true }),
        recommendations: param.boolean({ in: 'body', title: 'Recommendations', help: 'Include them.' }),
      }),
      response: z.looseObject({}),
    },
  ],
});
// A GET lookup with free text in the path and the query, for what encoding must never let through.
const search = defineLookup({
  id: 'T',
  slug: 't',
  title: 'Test search',
  catalog: { subject: 'test', coverage: 'test', version: 'none', price: 'free', trial: 'free' },
  keyTransport: { param: 'api_key' },
  personalData: [],
  operations: [
    {
      id: 'search',
      label: 'Search',
      method: 'GET',
      path: '/search/{kind}',
      format: 'json',
      example: { kind: 'all', q: 'x' },
      params: z.object({
        kind: param.text({ in: 'path', title: 'Kind', help: 'Kind.', required: true }),
        q: param.text({ in: 'query', title: 'Query', help: 'Free text.', required: true }),
        tags: param.list({ in: 'query', title: 'Tags', help: 'Comma list.' }),
        page: param.integer({ in: 'query', title: 'Page', help: 'Page.', min: 1 }),
      }),
      response: z.looseObject({}),
    },
  ],
});
const searchOperation = search.operations[0];
const lookups: readonly LookupDefinition[] = [movie, profile, search];
/** What T's demo generator was given, call by call. */
const demoParams: unknown[] = [];

const answerOk: Responder = (_hit, _req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
let upstream: Awaited<ReturnType<typeof startUpstream>>;
const servers: RunningServer[] = [];
const logLines: string[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(() => upstream.close());
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  upstream.hits.length = 0;
  upstream.respond(answerOk);
  logLines.length = 0;
  demoParams.length = 0;
});

async function proxyWith(env: Record<string, string>): Promise<RunningServer> {
  const config: ServerConfig = parseServerConfig(env, lookups);
  const handler = createLookupHandler({
    lookups,
    generators: {
      A: () => ({ status: 200, body: { id: 550, title: 'Demo movie' } }),
      T: ({ params }) => {
        demoParams.push(params);
        if (params.q === 'explode') throw new Error('the demo broke');
        return { status: 200, body: { ok: true } };
      },
    },
    config,
    openApiDocument: () => ({ openapi: '3.1.0' }),
    log: (line) => logLines.push(line),
  });
  const server = await serveHandler(handler);
  servers.push(server);
  return server;
}

const liveA = (extra: Record<string, string> = {}) => ({ LOOKUP_A_BASE_URL: `${upstream.url}/base`, LOOKUP_A_KEY: KEY, ...extra });
const liveT = (extra: Record<string, string> = {}) => ({ LOOKUP_T_BASE_URL: `${upstream.url}/t`, LOOKUP_T_KEY: KEY, ...extra });

/** The error envelope of a response, parsed with the wire schema (so its origin is checked too). */
function envelope(response: { text: string }) {
  return errorEnvelopeSchema.parse(JSON.parse(response.text)).error;
}

function expectNoKey(response: { text: string; headers: Record<string, unknown> }): void {
  const everything = `${response.text}\n${JSON.stringify(response.headers)}`;
  for (const form of [KEY, ENCODED_KEY, LOWER_HEX_KEY, 'Secret']) expect(everything).not.toContain(form);
}

describe('live forwarding', () => {
  it('attaches the key as the query parameter and forwards only declared parameters', async () => {
    const proxy = await proxyWith(liveA());
    const response = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550?language=en-US&api_key=stolen&debug=1&language=fr-FR', {
      headers: { cookie: 'session=1', authorization: 'Bearer user', 'accept-language': 'de', 'x-api-key': 'stolen' },
    });
    expect(response.status).toBe(200);
    expect(response.headers['x-lookup-source']).toBe('live');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['server-timing']).toMatch(/^upstream;dur=\d+(\.\d+)?$/);
    expect(Number(response.headers['x-lookup-upstream-ms'])).toBeGreaterThanOrEqual(0);
    expect(upstream.hits).toHaveLength(1);
    const hit = upstream.hits[0]!;
    expect(hit.url).toBe(`/base/movie/550?language=en-US&api_key=${ENCODED_KEY}`);
    expect(hit.headers['accept-language']).toBe('de');
    expect(hit.headers.cookie).toBeUndefined();
    expect(hit.headers.authorization).toBeUndefined();
    expect(hit.headers['x-api-key']).toBeUndefined();
  });

  it('attaches the key as a header when configured so, and never in the query', async () => {
    const proxy = await proxyWith(liveA({ LOOKUP_A_KEY_HEADER: 'X-Api-Key' }));
    const response = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550?api_key=stolen', { headers: { 'x-api-key': 'stolen' } });
    expect(response.status).toBe(200);
    const hit = upstream.hits[0]!;
    expect(hit.headers['x-api-key']).toBe(KEY);
    expect(hit.url).toBe('/base/movie/550');
  });

  it('forwards the parsed JSON body of a POST with only its declared fields', async () => {
    const proxy = await proxyWith({ LOOKUP_R_BASE_URL: upstream.url, LOOKUP_R_KEY: KEY });
    const response = await rawRequest(proxy.port, 'POST', '/proxy/r/profile-details?api_key=x', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ profile_id: ' 7 ', recommendations: 'true', api_key: 'stolen', extra: 1 }),
    });
    expect(response.status).toBe(200);
    const hit = upstream.hits[0]!;
    expect(hit.method).toBe('POST');
    expect(hit.url).toBe('/profile-details');
    expect(hit.headers['x-api-key']).toBe(KEY);
    expect(hit.headers['content-type']).toBe('application/json');
    expect(JSON.parse(hit.body)).toEqual({ profile_id: '7', recommendations: true });
  });

  it('scrubs the key from body and headers even when the upstream echoes it', async () => {
    upstream.respond((hit, _req, res) => {
      const body = JSON.stringify({ url: hit.url, raw: KEY, note: `key=${LOWER_HEX_KEY}` });
      res.writeHead(429, {
        'content-type': 'application/json',
        'retry-after': '30',
        link: `<http://up${hit.url}>; rel="next"`,
        'x-ratelimit-remaining': KEY,
      });
      res.end(body);
    });
    const proxy = await proxyWith(liveA());
    const response = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550');
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBe('30');
    expectNoKey(response);
    expect(JSON.parse(response.text)).toEqual({ url: '/base/movie/550?api_key=<API_KEY>', raw: '<API_KEY>', note: 'key=<API_KEY>' });
    expect(response.headers.link).toContain('api_key=<API_KEY>');
    expect(response.headers['x-ratelimit-remaining']).toBe('<API_KEY>');
  });

  it('passes a 5xx through with its body, as plain text unless it is JSON or XML', async () => {
    upstream.respond((_hit, _req, res) =>
      res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '120' }).end('down for maintenance'),
    );
    const proxy = await proxyWith(liveA());
    const response = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550');
    expect(response.status).toBe(503);
    expect(response.text).toBe('down for maintenance');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['x-lookup-original-content-type']).toBe('text/plain');
    expect(response.headers['retry-after']).toBe('120');
    expect(response.headers['x-lookup-source']).toBe('live');
  });

  it('answers 504 when the upstream does not answer in time', async () => {
    upstream.respond(() => undefined);
    const proxy = await proxyWith(liveA({ LOOKUP_TIMEOUT_MS: '150' }));
    const response = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550');
    expect(response.status).toBe(504);
    expect(envelope(response)).toMatchObject({ code: 'upstream_timeout', origin: 'upstream' });
    expect(response.headers['x-lookup-source']).toBe('live');
  });

  it('answers 502 when the upstream resets the connection', async () => {
    upstream.respond((_hit, req) => req.socket.destroy());
    const proxy = await proxyWith(liveA());
    const response = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550');
    expect(response.status).toBe(502);
    expect(envelope(response)).toMatchObject({ code: 'upstream_unreachable', origin: 'upstream' });
    expectNoKey(response);
  });

  it('answers 502 when nothing listens at the base URL', async () => {
    const closed = await startUpstream();
    await closed.close();
    const proxy = await proxyWith({ LOOKUP_A_BASE_URL: closed.url, LOOKUP_A_KEY: KEY });
    const response = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550');
    expect(response.status).toBe(502);
    expect(envelope(response)).toMatchObject({
      code: 'upstream_unreachable',
      origin: 'upstream',
      message: expect.stringContaining('connection refused'),
      cause: 'ECONNREFUSED',
    });
  });

  it('answers 502 upstream_too_large for a body over the cap, streamed or declared', async () => {
    upstream.respond((_hit, _req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 10; i++) res.write('x'.repeat(500));
      res.end();
    });
    const proxy = await proxyWith(liveA({ LOOKUP_MAX_BYTES: '2000' }));
    const streamed = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550');
    expect(streamed.status).toBe(502);
    expect(envelope(streamed)).toMatchObject({
      code: 'upstream_too_large',
      origin: 'upstream',
      message: expect.stringContaining('2000 bytes'),
    });

    upstream.respond((_hit, _req, res) => res.writeHead(200, { 'content-length': '5000' }).end('y'.repeat(5000)));
    const declared = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550');
    expect(declared.status).toBe(502);
    expect(envelope(declared)).toMatchObject({
      code: 'upstream_too_large',
      message: expect.stringContaining('is 5000 bytes, over the limit of 2000 bytes'),
    });
  });

  it('aborts the upstream request when the browser goes away', async () => {
    upstream.respond(() => undefined);
    const proxy = await proxyWith(liveA());
    const { request } = await import('node:http');
    const client = request({ host: '127.0.0.1', port: proxy.port, path: '/proxy/a/movie/550' });
    client.on('error', () => undefined);
    client.end();
    await expect.poll(() => upstream.hits.length).toBe(1);
    client.destroy();
    await expect(upstream.hits[0]!.aborted).resolves.toBeUndefined();
    await expect.poll(() => logLines.join('\n')).toMatch(/^GET \/proxy\/a\/movie\/550 499 \d+ms$/);
  });

  it('logs one line per request without the query or the key', async () => {
    const proxy = await proxyWith(liveA());
    await rawRequest(proxy.port, 'GET', `/proxy/a/movie/550?language=en-US`);
    await rawRequest(proxy.port, 'GET', `/proxy/a/movie/${ENCODED_KEY}`);
    await expect.poll(() => logLines.length).toBe(2);
    expect(logLines[0]).toMatch(/^GET \/proxy\/a\/movie\/550 200 \d+ms$/);
    expect(logLines.join('\n')).not.toContain(ENCODED_KEY);
    expect(logLines[1]).toContain('<API_KEY>');
  });

  it('by default, writes the line to the server log, where the key is scrubbed', async () => {
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((text) => written.push(String(text)) > 0);
    try {
      const handler = createLookupHandler({
        lookups,
        generators: {},
        config: parseServerConfig(liveA(), lookups),
        openApiDocument: () => ({}),
      });
      const proxy = await serveHandler(handler);
      servers.push(proxy);
      await rawRequest(proxy.port, 'GET', `/proxy/a/movie/${ENCODED_KEY}`);
      await expect.poll(() => written.join('')).toContain('"part":"proxy"');
    } finally {
      write.mockRestore();
    }
    const line = written
      .join('')
      .split('\n')
      .find((text) => text.includes('"part":"proxy"'))!;
    expect(line).not.toContain(ENCODED_KEY);
    expect((JSON.parse(line) as { msg: string }).msg).toMatch(/^GET \/proxy\/a\/movie\/<API_KEY> \d{3} \d+ms$/);
  });
});

describe('forwarding exactly the parsed, normalised values', () => {
  const keyPair = `api_key=${ENCODED_KEY}`;

  it('re-encodes a `;` in a value, so `q=x;api_key=evil` cannot smuggle a second key to the provider', async () => {
    const proxy = await proxyWith(liveT());
    const response = await rawRequest(proxy.port, 'GET', '/proxy/t/search/all?q=x;api_key=evil&page=2');
    expect(response.status).toBe(200);
    const hit = upstream.hits[0]!;
    expect(hit.url).toBe(`/t/search/all?q=x%3Bapi_key%3Devil&page=2&${keyPair}`);
    expect(hit.url).not.toContain(';');
    expect(hit.url.match(/api_key=/g)).toHaveLength(1);
  });

  it('re-encodes `#`, `&` and `=` inside values instead of passing them on', async () => {
    const proxy = await proxyWith(liveT());
    // A raw `#` would start a fragment upstream and cut off everything after it, the key included.
    await rawRequest(proxy.port, 'GET', '/proxy/t/search/all?q=a#b&page=1');
    await rawRequest(proxy.port, 'GET', '/proxy/t/search/all?q=a%23b%26api_key%3Devil&page=1');
    expect(upstream.hits.map((hit) => hit.url)).toEqual([
      `/t/search/all?q=a%23b&page=1&${keyPair}`,
      `/t/search/all?q=a%23b%26api_key%3Devil&page=1&${keyPair}`,
    ]);
  });

  it("forwards the normalised values, re-encoded with encodeURIComponent, never the client's text", async () => {
    const proxy = await proxyWith(liveT());
    const response = await rawRequest(
      proxy.port,
      'GET',
      '/proxy/t/search/%61ll?page=02&q=+two++words+&tags=b,%20a,&api_key=stolen&debug=1',
    );
    expect(response.status).toBe(200);
    // The path segment decoded and re-encoded, the query in the definition's order, text trimmed,
    // lists re-joined, numbers as numbers, a space as %20, undeclared parameters gone.
    expect(upstream.hits[0]!.url).toBe(`/t/search/all?q=two%20%20words&tags=b%2Ca&page=2&${keyPair}`);
  });

  it('gives live and demo the same validated parameters', async () => {
    const target = '/search/news%20today?q=%20x;y%20&tags=b,%20a&page=02&extra=1';
    const live = await proxyWith(liveT());
    expect((await rawRequest(live.port, 'GET', `/proxy/t${target}`)).status).toBe(200);
    const demo = await proxyWith({});
    const demoResponse = await rawRequest(demo.port, 'GET', `/proxy/t${target}`);
    expect(demoResponse.headers['x-lookup-source']).toBe('demo');

    expect(demoParams).toEqual([{ kind: 'news today', q: 'x;y', tags: ['b', 'a'], page: 2 }]);
    const fromDemoParams = requestTarget(buildRequest(searchOperation, demoParams[0] as Params));
    expect(upstream.hits[0]!.url).toBe(`/t${fromDemoParams}&${keyPair}`);
    expect(fromDemoParams).toBe('/search/news%20today?q=x%3By&tags=b%2Ca&page=2');
  });

  it('attaches a header key to the rebuilt request and leaves the query without one', async () => {
    const proxy = await proxyWith(liveT({ LOOKUP_T_KEY_HEADER: 'X-Api-Key' }));
    await rawRequest(proxy.port, 'GET', '/proxy/t/search/all?q=x;api_key=evil', { headers: { 'x-api-key': 'stolen' } });
    const hit = upstream.hits[0]!;
    expect(hit.url).toBe('/t/search/all?q=x%3Bapi_key%3Devil');
    expect(hit.headers['x-api-key']).toBe(KEY);
  });

  it("answers a demo failure with the envelope's origin demo", async () => {
    const proxy = await proxyWith({});
    const response = await rawRequest(proxy.port, 'GET', '/proxy/t/search/all?q=explode');
    expect(response.status).toBe(502);
    expect(response.headers['x-lookup-source']).toBe('demo');
    expect(envelope(response)).toMatchObject({ code: 'demo_failed', origin: 'demo' });
  });
});

describe('refusals', () => {
  const refused: Array<[method: string, path: string, status: number, code: string]> = [
    ['GET', '/proxy/zz/movie/550', 404, 'unknown_lookup'],
    ['GET', '/proxy', 404, 'unknown_lookup'],
    ['GET', '/proxy/a/tv/550', 404, 'unknown_path'],
    ['GET', '/proxy/a/movie/550/credits', 404, 'unknown_path'],
    ['GET', '/proxy/a/movie/../../admin', 404, 'unknown_path'],
    ['POST', '/proxy/a/movie/550', 405, 'method_not_allowed'],
    ['DELETE', '/proxy/a/movie/550', 405, 'method_not_allowed'],
    ['GET', '/proxy/a/movie/..', 400, 'unsafe_path_parameter'],
    ['GET', '/proxy/a/movie/.', 400, 'unsafe_path_parameter'],
    ['GET', '/proxy/a/movie/%2e%2e', 400, 'unsafe_path_parameter'],
    ['GET', '/proxy/a/movie/1%2F..%2Fadmin', 400, 'unsafe_path_parameter'],
    ['GET', '/proxy/a/movie/1%5Cadmin', 400, 'unsafe_path_parameter'],
    ['GET', '/proxy/a/movie/1%01', 400, 'unsafe_path_parameter'],
    ['GET', '/proxy/a/movie/1%00', 400, 'unsafe_path_parameter'],
    ['GET', '/proxy/a/movie/%E0%A4%A', 400, 'unsafe_path_parameter'],
    ['GET', `/proxy/a/movie/${'1'.repeat(201)}`, 400, 'unsafe_path_parameter'],
    ['GET', '/proxy/a/movie/abc', 400, 'invalid_parameter'],
    ['GET', '/proxy/a/movie/550?language=english', 400, 'invalid_parameter'],
    ['POST', '/proxy/r/profile-details', 400, 'invalid_parameter'],
  ];

  it.each(refused)('%s %s → %i %s, reaching no upstream', async (method, path, status, code) => {
    const proxy = await proxyWith({ ...liveA(), LOOKUP_R_BASE_URL: upstream.url, LOOKUP_R_KEY: KEY });
    const response = await rawRequest(proxy.port, method, path, method === 'POST' ? { body: '{}' } : {});
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toContain('application/json');
    expect(envelope(response)).toMatchObject({ code, origin: 'proxy', message: expect.any(String) });
    expect(upstream.hits).toHaveLength(0);
  });

  it('names the method allowed and the parameter at fault', async () => {
    const proxy = await proxyWith(liveA());
    const wrongMethod = await rawRequest(proxy.port, 'POST', '/proxy/a/movie/550');
    expect(wrongMethod.headers.allow).toBe('GET');
    const invalid = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/0?language=english');
    expect(JSON.parse(invalid.text).error.fields).toEqual({
      movie_id: 'movie_id must be at least 1',
      language: 'language must be a language tag like en-US',
    });
  });

  it('refuses a POST body that is not a JSON object', async () => {
    const proxy = await proxyWith({ LOOKUP_R_BASE_URL: upstream.url, LOOKUP_R_KEY: KEY });
    for (const body of ['not json', '[1]', 'null']) {
      const response = await rawRequest(proxy.port, 'POST', '/proxy/r/profile-details', { body });
      expect(response.status).toBe(400);
      expect(envelope(response)).toMatchObject({ code: 'invalid_body', origin: 'proxy' });
    }
    expect(upstream.hits).toHaveLength(0);
  });
});

describe('demo mode and service documents', () => {
  it('answers A from the demo generator when A has no base URL and key', async () => {
    const proxy = await proxyWith({ LOOKUP_A_KEY: KEY });
    const response = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550?language=en-US');
    expect(response.status).toBe(200);
    expect(response.headers['x-lookup-source']).toBe('demo');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['server-timing']).toMatch(/^upstream;dur=/);
    expect(JSON.parse(response.text)).toEqual({ id: 550, title: 'Demo movie' });
    expect(upstream.hits).toHaveLength(0);
  });

  it('reports each lookup mode on /healthz, without keys or base URLs', async () => {
    const proxy = await proxyWith(liveA());
    const response = await rawRequest(proxy.port, 'GET', '/healthz');
    expect(JSON.parse(response.text)).toEqual({ status: 'ok', lookups: { A: 'live', R: 'demo', T: 'demo' } });
    expect(response.text).not.toContain(upstream.url);
    expectNoKey(response);
  });

  it("publishes each lookup's mode and effective key placement on /lookup-config.json, never a key or base URL", async () => {
    const proxy = await proxyWith({ ...liveA({ LOOKUP_A_KEY_PARAM: 'apikey' }), LOOKUP_T_KEY_HEADER: 'X-Api-Key', LOOKUP_T_KEY: KEY });
    const response = await rawRequest(proxy.port, 'GET', LOOKUP_CONFIG_PATH);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(lookupConfigSchema.parse(JSON.parse(response.text))).toEqual({
      lookups: {
        // Configured: the environment's parameter name wins over the definition's api_key.
        A: { mode: 'live', key: { in: 'query', name: 'apikey' } },
        // The definition's default.
        R: { mode: 'demo', key: { in: 'header', name: 'X-Api-Key' } },
        // A key without a base URL stays on demo data; its placement is still the configured one.
        T: { mode: 'demo', key: { in: 'header', name: 'X-Api-Key' } },
      },
    });
    expect(response.text).not.toContain(upstream.url);
    expectNoKey(response);
    expect((await rawRequest(proxy.port, 'POST', LOOKUP_CONFIG_PATH)).status).toBe(405);
  });

  it('serves the OpenAPI document and the map configuration', async () => {
    const proxy = await proxyWith({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Example tiles' });
    expect(JSON.parse((await rawRequest(proxy.port, 'GET', '/openapi.json')).text)).toEqual({ openapi: '3.1.0' });
    expect(JSON.parse((await rawRequest(proxy.port, 'GET', '/map-config.json')).text)).toEqual({
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      tileAttribution: 'Example tiles',
    });
    expect((await rawRequest(proxy.port, 'POST', '/healthz')).status).toBe(405);
  });

  it('serves the demo at the root with any key, as the demo upstream server does', async () => {
    const handler = createProxyHandler({
      lookups,
      generators: { A: () => ({ status: 200, body: { id: 1 } }) },
      config: parseServerConfig({}, lookups),
      prefix: '',
      log: () => undefined,
    });
    const server = await serveHandler(handler);
    servers.push(server);
    const response = await rawRequest(server.port, 'GET', '/a/movie/550?api_key=anything', { headers: { 'x-api-key': 'anything' } });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text)).toEqual({ id: 1 });
    expect((await rawRequest(server.port, 'GET', '/proxy/a/movie/550')).status).toBe(404);
  });

  it('leaves every other path to the next handler', async () => {
    const proxy = await proxyWith({});
    const response = await rawRequest(proxy.port, 'GET', '/proxyish/a');
    expect(response.text).toBe('not handled');
  });
});

describe('cross-site requests (issue 22, item 6)', () => {
  it('refuses a GET another site makes the browser send, and never forwards it', async () => {
    const proxy = await proxyWith(liveA());
    const asked: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' },
      { origin: 'http://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of asked) {
      const response = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550', { headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(envelope(response)).toMatchObject({ code: 'cross_site_request', origin: 'proxy' });
    }
    expect(upstream.hits).toHaveLength(0);
  });

  it('answers direct navigation, the app’s own fetches and programs', async () => {
    const proxy = await proxyWith(liveA());
    const allowed: Record<string, string>[] = [
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'same-origin' },
      { origin: `http://127.0.0.1:${proxy.port}` },
      {},
    ];
    for (const headers of allowed) {
      const response = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550', { headers });
      expect(response.status, JSON.stringify(headers)).toBe(200);
    }
    expect(upstream.hits).toHaveLength(allowed.length);
  });
});
