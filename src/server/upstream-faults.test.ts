// @vitest-environment node
// The upstream fault corpus: every way a live provider has been seen (or can be imagined) to
// misbehave, each against a raw-TCP fake provider on loopback that records what it received, and
// each asserting what the browser gets: the status, a content type that can never render as a page
// here, nosniff and the sandboxing CSP on every answer, the error envelope in words with the raw
// cause beside it, and no form of the key anywhere in the bytes that came back.
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movie } from '../lookups/a-movie.ts';
import { errorEnvelopeSchema } from '../lookups/wire.ts';
import { parseServerConfig } from './config.ts';
import { createProxyHandler } from './proxy-handler.ts';
import { rawExchange, startFaultUpstream, type FaultUpstream, type RawAnswer, type RawHit } from './testing/fault-upstream.ts';
import { serveHandler, type RunningServer } from './testing/http-fixtures.ts';

const KEY = 'k3y/Secret+value&x=1';
const ENCODED_KEY = encodeURIComponent(KEY);
const LOWER_HEX_KEY = ENCODED_KEY.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
const TIMEOUT_MS = 600;
const MAX_BYTES = 300_000;
/** A cap the proxy reaches before it has sent anything (it gathers 64 kB before the first write). */
const SMALL_CAP = 40_000;
/** Every form of the key a scrubbed answer must not hold (base64 as the scrubber promises: its stable core). */
const KEY_FORMS = [
  KEY,
  ENCODED_KEY,
  LOWER_HEX_KEY,
  new URLSearchParams({ k: KEY }).toString().slice(2),
  JSON.stringify(KEY).slice(1, -1).replaceAll('/', '\\/'),
  Buffer.from(KEY).toString('base64').slice(0, 24),
  'Secret',
];

