// @vitest-environment node
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstream } from './testing/http-fixtures.ts';
import { Cancellation, UpstreamCall, type BodySink, type UpstreamHead } from './upstream-call.ts';

let upstream: Awaited<ReturnType<typeof startUpstream>>;
const agent = new Agent({ keepAliveTimeout: 1_000 });

beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await agent.close();
  await upstream.close();
});

function call(cancellation = new Cancellation()): UpstreamCall {
  const started = new UpstreamCall(cancellation);
  agent.dispatch({ origin: upstream.url, path: '/x', method: 'GET' }, started);
  return started;
}

/** Reads a body through a sink, as the proxy does: the chunks, and how it ended. */
function readAll(head: UpstreamHead): Promise<{ chunks: string[]; ended: 'end' | Error }> {
  return new Promise((resolve) => {
    const chunks: string[] = [];
    const sink: BodySink = {
      data: (chunk) => chunks.push(chunk.toString()),
      end: () => resolve({ chunks, ended: 'end' }),
      error: (error) => resolve({ chunks, ended: error as Error }),
    };
    head.body.read(sink);
  });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('UpstreamCall', () => {
  it('resolves at the final head (an informational 103 is not it) and hands on the whole body, even what came before it was read', async () => {
    upstream.respond((_hit, _req, res) => {
      res.writeEarlyHints({ link: '</a.css>; rel=preload' });
      res.writeHead(201, { 'content-type': 'text/plain', 'x-a': '1' });
      res.write('one,');
      res.end('two');
    });
    const head = await call().head;
    expect(head.status).toBe(201);
    expect(head.headers['x-a']).toBe('1');
    // Head and body arrived together: the body waited for its reader.
    await tick();
    const { chunks, ended } = await readAll(head);
    expect(chunks.join('')).toBe('one,two');
    expect(ended).toBe('end');
  });

  it('reads a body once', async () => {
    upstream.respond((_hit, _req, res) => res.end('x'));
    const head = await call().head;
    await readAll(head);
    expect(() => head.body.read({ data() {}, end() {}, error() {} })).toThrow(/read once/);
  });

  it('rejects the head with undici’s abort error when cancelled before the answer came', async () => {
    upstream.respond(() => undefined);
    const cancellation = new Cancellation();
    const started = call(cancellation);
    await tick();
    cancellation.abort();
    await expect(started.head).rejects.toMatchObject({ code: 'UND_ERR_ABORTED' });
  });

  it('is cancelled at once when the cancellation came first', async () => {
    upstream.respond((_hit, _req, res) => res.end('x'));
    const cancellation = new Cancellation();
    cancellation.abort();
    await expect(call(cancellation).head).rejects.toMatchObject({ code: 'UND_ERR_ABORTED' });
  });

  it('ends a body still streaming with an error when cancelled, and the provider sees the connection close', async () => {
    upstream.respond((_hit, _req, res) => res.writeHead(200).write('part'));
    const cancellation = new Cancellation();
    const head = await call(cancellation).head;
    const read = readAll(head);
    await tick();
    cancellation.abort();
    const { chunks, ended } = await read;
    expect(chunks).toEqual(['part']);
    expect(ended).toMatchObject({ code: 'UND_ERR_ABORTED' });
    await upstream.hits.at(-1)!.aborted;
  });

  it('passes on an error that came before the body was read', async () => {
    upstream.respond((_hit, req, res) => {
      res.writeHead(200, { 'content-length': '100' }).write('short');
      setTimeout(() => req.socket.destroy(), 10);
    });
    const head = await call().head;
    await tick();
    const { chunks, ended } = await readAll(head);
    expect(chunks).toEqual(['short']);
    expect(ended).toBeInstanceOf(Error);
  });

  it('stops handing on chunks once destroyed, and closes the connection', async () => {
    // 'b' is sent once the body was destroyed (an order of events, not a delay that a busy machine stretches).
    let destroyed!: () => void;
    const afterDestroy = new Promise<void>((resolve) => (destroyed = resolve));
    upstream.respond((_hit, _req, res) => {
      res.writeHead(200).write('a');
      void afterDestroy.then(() => res.write('b'));
    });
    const head = await call().head;
    const seen: string[] = [];
    head.body.read({ data: (chunk) => seen.push(chunk.toString()), end: () => seen.push('end'), error: () => seen.push('error') });
    await expect.poll(() => seen).toEqual(['a']);
    head.body.destroy();
    destroyed();
    await upstream.hits.at(-1)!.aborted;
    await tick();
    expect(seen).toEqual(['a']);
  });

  it('turns into a Readable for readers that need a stream, pausing the provider while it is full', async () => {
    const big = 'z'.repeat(256 * 1024);
    upstream.respond((_hit, _req, res) => res.end(big));
    const head = await call().head;
    const readable = head.body.toReadable();
    // Nothing is read for a while: the stream fills, undici pauses, nothing is lost.
    await tick();
    let text = '';
    for await (const chunk of readable) text += (chunk as Buffer).toString();
    expect(text).toBe(big);
  });
});
