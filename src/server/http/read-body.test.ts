import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rawRequest, serveHandler, type RunningServer } from '../testing/http-fixtures.ts';
import { readJson } from './read-body.ts';
import { sendRefusal } from './refusal.ts';
import { sendJson } from './send-json.ts';

const thing = z.object({ name: z.string().min(1), count: z.number().int().max(10), tags: z.array(z.string()).optional() });

let server: RunningServer;

beforeAll(async () => {
  server = await serveHandler(async (req, res) => {
    const words = req.url === '/worded' ? { code: 'invalid_thing', name: 'thing', shape: '{name, count}' } : undefined;
    const read = await readJson(req, thing, 64, words);
    if (read.ok) sendJson(res, 200, read.body);
    else sendRefusal(res, read);
    return true;
  });
});

afterAll(() => server.close());

const post = (body: string, path = '/') => rawRequest(server.port, 'POST', path, { headers: { 'content-type': 'application/json' }, body });
const errorOf = (text: string) => (JSON.parse(text) as { error: Record<string, unknown> }).error;

describe('readJson', () => {
  it('gives the body as the schema gives it', async () => {
    const answer = await post('{"name":"a","count":3,"extra":1}');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ name: 'a', count: 3 });
  });

  it('refuses a body over its limit with 413, closing the connection', async () => {
    const answer = await post(JSON.stringify({ name: 'x'.repeat(80), count: 1 }));
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(errorOf(answer.text)).toMatchObject({ code: 'body_too_large', message: 'The request body is larger than 64 bytes' });
  });

  it('refuses a body that is not JSON with 400 in words, saying what to send', async () => {
    expect(errorOf((await post('{"name":')).text)).toEqual({
      code: 'invalid_body',
      message: 'The request body is sent as JSON: a JSON object',
      origin: 'proxy',
    });
    const worded = await post('', '/worded');
    expect(worded.status).toBe(400);
    expect(errorOf(worded.text)).toEqual({ code: 'invalid_thing', message: 'The thing is sent as JSON: {name, count}', origin: 'proxy' });
  });

  it('refuses a body the schema refuses with 400 naming each field', async () => {
    const answer = await post('{"name":"","count":11,"tags":[1]}', '/worded');
    expect(answer.status).toBe(400);
    const error = errorOf(answer.text);
    expect(error.code).toBe('invalid_thing');
    expect(error.message).toMatch(/^The thing is not valid: name: .+; count: .+; tags\.0: .+$/);
    expect(Object.keys(error.fields as object)).toEqual(['name', 'count', 'tags.0']);
    expect(errorOf((await post('[]', '/worded')).text).message).toMatch(/^The thing is not valid: body: /);
  });
});