const TARGET = '/proxy/a/movie/550?language=en-US';
const PLAIN = 'text/plain; charset=utf-8';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A whole HTTP/1.1 answer with a correct Content-Length (unless the headers give one). */
function answer(status: number | string, headers: Record<string, string | number>, body: string | Buffer = ''): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const lines = [`HTTP/1.1 ${status} X`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  if (!Object.keys(headers).some((name) => /^(content-length|transfer-encoding)$/i.test(name)))
    lines.push(`content-length: ${bytes.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), bytes]);
}
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (socket: Socket) =>
    socket.end(answer(status, { 'content-type': 'application/json', ...headers }, JSON.stringify(body)));
const html = (status: number, body: string) => (socket: Socket) =>
  socket.end(answer(status, { 'content-type': 'text/html; charset=utf-8' }, body));
const chunk = (text: string | Buffer) => {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
};
const CHUNKED_JSON = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n';
/** What the provider echoes when it echoes the request: the URL it was asked for, key included. */
const echoUrl = (hit: RawHit) => hit.target;

interface Expected {
  status: number;
  /** The content type the browser gets (text/plain for anything but JSON and XML). */
  contentType?: string;
  /** The envelope's code, for answers the proxy makes itself. */
  code?: string | RegExp;
  /** The envelope's raw cause, or a pattern for it. */
  cause?: string | RegExp;
  /** The body as the browser gets it. */
  body?: string;
  /** The provider's content type as the proxy names it when it replaced it. */
  original?: string;
  /** False: the answer was cut off (it had started streaming), so the browser can tell. */
  complete?: boolean;
  headers?: Record<string, string | undefined>;
  /** More checks of the answer. */
  check?: (answer: RawAnswer) => void;
}

interface Fault {
  name: string;
  respond: (socket: Socket, hit: RawHit) => unknown;
  expect: Expected;
  /** A base URL other than the fake provider's (refused, DNS). */
  baseUrl?: () => Promise<string> | string;
  /** Whether the provider is asked at all (false for a base URL nothing answers at). */
  reachesUpstream?: boolean;
  /** LOOKUP_MAX_BYTES for this case (default MAX_BYTES). */
  maxBytes?: number;
}

/** Causes the proxy reports for an answer that is not valid HTTP/1.1. */
const INVALID_HTTP = /^(HPE_|HTTPParserError|UND_ERR_RES_CONTENT_LENGTH_MISMATCH|ERR_ASSERTION)/;
const envelope = (code: string, status = 502, cause?: string | RegExp): Expected => ({
  status,
  contentType: 'application/json; charset=utf-8',
  code,
  ...(cause && { cause }),
});

const BIG = 'x'.repeat(70_000);
const gzipBomb = gzipSync(Buffer.alloc(50 * 1024 * 1024), { level: 9 });
const brotliBomb = brotliCompressSync(Buffer.alloc(50 * 1024 * 1024), { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });

const faults: Fault[] = [
  // Content types: only JSON and XML keep theirs.
  {
    name: '200 application/json',
    respond: json(200, { id: 550 }),
    expect: { status: 200, contentType: 'application/json', body: '{"id":550}' },
  },
  {
    name: '400 application/problem+json',
    respond: json(400, { title: 'bad' }, { 'content-type': 'application/problem+json' }),
    expect: { status: 400, contentType: 'application/problem+json', body: '{"title":"bad"}' },
  },
  {
    name: '200 application/xml',
    respond: (s) => s.end(answer(200, { 'content-type': 'application/xml' }, '<a/>')),
    expect: { status: 200, contentType: 'application/xml', body: '<a/>' },
  },
  {
    name: '200 text/xml',
    respond: (s) => s.end(answer(200, { 'content-type': 'text/xml; charset=utf-8' }, '<a/>')),
    expect: { status: 200, contentType: 'text/xml; charset=utf-8' },
  },
  {
    name: '200 application/atom+xml',
    respond: (s) => s.end(answer(200, { 'content-type': 'application/atom+xml' }, '<feed/>')),
    expect: { status: 200, contentType: 'application/atom+xml' },
  },
  {
    name: '404 text/html echoing a script',
    respond: html(404, '<img src=x onerror=alert(1)>'),
    expect: { status: 404, contentType: PLAIN, original: 'text/html; charset=utf-8', body: '<img src=x onerror=alert(1)>' },
  },
  {
    name: '500 text/html error page',
    respond: html(500, '<h1>Internal Server Error</h1><script>x()</script>'),
    expect: { status: 500, contentType: PLAIN, original: 'text/html; charset=utf-8' },
  },
  {
    name: '200 with no content type (sniffable HTML)',
    respond: (s) => s.end(answer(200, {}, '<html><script>x()</script>')),
    expect: { status: 200, contentType: PLAIN, original: 'none' },
  },
  {
    name: '200 image/svg+xml (can hold script)',
    respond: (s) => s.end(answer(200, { 'content-type': 'image/svg+xml' }, '<svg onload="x()"/>')),
    expect: { status: 200, contentType: PLAIN, original: 'image/svg+xml' },
  },
  {
    name: '200 application/javascript',
    respond: (s) => s.end(answer(200, { 'content-type': 'application/javascript' }, 'x()')),
    expect: { status: 200, contentType: PLAIN, original: 'application/javascript' },
  },
  {
    name: 'HTML posing as JSON in a parameter',
    respond: (s) => s.end(answer(200, { 'content-type': 'text/html; x=application/json' }, '<b>')),
    expect: { status: 200, contentType: PLAIN },
  },
  {
    name: 'two conflicting content types',
    respond: (s) => s.end(answer(200, { 'content-type': 'application/json', 'Content-Type': 'text/html' }, '<b>')),
    expect: { status: 200, contentType: PLAIN },
  },
  {
    name: 'invalid JSON passed through for the viewer to report',
    respond: (s) => s.end(answer(200, { 'content-type': 'application/json' }, '{"id": 550,')),
    expect: { status: 200, contentType: 'application/json', body: '{"id": 550,' },
  },
  { name: '204 no content', respond: (s) => s.end('HTTP/1.1 204 No Content\r\n\r\n'), expect: { status: 204, body: '' } },

  // Rate limits and outages: status and Retry-After pass through.
  {
    name: '429 with Retry-After',
    respond: json(429, { error: 'slow down' }, { 'retry-after': '30', 'x-ratelimit-remaining': '0' }),
    expect: { status: 429, contentType: 'application/json', headers: { 'retry-after': '30', 'x-ratelimit-remaining': '0' } },
  },
  {
    name: '503 HTML with Retry-After',
    respond: (s) => s.end(answer(503, { 'content-type': 'text/html', 'retry-after': '120' }, '<h1>down</h1>')),
    expect: { status: 503, contentType: PLAIN, headers: { 'retry-after': '120' } },
  },

  // Nothing there, or nothing coming.
  {
    name: 'connection refused',
    respond: () => undefined,
    reachesUpstream: false,
    baseUrl: async () => {
      const closed = await startFaultUpstream();
      await closed.close();
      return closed.url;
    },
    expect: {
      ...envelope('upstream_unreachable', 502, 'ECONNREFUSED'),
      check: ({ body }) => expect(body.toString()).toContain('connection refused'),
    },
  },
  {
    name: 'DNS failure (.invalid host)',
    respond: () => undefined,
    reachesUpstream: false,
    baseUrl: () => 'http://provider.invalid',
    expect: { status: 502, code: 'upstream_unreachable', cause: /^(ENOTFOUND|EAI_AGAIN|EAI_FAIL)$/ },
  },
  { name: 'accepts and never answers', respond: () => undefined, expect: envelope('upstream_timeout', 504) },
  {
    name: 'headers, then nothing',
    respond: (s) => s.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"a":'),
    expect: envelope('upstream_timeout', 504),
  },
  {
    name: 'drips bytes past the timeout',
    respond: async (s) => {
      s.write(CHUNKED_JSON);
      for (let i = 0; i < 8 && !s.destroyed; i++) {
        s.write(chunk(' '));
        await sleep(TIMEOUT_MS / 4);
      }
    },
    expect: envelope('upstream_timeout', 504),
  },
  {
    name: 'streams 70 kB, then hangs past the timeout',
    respond: (s) => s.write(Buffer.concat([Buffer.from(CHUNKED_JSON), chunk(`["${BIG}`)])),
    expect: { status: 200, contentType: 'application/json', complete: false },
  },

  // Too much.
  // Over the cap: declared, or reached before anything was sent: a 502 envelope. Reached once the
  // answer is streaming, the connection is cut, so the browser sees an incomplete body, never a
  // complete-looking one.
  {
    name: 'over the cap, declared',
    respond: (s) => s.end(answer(200, { 'content-type': 'application/json', 'content-length': MAX_BYTES + 1 }, '')),
    expect: envelope('upstream_too_large'),
  },
  {
    name: 'over the cap, chunked without a length',
    maxBytes: SMALL_CAP,
    respond: (s) =>
      s.end(
        Buffer.concat([
          Buffer.from(CHUNKED_JSON),
          ...Array.from({ length: 5 }, () => chunk('y'.repeat(SMALL_CAP / 4))),
          Buffer.from('0\r\n\r\n'),
        ]),
      ),
    expect: envelope('upstream_too_large'),
  },
  {
    name: 'over the cap, delimited by closing the connection',
    maxBytes: SMALL_CAP,
    respond: (s) =>
      s.end(
        Buffer.concat([
          Buffer.from('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n'),
          Buffer.alloc(SMALL_CAP + 10, 'z'),
        ]),
      ),
    expect: envelope('upstream_too_large'),
  },
  {
    name: 'over the cap after streaming had started',
    respond: (s) =>
      s.end(
        Buffer.concat([
          Buffer.from(CHUNKED_JSON),
          ...Array.from({ length: 5 }, () => chunk('y'.repeat(MAX_BYTES / 4))),
          Buffer.from('0\r\n\r\n'),
        ]),
      ),
    expect: { status: 200, complete: false, check: ({ body }) => expect(body.length).toBeLessThanOrEqual(MAX_BYTES) },
  },
  {
    name: 'gzip bomb (50 MB of zeros)',
    maxBytes: SMALL_CAP,
    respond: (s) => s.end(answer(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipBomb)),
    expect: envelope('upstream_too_large'),
  },
  {
    name: 'brotli bomb (50 MB of zeros)',
    maxBytes: SMALL_CAP,
    respond: (s) => s.end(answer(200, { 'content-type': 'application/json', 'content-encoding': 'br' }, brotliBomb)),
    expect: envelope('upstream_too_large'),
  },
  {
    name: 'gzip bomb once streaming (decoded only up to the cap)',
    respond: (s) => s.end(answer(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipBomb)),
    expect: { status: 200, complete: false, check: ({ body }) => expect(body.length).toBeLessThanOrEqual(MAX_BYTES) },
  },
  {
    name: 'small gzip answer, decoded within the cap',
    respond: (s) => s.end(answer(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipSync('{"id":550}'))),
    expect: { status: 200, contentType: 'application/json', body: '{"id":550}', headers: { 'content-encoding': undefined } },
  },
  {
    name: 'corrupt gzip',
    respond: (s) => s.end(answer(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, Buffer.from('not gzip at all'))),
    expect: envelope('upstream_invalid_answer', 502, /^Z_/),
  },
  {
    name: 'an encoding the proxy cannot read',
    respond: (s) => s.end(answer(200, { 'content-type': 'application/json', 'content-encoding': 'zstd' }, 'x')),
    expect: envelope('upstream_invalid_answer', 502, 'content-encoding'),
  },

  // Cut short.
  {
    name: 'truncated body (declared length not reached)',
    respond: (s) => s.end(answer(200, { 'content-type': 'application/json', 'content-length': 100 }, '{"id":')),
    expect: envelope('upstream_unreachable', 502, 'UND_ERR_SOCKET'),
  },
  {
    name: 'truncated chunked body (no last chunk)',
    respond: (s) => s.end(Buffer.concat([Buffer.from(CHUNKED_JSON), chunk('{"id":')])),
    expect: envelope('upstream_unreachable', 502, 'UND_ERR_SOCKET'),
  },
  { name: 'closes without answering', respond: (s) => s.end(), expect: envelope('upstream_unreachable', 502, 'UND_ERR_SOCKET') },
  {
    name: 'resets before answering',
    respond: (s) => s.resetAndDestroy(),
    expect: envelope('upstream_unreachable', 502, /^(ECONNRESET|UND_ERR_SOCKET)$/),
  },
  {
    name: 'resets mid-body',
    respond: (s) => {
      s.write(Buffer.concat([Buffer.from(CHUNKED_JSON), chunk('{"id":5')]));
      setTimeout(() => s.resetAndDestroy(), 20);
    },
    expect: envelope('upstream_unreachable', 502, /^(ECONNRESET|UND_ERR_SOCKET)$/),
  },
  {
    name: 'resets after 70 kB had streamed',
    respond: (s) => {
      s.write(Buffer.concat([Buffer.from(CHUNKED_JSON), chunk(`["${BIG}`)]));
      setTimeout(() => s.resetAndDestroy(), 50);
    },
    expect: { status: 200, complete: false },
  },

  // Not HTTP, or not valid HTTP.
  {
    name: 'garbage instead of HTTP',
    respond: (s) => s.end('SSH-2.0-OpenSSH_9.2\r\n\r\n'),
    expect: envelope('upstream_invalid_answer', 502, INVALID_HTTP),
  },
  {
    name: 'bad chunk size',
    respond: (s) => s.end(`${CHUNKED_JSON}zz\r\n{}\r\n0\r\n\r\n`),
    expect: envelope('upstream_invalid_answer', 502, INVALID_HTTP),
  },
  {
    name: 'conflicting Content-Length headers',
    respond: (s) => s.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\ncontent-length: 5\r\n\r\n{}'),
    expect: envelope('upstream_invalid_answer', 502, INVALID_HTTP),
  },
  {
    name: 'duplicate equal Content-Length headers',
    respond: (s) => s.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\ncontent-length: 2\r\n\r\n{}'),
    expect: envelope('upstream_invalid_answer', 502, INVALID_HTTP),
  },
  {
    name: 'Content-Length and chunked together',
    respond: (s) =>
      s.end(
        `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      ),
    expect: envelope('upstream_invalid_answer', 502, INVALID_HTTP),
  },
  {
    name: 'headers larger than 16 kB',
    respond: (s) => s.end(answer(200, { 'content-type': 'application/json', 'x-filler': 'f'.repeat(20_000) }, '{}')),
    expect: envelope('upstream_invalid_answer', 502, 'UND_ERR_HEADERS_OVERFLOW'),
  },
  {
    name: 'status 0',
    respond: (s) => s.end(answer('000', { 'content-type': 'application/json' }, '{}')),
    expect: envelope('upstream_invalid_answer', 502, INVALID_HTTP),
  },
  {
    name: 'status 600',
    respond: (s) => s.end(answer(600, { 'content-type': 'application/json' }, '{}')),
    expect: { status: 502, code: /^upstream_(bad_status|invalid_answer)$/ },
  },
  {
    name: 'status 999',
    respond: (s) => s.end(answer(999, { 'content-type': 'application/json' }, '{}')),
    expect: { status: 502, code: /^upstream_(bad_status|invalid_answer)$/ },
  },
  {
    name: '101 Switching Protocols',
    respond: (s) => s.end('HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n\r\n'),
    expect: { status: 502, code: /^upstream_(bad_status|invalid_answer|unreachable)$/ },
  },
  {
    name: '102 Processing, then the connection closes',
    respond: (s) => s.end('HTTP/1.1 102 Processing\r\n\r\n'),
    expect: { status: 502, code: /^upstream_(bad_status|invalid_answer|unreachable)$/ },
  },
  {
    name: '103 Early Hints, then 200',
    respond: (s) =>
      s.end(
        Buffer.concat([
          Buffer.from('HTTP/1.1 103 Early Hints\r\nlink: </x>; rel=preload\r\n\r\n'),
          answer(200, { 'content-type': 'application/json' }, '{"id":550}'),
        ]),
      ),
    expect: { status: 200, contentType: 'application/json', body: '{"id":550}' },
  },

  // Redirects: never followed; the browser gets the 3xx without a Location to follow.
  {
    name: 'redirect to a foreign host carrying the key',
    respond: (s, hit) =>
      s.end(
        answer(
          302,
          { location: `http://evil.example${hit.target}`, 'content-type': 'text/html' },
          `<a href="http://evil.example${hit.target}">moved</a>`,
        ),
      ),
    expect: { status: 302, contentType: PLAIN, headers: { location: undefined } },
  },
  {
    name: 'redirect loop to itself',
    respond: (s, hit) => s.end(answer(301, { location: hit.target, 'content-type': 'application/json' }, '{}')),
    expect: { status: 301, contentType: 'application/json', headers: { location: undefined } },
  },
  {
    name: '307 with an HTML body',
    respond: (s) => s.end(answer(307, { location: '/elsewhere', 'content-type': 'text/html' }, '<b>')),
    expect: { status: 307, contentType: PLAIN },
  },

  // The key echoed back, every way the scrubber promises to catch.
  {
    name: 'key in a response header name',
    respond: (s) =>
      s.end(
        answer(
          200,
          { 'content-type': 'application/json', [`x-ratelimit-${ENCODED_KEY.toLowerCase()}`]: '1', 'x-ratelimit-limit': '10' },
          '{}',
        ),
      ),
    expect: { status: 200, headers: { 'x-ratelimit-limit': '10' } },
  },
  {
    name: 'key in response header values',
    respond: (s, hit) =>
      s.end(answer(200, { 'content-type': 'application/json', link: `<http://up${hit.target}>; rel="next"`, 'retry-after': KEY }, '{}')),
    expect: {
      status: 200,
      headers: { 'retry-after': '<API_KEY>' },
      check: ({ headers }) => expect(headers.link).toContain('api_key=<API_KEY>'),
    },
  },
  {
    name: 'key in the content type',
    respond: (s) => s.end(answer(200, { 'content-type': `application/json; token=${ENCODED_KEY}` }, '{}')),
    expect: { status: 200, contentType: 'application/json; token=<API_KEY>' },
  },
  {
    name: 'key echoed raw and in the URL',
    respond: (s, hit) => s.end(answer(200, { 'content-type': 'application/json' }, JSON.stringify({ url: echoUrl(hit), key: KEY }))),
    expect: { status: 200, body: '{"url":"/base/movie/550?language=en-US&api_key=<API_KEY>","key":"<API_KEY>"}' },
  },
  {
    name: 'key echoed split across TCP chunks',
    respond: async (s) => {
      s.write(`${CHUNKED_JSON}${chunk(`{"k":"${KEY.slice(0, 7)}`).toString()}`);
      await sleep(30);
      s.write(chunk(`${KEY.slice(7)}"}`));
      s.end('0\r\n\r\n');
    },
    expect: { status: 200, body: '{"k":"<API_KEY>"}' },
  },
  {
    name: 'key echoed one byte per chunk',
    respond: async (s) => {
      s.write(CHUNKED_JSON);
      for (const byte of `{"k":"${ENCODED_KEY}"}`) {
        s.write(chunk(byte));
        await sleep(1);
      }
      s.end('0\r\n\r\n');
    },
    expect: { status: 200, body: '{"k":"<API_KEY>"}' },
  },
  {
    name: 'key echoed percent-encoded in lower case',
    respond: json(200, { q: `api_key=${LOWER_HEX_KEY}` }),
    expect: { status: 200, body: '{"q":"api_key=<API_KEY>"}' },
  },
  {
    name: 'key echoed form-encoded',
    respond: json(200, { q: new URLSearchParams({ api_key: KEY }).toString() }),
    expect: { status: 200, body: '{"q":"api_key=<API_KEY>"}' },
  },
  {
    name: 'key echoed JSON-escaped',
    respond: (s) => s.end(answer(200, { 'content-type': 'application/json' }, `{"k":"${KEY.replaceAll('/', '\\/')}"}`)),
    expect: { status: 200, body: '{"k":"<API_KEY>"}' },
  },
  {
    name: 'key echoed base64-encoded',
    respond: json(200, { token: Buffer.from(`user:${KEY}`).toString('base64') }),
    expect: { status: 200, check: ({ body }) => expect(body.toString()).toContain('<API_KEY>') },
  },
  {
    name: 'key echoed in an HTML error page',
    respond: (s, hit) => s.end(answer(401, { 'content-type': 'text/html' }, `<p>Bad key for ${hit.target}</p>`)),
    expect: { status: 401, contentType: PLAIN, body: '<p>Bad key for /base/movie/550?language=en-US&api_key=<API_KEY></p>' },
  },
  {
    name: 'key inside a gzip answer',
    respond: (s) =>
      s.end(answer(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipSync(JSON.stringify({ key: KEY })))),
    expect: { status: 200, body: '{"key":"<API_KEY>"}' },
  },
  {
    name: 'key in the middle of a 200 kB streamed answer',
    respond: (s) =>
      s.end(
        Buffer.concat([
          Buffer.from(CHUNKED_JSON),
          chunk(`["${BIG}${KEY.slice(0, 5)}`),
          chunk(`${KEY.slice(5)}${BIG}${BIG}"]`),
          Buffer.from('0\r\n\r\n'),
        ]),
      ),
    expect: {
      status: 200,
      contentType: 'application/json',
      complete: true,
      check: ({ body }) => expect(body.toString()).toBe(`["${BIG}<API_KEY>${BIG}${BIG}"]`),
    },
  },
];

let upstream: FaultUpstream;
const proxies = new Map<string, RunningServer>();

async function proxyFor(baseUrl: string, maxBytes: number): Promise<RunningServer> {
  let proxy = proxies.get(`${baseUrl} ${maxBytes}`);
  if (!proxy) {
    const env = {
      LOOKUP_A_BASE_URL: baseUrl,
      LOOKUP_A_KEY: KEY,
      LOOKUP_TIMEOUT_MS: String(TIMEOUT_MS),
      LOOKUP_MAX_BYTES: String(maxBytes),
    };
    proxy = await serveHandler(
      createProxyHandler({ lookups: [movie], generators: {}, config: parseServerConfig(env, [movie]), log: () => undefined }),
    );
    proxies.set(`${baseUrl} ${maxBytes}`, proxy);
  }
  return proxy;
}

beforeAll(async () => {
  upstream = await startFaultUpstream();
});
afterAll(async () => {
  await Promise.all([...proxies.values()].map((proxy) => proxy.close()));
  await upstream.close();
});

describe('the upstream fault corpus', () => {
  it('holds at least 40 kinds of fault', () => {
    expect(faults.length).toBeGreaterThanOrEqual(40);
    expect(new Set(faults.map((fault) => fault.name)).size).toBe(faults.length);
  });

  it.each(faults.map((fault) => [fault.name, fault] as const))('%s', async (_name, fault) => {
    const baseUrl = fault.baseUrl ? await fault.baseUrl() : `${upstream.url}/base`;
    const proxy = await proxyFor(baseUrl, fault.maxBytes ?? MAX_BYTES);
    upstream.hits.length = 0;
    upstream.respond((socket, hit) => void fault.respond(socket, hit));
    const got = await rawExchange(proxy.port, TARGET);
    const { expect: wanted } = fault;

    // What the browser got: status, headers that keep it data, and never a key.
    expect(got.status).toBe(wanted.status);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(got.headers['x-lookup-source']).toBe('live');
    for (const form of KEY_FORMS) expect(got.raw).not.toContain(form);
    if (wanted.contentType) expect(got.headers['content-type']).toBe(wanted.contentType);
    if (got.status !== 204)
      expect(got.headers['content-type']).toMatch(/^(application\/([a-z.+-]+\+)?(json|xml)|text\/xml|text\/plain; charset=utf-8)\b/);
    if (wanted.original) expect(got.headers['x-lookup-original-content-type']).toBe(wanted.original);
    if (wanted.body !== undefined) expect(got.body.toString()).toBe(wanted.body);
    expect(got.complete).toBe(wanted.complete ?? true);
    for (const [name, value] of Object.entries(wanted.headers ?? {})) expect(got.headers[name]).toBe(value);
    if (wanted.code) {
      const error = errorEnvelopeSchema.parse(JSON.parse(got.body.toString())).error;
      expect(error.origin).toBe('upstream');
      if (typeof wanted.code === 'string') expect(error.code).toBe(wanted.code);
      else expect(error.code).toMatch(wanted.code);
      // In words, not a raw code; the code, when there is one, beside it.
      expect(error.message).toMatch(/^The provider/);
      expect(error.message).not.toMatch(/\b(HPE|UND_ERR|E[A-Z]{4,})_?[A-Z_]*\b/);
      if (typeof wanted.cause === 'string') expect(error.cause).toBe(wanted.cause);
      else if (wanted.cause) expect(error.cause).toMatch(wanted.cause);
    }
    wanted.check?.(got);

    // What the provider got: one request (nothing retried, no redirect followed), the key once.
    if (fault.reachesUpstream === false) expect(upstream.hits).toHaveLength(0);
    else {
      expect(upstream.hits).toHaveLength(1);
      expect(upstream.hits[0]!.target).toBe(`/base/movie/550?language=en-US&api_key=${ENCODED_KEY}`);
      expect(upstream.hits[0]!.headers['accept-encoding']).toBeUndefined();
    }
  });
});
