// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../testing/http-fixtures.ts';
import { answerSocketErrors } from './socket-errors.ts';

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('handled'));
  answerSocketErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('answerSocketErrors', () => {
  it('answers an Expect it cannot meet with the 417 envelope, not node:http’s bare one', async () => {
    const answer = await rawRequest(port, 'POST', '/proxy/r/profile-details', {
      headers: { expect: 'something-else', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(417);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(answer.text)).toEqual({
      error: { code: 'expectation_failed', message: 'Only Expect: 100-continue is understood here', origin: 'proxy' },
    });
  });

  it('still lets a request without an Expect through to the handler', async () => {
    const answer = await rawRequest(port, 'GET', '/');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('handled');
  });
});
