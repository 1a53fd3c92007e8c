// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerIn, SecuredResponse } from './secured-response.ts';
import { DATA_SECURITY_HEADERS } from './security-headers.ts';

describe('headerIn', () => {
  it('finds a value in an object, by a name in any case, and only a defined one', () => {
    expect(headerIn({ 'referrer-policy': 'origin' }, 'referrer-policy')).toBe('origin');
    expect(headerIn({ 'Referrer-Policy': 'origin' }, 'referrer-policy')).toBe('origin');
    expect(headerIn({ 'referrer-policy': undefined }, 'referrer-policy')).toBeUndefined();
    expect(headerIn({ 'content-type': 'text/plain' }, 'referrer-policy')).toBeUndefined();
    expect(headerIn(undefined, 'referrer-policy')).toBeUndefined();
  });

  it('finds a value in a flat list and in a list of pairs, by names only', () => {
    expect(headerIn(['Content-Type', 'text/plain', 'Referrer-Policy', 'origin'], 'referrer-policy')).toBe('origin');
    expect(headerIn(['content-type', 'referrer-policy'], 'referrer-policy')).toBeUndefined();
    expect(headerIn([['Referrer-Policy', 'origin']] as never, 'referrer-policy')).toBe('origin');
    expect(headerIn([['content-type', 'referrer-policy']] as never, 'referrer-policy')).toBeUndefined();
  });
});

type Handler = (res: ServerResponse<IncomingMessage>) => void;
const handlers: Record<string, Handler> = {
  '/plain': (res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('x'),
  '/implicit': (res) => res.end('x'),
  '/own-policy': (res) => res.writeHead(200, { 'Content-Security-Policy': "default-src 'self'" }).end('x'),
  '/own-policy-list': (res) => res.writeHead(200, ['Content-Security-Policy', "default-src 'self'"]).end('x'),
  '/set-before': (res) => {
    res.setHeader('Referrer-Policy', 'origin');
    res.writeHead(200, 'Fine', ['x-a', '1']).end('x');
  },
  '/length': (res) => {
    res.writeHead(200, { 'Content-Length': '2' }).end('ok');
    lengthAfterEnd = res.getHeader('content-length');
  },
  '/all-own': (res) => res.writeHead(204, { ...DATA_SECURITY_HEADERS, 'content-security-policy': "default-src 'none'; sandbox" }).end(),
};

let server: Server;
let lengthAfterEnd: unknown;
let port: number;

beforeAll(async () => {
  server = createServer({ ServerResponse: SecuredResponse }, (req, res) => handlers[req.url ?? '']!(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function headersOf(path: string): Promise<{ status: number; statusText: string; headers: Headers }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  await response.arrayBuffer();
  return { status: response.status, statusText: response.statusText, headers: response.headers };
}

describe('SecuredResponse', () => {
  it('sends the data security headers with an answer whose handler set none', async () => {
    for (const path of ['/plain', '/implicit']) {
      const { headers } = await headersOf(path);
      for (const [name, value] of Object.entries(DATA_SECURITY_HEADERS)) expect(headers.get(name), `${path} ${name}`).toBe(value);
    }
  });

  it("keeps a handler's own header, in whatever case it was given, and adds no second one", async () => {
    for (const path of ['/own-policy', '/own-policy-list']) {
      const own = await headersOf(path);
      expect(own.headers.get('content-security-policy'), path).toBe("default-src 'self'");
      expect(own.headers.get('referrer-policy'), path).toBe('same-origin');
    }

    const before = await headersOf('/set-before');
    expect(before.statusText).toBe('Fine');
    expect(before.headers.get('referrer-policy')).toBe('origin');
    expect(before.headers.get('x-a')).toBe('1');
    expect(before.headers.get('content-security-policy')).toBe(DATA_SECURITY_HEADERS['content-security-policy']);

    const all = await headersOf('/all-own');
    expect(all.status).toBe(204);
    expect(all.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('answers getHeader with what writeHead was given, as after a merge', async () => {
    await headersOf('/length');
    expect(lengthAfterEnd).toBe('2');
  });
});
