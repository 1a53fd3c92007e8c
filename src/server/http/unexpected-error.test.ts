import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../testing/http-fixtures.ts';
import { runChain, type HandlerChain } from './handler-chain.ts';
import { readBody } from './read-body.ts';
import { createFailureHandler } from './unexpected-error.ts';

const KEY = 'secret-key-0123456789';
const lines: string[] = [];
const aborts: string[] = [];
let server: Server;
let port: number;

beforeAll(async () => {
  const failed = createFailureHandler({
    scrub: (text) => text.replaceAll(KEY, '<API_KEY>'),
    log: (line) => lines.push(line),
    logAbort: (line) => aborts.push(line),
  });
  const chain: HandlerChain = {
    handlers: [
      (req) => {
        if (req.url?.startsWith('/throws')) throw new Error(`upstream https://x/?api_key=${KEY} failed`);
        return false;
      },
      async (req) => {
        if (req.url !== '/body') return false;
        await readBody(req, 1024);
        throw new Error('unreachable: the client left');
      },
      (req, res) => {
        if (req.url !== '/midway') return false;
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('half');
        return Promise.reject(new Error('broke midway'));
      },
    ],
    unhandled: () => {
      throw new Error('unreachable in this test');
    },
    failed,
  };
  server = createServer((req, res) => runChain(chain, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('createFailureHandler', () => {
  it('logs one line without the key or the query, and answers the 500 envelope', async () => {
    const answer = await rawRequest(port, 'GET', `/throws?api_key=${KEY}`);
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.text)).toEqual({ error: { code: 'internal_error', message: 'The server failed to answer', origin: 'proxy' } });
    expect(lines).toEqual(['Internal error for GET /throws: upstream https://x/?api_key=<API_KEY> failed']);
    expect(answer.text).not.toContain(KEY);
  });

  it('cuts an answer already begun short instead of writing a second one', async () => {
    await expect(rawRequest(port, 'GET', '/midway')).rejects.toThrow();
    expect(lines.at(-1)).toBe('Internal error for GET /midway: broke midway');
  });

  it('logs a client that leaves while sending its body as a client abort, not an internal error', async () => {
    const before = lines.length;
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(`POST /body HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"half":`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await expect.poll(() => aborts).toEqual(['Client aborted POST /body while sending its body']);
    expect(lines.length).toBe(before);
  });
});
