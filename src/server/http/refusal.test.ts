import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readErrorEnvelope } from '../../lookups/wire.ts';
import { rawRequest, serveHandler, type RunningServer } from '../testing/http-fixtures.ts';
import { readBody, readJsonObject } from './read-body.ts';
import { refusal, sendRefusal } from './refusal.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await serveHandler((req, res) => {
    if (req.url === '/plain') sendRefusal(res, refusal(404, 'not_found', 'Nothing here'));
    else
      sendRefusal(
        res,
        refusal(429, 'budget_exhausted', 'Spent', {
          origin: 'upstream',
          fields: { q: 'q is bad' },
          cause: 'ECONNRESET',
          details: { scope: 'user' },
          headers: { 'retry-after': '5', 'x-a': 'refusal' },
        }),
        { 'x-a': 'answer', 'x-b': 'answer' },
      );
    return true;
  });
});

afterAll(() => server.close());

const requestOf = (chunks: string[]) => Readable.from(chunks.map((chunk) => Buffer.from(chunk))) as unknown as IncomingMessage;

describe('sendRefusal', () => {
  it('answers the wire error envelope, origin proxy by default, never cached or sniffed', async () => {
    const answer = await rawRequest(server.port, 'GET', '/plain');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(answer.text)).toEqual({ error: { code: 'not_found', message: 'Nothing here', origin: 'proxy' } });
  });

  it('carries fields, cause, details and headers; the answer’s own headers win', async () => {
    const answer = await rawRequest(server.port, 'GET', '/full');
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.headers['x-a']).toBe('answer');
    expect(answer.headers['x-b']).toBe('answer');
    const body: unknown = JSON.parse(answer.text);
    expect(body).toEqual({
      error: {
        scope: 'user',
        code: 'budget_exhausted',
        message: 'Spent',
        origin: 'upstream',
        fields: { q: 'q is bad' },
        cause: 'ECONNRESET',
      },
    });
    expect(readErrorEnvelope(body)).toMatchObject({ code: 'budget_exhausted', origin: 'upstream' });
  });
});

describe('readBody and readJsonObject', () => {
  it('read a body whole up to the cap, and refuse one past it with 413', async () => {
    expect(await readBody(requestOf(['ab', 'cd']), 4)).toEqual({ ok: true, body: Buffer.from('abcd') });
    expect(await readBody(requestOf(['ab', 'cde']), 4)).toMatchObject({
      ok: false,
      status: 413,
      code: 'body_too_large',
      message: 'The request body is larger than 4 bytes',
    });
  });

  it('accept a JSON object or nothing, and refuse anything else with 400 invalid_body', async () => {
    expect(await readJsonObject(requestOf(['{"a":', '1}']), 100)).toEqual({ ok: true, body: { a: 1 } });
    expect(await readJsonObject(requestOf([' \n']), 100)).toEqual({ ok: true, body: {} });
    for (const text of ['[1]', '"x"', '{', 'null'])
      expect(await readJsonObject(requestOf([text]), 100), text).toMatchObject({ ok: false, status: 400, code: 'invalid_body' });
    expect(await readJsonObject(requestOf(['{"a":"long"}']), 5)).toMatchObject({ ok: false, status: 413 });
  });
});
