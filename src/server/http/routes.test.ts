import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, serveHandler, type RunningServer } from '../testing/http-fixtures.ts';
import { refusal } from './refusal.ts';
import { createRoutes } from './routes.ts';
import { sendJson } from './send-json.ts';

const seen: string[] = [];
let server: RunningServer;

beforeAll(async () => {
  const routes = createRoutes({
    '/doc': { GET: (_req, res, { query }) => sendJson(res, 200, { query }) },
    '/form': {
      GET: (_req, res) => sendJson(res, 200, { form: true }),
      POST: async (req, res) => {
        seen.push(`POST ${req.url}`);
        sendJson(res, 201, { posted: true });
      },
    },
    '/only-post': { POST: (_req, res) => sendJson(res, 200, {}) },
  });
  server = await serveHandler(routes);
});

afterAll(() => server.close());

const json = (text: string): unknown => JSON.parse(text);

describe('createRoutes', () => {
  it('answers its paths by method, with the raw query, and GET answers HEAD without a body', async () => {
    const get = await rawRequest(server.port, 'GET', '/doc?a=%2F&b');
    expect(get.status).toBe(200);
    expect(json(get.text)).toEqual({ query: 'a=%2F&b' });
    const head = await rawRequest(server.port, 'HEAD', '/doc');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const post = await rawRequest(server.port, 'POST', '/form?x=1');
    expect(post.status).toBe(201);
    expect(seen).toEqual(['POST /form?x=1']);
  });

  it('refuses any other method with the envelope 405 and Allow', async () => {
    const doc = await rawRequest(server.port, 'DELETE', '/doc');
    expect(doc.status).toBe(405);
    expect(doc.headers.allow).toBe('GET, HEAD');
    expect(json(doc.text)).toEqual({ error: { code: 'method_not_allowed', message: '/doc accepts GET only', origin: 'proxy' } });
    const form = await rawRequest(server.port, 'PUT', '/form');
    expect(form.headers.allow).toBe('GET, HEAD, POST');
    expect(json(form.text)).toMatchObject({ error: { message: '/form accepts GET and POST' } });
    const onlyPost = await rawRequest(server.port, 'HEAD', '/only-post');
    expect(onlyPost.status).toBe(405);
    expect(onlyPost.headers.allow).toBe('POST');
  });

  it('declines other paths at once, without a promise, and matches the path as it came', () => {
    const routes = createRoutes({ '/doc': { GET: () => undefined } });
    const res = {} as ServerResponse;
    for (const url of ['/doc/', '/Doc', '/%64oc', '/other?/doc', '/proxy/a/movie/550'])
      expect(routes({ url, method: 'GET' } as IncomingMessage, res), url).toBe(false);
    expect(routes({ url: '/doc?x', method: 'GET' } as IncomingMessage, res)).toBe(true);
    expect(createRoutes({})({ url: '/doc', method: 'GET' } as IncomingMessage, res)).toBe(false);
  });

  it('hands a route’s rejection to the caller', async () => {
    const routes = createRoutes({ '/fails': { GET: () => Promise.reject(new Error('broken')) } });
    await expect(routes({ url: '/fails', method: 'GET' } as IncomingMessage, {} as ServerResponse)).rejects.toThrow('broken');
  });
});

