import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, serveHandler, type RunningServer } from '../testing/http-fixtures.ts';
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