describe('createRoutes with path parameters', () => {
  let owned: RunningServer;
  const heads: string[] = [];

  beforeAll(async () => {
    const routes = createRoutes(
      {
        '/things': { GET: (_req, res) => sendJson(res, 200, { list: true }), POST: (_req, res) => sendJson(res, 201, {}) },
        '/things/config': { GET: (_req, res) => sendJson(res, 200, { config: true }) },
        '/things/:id': {
          GET: (_req, res, { params, query }) => sendJson(res, 200, { params, query }),
          PUT: (_req, res, { params }) => sendJson(res, 200, { put: params.id }),
          DELETE: (_req, res, { params, query }) => sendJson(res, 200, { deleted: params.id, query }),
        },
        '/things/:id/parts/:part': { GET: (_req, res, { params }) => sendJson(res, 200, { params }) },
        '/things/:id/stream': {
          GET: () => new Promise<void>(() => undefined),
          HEAD: (_req, res, { params }) => {
            heads.push(params.id!);
            res.writeHead(200, { 'content-type': 'text/event-stream' }).end();
          },
        },
        '/things/:id/stop': { POST: (_req, res, { params }) => sendJson(res, 200, { stopped: params.id }) },
      },
      {
        params: { id: /[0-9a-f]{4}/ },
        owns: { prefix: '/things', notFound: refusal(404, 'not_found', 'There is no such thing') },
        passPageNavigations: true,
      },
    );
    owned = await serveHandler(routes);
  });

  afterAll(() => owned.close());

  it('gives a route its :name segments as they came, and checks them against their pattern', async () => {
    const one = await rawRequest(owned.port, 'GET', '/things/ab12?x=%2F');
    expect(json(one.text)).toEqual({ params: { id: 'ab12' }, query: 'x=%2F' });
    const two = await rawRequest(owned.port, 'GET', '/things/ab12/parts/a%20b');
    expect(json(two.text)).toEqual({ params: { id: 'ab12', part: 'a%20b' } });
    // An exact path wins over a pattern it would fit; a segment its pattern refuses matches no route.
    expect(json((await rawRequest(owned.port, 'GET', '/things/config')).text)).toEqual({ config: true });
    for (const path of ['/things/ab123', '/things/zz12', '/things/ab12/parts', '/things/ab12/parts//x', '/things/ab12/other']) {
      const answer = await rawRequest(owned.port, 'GET', path);
      expect(answer.status, path).toBe(404);
      expect(json(answer.text), path).toEqual({ error: { code: 'not_found', message: 'There is no such thing', origin: 'proxy' } });
    }
  });

  it('owns its prefix: trailing slashes dropped, anything under it unmatched is its 404, a longer name is not its own', async () => {
    expect(json((await rawRequest(owned.port, 'GET', '/things/')).text)).toEqual({ list: true });
    expect(json((await rawRequest(owned.port, 'GET', '/things/ab12//')).text)).toMatchObject({ params: { id: 'ab12' } });
    expect((await rawRequest(owned.port, 'DELETE', '/things/nothing/here')).status).toBe(404);
    const routes = createRoutes(
      { '/things/:id': { GET: () => undefined } },
      { owns: { prefix: '/things', notFound: refusal(404, 'not_found', 'none') } },
    );
    for (const url of ['/thingsx', '/thing', '/proxy/a/movie/550'])
      expect(routes({ url, method: 'GET' } as IncomingMessage, {} as ServerResponse), url).toBe(false);
  });

  it('answers a method a pattern route does not take with 405, Allow from the table and the path asked', async () => {
    const stop = await rawRequest(owned.port, 'GET', '/things/ab12/stop');
    expect(stop.status).toBe(405);
    expect(stop.headers.allow).toBe('POST');
    expect(json(stop.text)).toEqual({
      error: { code: 'method_not_allowed', message: '/things/ab12/stop accepts POST only', origin: 'proxy' },
    });
    const list = await rawRequest(owned.port, 'PUT', '/things');
    expect(list.headers.allow).toBe('GET, HEAD, POST');
    const stream = await rawRequest(owned.port, 'POST', '/things/ab12/stream');
    expect(stream.headers.allow).toBe('GET, HEAD');
    expect(json(stream.text)).toMatchObject({ error: { message: '/things/ab12/stream accepts GET only' } });
  });

  it('answers PUT and DELETE, and names them in a 405’s Allow', async () => {
    expect(json((await rawRequest(owned.port, 'PUT', '/things/ab12')).text)).toEqual({ put: 'ab12' });
    expect(json((await rawRequest(owned.port, 'DELETE', '/things/ab12?version=3')).text)).toEqual({ deleted: 'ab12', query: 'version=3' });
    const post = await rawRequest(owned.port, 'POST', '/things/ab12');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('DELETE, GET, HEAD, PUT');
    expect(json(post.text)).toMatchObject({ error: { message: '/things/ab12 accepts DELETE, GET and PUT' } });
  });

  it('answers HEAD with the route’s own HEAD when it has one (a stream’s head at once)', async () => {
    const head = await rawRequest(owned.port, 'HEAD', '/things/ab12/stream');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/event-stream');
    expect(heads).toEqual(['ab12']);
  });

  it('passes a browser’s page navigation to the next handler, and answers the page’s own fetch', () => {
    const routes = createRoutes({ '/things': { GET: () => undefined } }, { passPageNavigations: true });
    const res = {} as ServerResponse;
    const asked = (method: string, headers: Record<string, string>) =>
      routes({ url: '/things', method, headers } as unknown as IncomingMessage, res);
    expect(asked('GET', { 'sec-fetch-mode': 'navigate' })).toBe(false);
    expect(asked('GET', { accept: 'text/html,*/*' })).toBe(false);
    expect(asked('GET', { 'sec-fetch-mode': 'cors', accept: 'text/html' })).toBe(true);
    expect(asked('GET', { accept: 'application/json' })).toBe(true);
  });
});
