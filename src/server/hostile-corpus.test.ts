// @vitest-environment node
// The hostile corpus (issue 11): requests an attacker would send, over a raw TCP socket (so that
// malformed ones reach the server as written), to the production server's own stack (request
// guard, lookup handler with the proxy, static files, `clientError`), with all twenty lookups
// configured live against a recording upstream on 127.0.0.1. Every case states the status it must
// get, and what the upstream may have received: nothing at all, or exactly the normalised
// parameters and the server's own key, never the client's.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LookupId, Params } from '../lookups/define-lookup.ts';
import { allLookups } from '../lookups/registry.ts';
import { buildRequest } from '../lookups/request.ts';
import { errorEnvelopeSchema } from '../lookups/wire.ts';
import { loadAppConfig } from './assembly.ts';
import { createAppServer } from './app-server.ts';
import { startUpstream, type UpstreamHit } from './testing/http-fixtures.ts';

/** What a client tries to pass off as a key; it must never reach the upstream. */
const CLIENT_KEY = 'CLIENTKEY666';
/** Each lookup's server-side key, with characters that encode differently in URLs. */
const serverKey = (id: string) => `srv-${id}/key+&=`;
/** Where the keys travel: the default query parameter, except these (set in the environment). */
const KEY_PLACEMENT: Partial<Record<LookupId, { in: 'query' | 'header'; name: string }>> = {
  B: { in: 'header', name: 'X-Api-Key' },
  R: { in: 'header', name: 'X-Profile-Key' },
  T: { in: 'query', name: 'apikey' },
};
const placementOf = (id: LookupId) => KEY_PLACEMENT[id] ?? { in: 'query' as const, name: 'api_key' };

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let server: Server;
let port: number;
let HOST: string;
let secretName: string;

beforeAll(async () => {
  upstream = await startUpstream();
  const env: Record<string, string> = {};
  for (const lookup of allLookups) {
    env[`LOOKUP_${lookup.id}_BASE_URL`] = `${upstream.url}/${lookup.slug}`;
    env[`LOOKUP_${lookup.id}_KEY`] = serverKey(lookup.id);
    const placement = KEY_PLACEMENT[lookup.id];
    if (placement) env[`LOOKUP_${lookup.id}_KEY_${placement.in === 'header' ? 'HEADER' : 'PARAM'}`] = placement.name;
  }
  const config = loadAppConfig(env);
  expect(Object.values(config.lookups).every((mode) => mode.mode === 'live')).toBe(true);

  const dist = mkdtempSync(join(tmpdir(), 'lookup-corpus-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lookup Explorer</title>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // Beside the build: no spelling of `..` may reach it.
  secretName = `${basename(dist)}-secret.txt`;
  writeFileSync(join(dist, '..', secretName), 'TOPSECRET');

  server = createAppServer({
    config,
    distDir: dist,
    log: () => undefined,
    http: { headersTimeout: 800, requestTimeout: 3000, connectionsCheckingInterval: 100 },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  HOST = `127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await upstream.close();
});

beforeEach(() => {
  upstream.hits.length = 0;
});

// ---- the raw client ---------------------------------------------------------------------------

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function decodeChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd === -1) break;
    const size = parseInt(body.subarray(offset, lineEnd).toString(), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Writes `bytes` to a fresh connection and reads the first answer (the server closes after it). */
function exchange(bytes: string | Buffer, options: { timeoutMs?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          `no answer within ${options.timeoutMs ?? 5000} ms; got ${JSON.stringify(Buffer.concat(chunks).toString().slice(0, 200))}`,
        ),
      );
    }, options.timeoutMs ?? 5000);
    const finish = () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks);
      const headEnd = raw.indexOf('\r\n\r\n');
      if (headEnd === -1) {
        reject(new Error(`no HTTP answer: ${JSON.stringify(raw.toString().slice(0, 200))}`));
        return;
      }
      const [statusLine, ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body: Buffer = raw.subarray(headEnd + 4);
      if (headers['transfer-encoding'] === 'chunked') body = decodeChunked(body);
      else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: body.toString() });
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', finish);
    // A refusal may close the connection before the whole request was written: read what came.
    socket.on('error', () => (chunks.length > 0 ? finish() : undefined));
    socket.on('close', () => (chunks.length > 0 ? finish() : undefined));
    // The socket is not half-closed after writing: node:http ends a connection whose client has
    // ended its side before the answer is written. Every request says `Connection: close`.
    socket.write(bytes);
  });
}

interface RequestParts {
  host?: string | null;
  headers?: [string, string][];
  body?: string;
  version?: string;
}

/** A request as bytes. `host: null` leaves Host out; the default is this server's own. */
function http(method: string, target: string, parts: RequestParts = {}): string {
  const lines = [`${method} ${target} ${parts.version ?? 'HTTP/1.1'}`];
  if (parts.host !== null) lines.push(`Host: ${parts.host ?? HOST}`);
  for (const [name, value] of parts.headers ?? []) lines.push(`${name}: ${value}`);
  if (parts.body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(parts.body)}`);
  lines.push('Connection: close');
  return `${lines.join('\r\n')}\r\n\r\n${parts.body ?? ''}`;
}

const sameOrigin = (): [string, string][] => [
  ['Origin', `http://${HOST}`],
  ['Content-Type', 'application/json'],
];
const postR = (body: string, headers: [string, string][] = sameOrigin()) => http('POST', '/proxy/r/profile-details', { headers, body });

// ---- expectations -----------------------------------------------------------------------------

/** What the upstream must have received for an allowed request: one hit, exactly this. */
interface Forwarded {
  lookup: LookupId;
  path: string;
  query?: readonly (readonly [string, string])[];
  body?: Record<string, unknown>;
}

interface Case {
  name: string;
  request: () => string | Buffer;
  status: number | number[];
  /** The envelope's code, for refusals. */
  code?: string;
  /** Parameters the refusal must name in `fields`. */
  fields?: string[];
  /** Omitted: nothing may reach the upstream. */
  forwarded?: () => Forwarded;
  /** Extra checks on the answer. */
  check?: (answer: Answer) => void;
}

function expectForwarded(hits: UpstreamHit[], expected: Forwarded): void {
  expect(hits, 'exactly one upstream request').toHaveLength(1);
  const hit = hits[0]!;
  const placement = placementOf(expected.lookup);
  const url = new URL(hit.url, 'http://upstream');
  expect(url.pathname, 'the upstream path').toBe(expected.path);
  const query = [...url.searchParams];
  const expectedQuery: (readonly [string, string])[] = [...(expected.query ?? [])];
  if (placement.in === 'query') expectedQuery.push([placement.name, serverKey(expected.lookup)]);
  expect(sortPairs(query), 'exactly the normalised query and the server key').toEqual(sortPairs(expectedQuery));
  if (placement.in === 'header') {
    // Two headers of the same name would arrive joined (`a, b`): this is exactly one, the server's.
    expect(hit.headers[placement.name.toLowerCase()], 'the server key in its header').toBe(serverKey(expected.lookup));
  }
  if (expected.body) expect(JSON.parse(hit.body), 'exactly the normalised body').toEqual(expected.body);
  else expect(hit.body).toBe('');
}

/** Any upstream request carries its lookup's key exactly once, where it is configured to travel. */
function expectServerKeyOnly(hit: UpstreamHit): void {
  const lookup = allLookups.find((candidate) => hit.url.startsWith(`/${candidate.slug}/`));
  expect(lookup, `an upstream request outside every lookup's base URL: ${hit.url}`).toBeDefined();
  const placement = placementOf(lookup!.id);
  const query = new URL(hit.url, 'http://upstream').searchParams;
  if (placement.in === 'query') expect(query.getAll(placement.name)).toEqual([serverKey(lookup!.id)]);
  else expect(hit.headers[placement.name.toLowerCase()]).toBe(serverKey(lookup!.id));
}

function sortPairs(pairs: readonly (readonly [string, string])[]): (readonly [string, string])[] {
  return [...pairs].sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a.localeCompare(b)));
}

/** Nothing the client typed as a key, nor any header it tried to slip in, reached the upstream. */
function expectNothingOfTheClient(hits: UpstreamHit[]): void {
  for (const hit of hits) {
    const seen = `${hit.method} ${hit.url}\n${JSON.stringify(hit.headers)}\n${hit.body}`;
    for (const text of [seen, safeDecode(seen)]) {
      expect(text).not.toContain(CLIENT_KEY);
      expect(text.toLowerCase()).not.toContain('evil');
    }
    expect(Object.keys(hit.headers).filter((name) => /injected|cookie|authorization|forwarded/i.test(name))).toEqual([]);
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// ---- the corpus -------------------------------------------------------------------------------

const A_MOVIE = '/proxy/a/movie/550';
const T_SEARCH = '/proxy/t/search';
const S_TX = '/proxy/s/blockchain-data/bitcoin/mainnet/transactions';
const P_SEARCH = (network: string) => `/proxy/p/ethereum/${network}/collections/search?name=ape`;
const L_OK = 'lat=37.7749&lon=-122.4194&distance=1mi&datetime_ini=2024-05-01T00:00:00.000Z&datetime_end=2024-05-08T00:00:00.000Z';
const L_QUERY: [string, string][] = [
  ['lat', '37.7749'],
  ['lon', '-122.4194'],
  ['distance', '1mi'],
  ['datetime_ini', '2024-05-01T00:00:00.000Z'],
  ['datetime_end', '2024-05-08T00:00:00.000Z'],
];
const movie = (query: [string, string][] = []): Forwarded => ({ lookup: 'A', path: '/a/movie/550', query });
const tSearch = (q: string): Forwarded => ({ lookup: 'T', path: '/t/search', query: [['q', q]] });
const rProfile = (body: Record<string, unknown>): Forwarded => ({ lookup: 'R', path: '/r/profile-details', body });
const get = (target: string, parts?: RequestParts) => () => http('GET', target, parts);
const asJson: [string, string][] = [['Accept', 'application/json']];
const notTheSecret = (answer: Answer) => expect(answer.body).not.toContain('TOPSECRET');

/** Every lookup's own example, live: the baseline that must pass untouched, with the client's key dropped. */
const examples: Case[] = allLookups.flatMap((lookup) =>
  lookup.operations.map((operation): Case => {
    const built = buildRequest(operation, operation.params.parse(operation.example) as Params);
    const placement = placementOf(lookup.id);
    const query = [...built.query, [placement.name, CLIENT_KEY] as [string, string]];
    const target = `/proxy/${lookup.slug}${built.path}?${query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&')}`;
    const headers: [string, string][] = [
      [placement.name, CLIENT_KEY],
      ['Authorization', `Bearer ${CLIENT_KEY}`],
      ['Cookie', `session=${CLIENT_KEY}`],
    ];
    return {
      name: `${lookup.id} ${operation.id}: the example is forwarded as built, with the server's key instead of the client's`,
      request: () =>
        built.body
          ? http(built.method, target, {
              headers: [...headers, ...sameOrigin()],
              body: JSON.stringify({ ...built.body, [placement.name]: CLIENT_KEY }),
            })
          : http(built.method, target, { headers }),
      status: 200,
      forwarded: () => ({
        lookup: lookup.id,
        path: `/${lookup.slug}${built.path}`,
        query: built.query,
        ...(built.body && { body: built.body }),
      }),
    };
  }),
);

const traversal: Case[] = [
  ...[
    `/../SECRET`,
    `/%2e%2e/SECRET`,
    `/%2E%2E/SECRET`,
    `/%252e%252e/SECRET`,
    `/..%2fSECRET`,
    `/..%2FSECRET`,
    `/assets/../../SECRET`,
    `/assets/..%2f..%2fSECRET`,
    `/..\\SECRET`,
    `/..%5cSECRET`,
    `/%c0%ae%c0%ae/SECRET`,
    `/%c0%af..%c0%afSECRET`,
    `/.%2e/SECRET`,
    `/assets/%00/../../SECRET`,
  ].map(
    (target): Case => ({
      name: `static traversal ${target} finds nothing outside the build`,
      request: () => http('GET', target.replace('SECRET', secretName), { headers: asJson }),
      status: [400, 404],
      check: notTheSecret,
    }),
  ),
  {
    name: 'static traversal asking for HTML gets the app’s page, never the file',
    request: () => http('GET', `/%2e%2e/${secretName}`, { headers: [['Accept', 'text/html']] }),
    status: 200,
    check: (answer) => {
      notTheSecret(answer);
      expect(answer.body).toContain('Lookup Explorer');
    },
  },
  ...[
    '/proxy/../a/movie/550',
    '/proxy/%2e%2e/a/movie/550',
    '/proxy/a/../b/ev/stations.json',
    '/proxy/a/movie/550/../../tv/1',
    '/proxy/a/movie/..%2f..%2fconfig',
    '/proxy/a/movie/%2e%2e',
    '/proxy/a/movie/%252e%252e',
    `${S_TX}/..%2f..%2fadmin`,
    `${S_TX}/..%5c..%5cadmin`,
    `${S_TX}/%2e%2e`,
    `${S_TX}/%c0%ae%c0%ae`,
    `${S_TX}/..\\..\\admin`,
    P_SEARCH('%2e%2e'),
    P_SEARCH('..%2f..'),
    P_SEARCH('.'),
  ].map((target): Case => ({ name: `proxy traversal ${target} is refused`, request: get(target), status: [400, 404] })),
  {
    name: 'traversal in a query value is only a value: forwarded re-encoded, path untouched',
    request: get(`${T_SEARCH}?q=..%2f..%2fadmin`),
    status: 200,
    forwarded: () => tSearch('../../admin'),
  },
];

const targets: Case[] = [
  {
    name: 'absolute-form target to another host',
    request: get('http://evil.example/proxy/a/movie/550'),
    status: 400,
    code: 'invalid_target',
  },
  {
    name: 'absolute-form target to this very server',
    request: () => http('GET', `http://${HOST}/healthz`),
    status: 400,
    code: 'invalid_target',
  },
  { name: 'protocol-relative target //evil', request: get('//evil.example/proxy/a/movie/550'), status: 400, code: 'invalid_target' },
  { name: 'protocol-relative target /\\evil', request: get('/\\evil.example/x'), status: 400, code: 'invalid_target' },
  { name: 'authority-form target on GET', request: get('evil.example:443'), status: 400 },
  { name: 'asterisk target on GET', request: get('*'), status: 400, code: 'invalid_target' },
  { name: 'OPTIONS * is answered without an upstream', request: () => http('OPTIONS', '*'), status: 405 },
];

const methods: Case[] = [
  {
    name: 'CONNECT to another host',
    request: () => http('CONNECT', 'evil.example:443', { host: 'evil.example:443' }),
    status: 405,
    code: 'method_not_allowed',
  },
  { name: 'CONNECT to the upstream', request: () => http('CONNECT', '127.0.0.1:1'), status: 405, code: 'method_not_allowed' },
  {
    name: 'TRACE is not echoed',
    request: () => http('TRACE', A_MOVIE, { headers: [['X-Secret', CLIENT_KEY]] }),
    status: 405,
    check: (answer) => expect(answer.body).not.toContain(CLIENT_KEY),
  },
  { name: 'TRACE on a page', request: () => http('TRACE', '/'), status: 405 },
  { name: 'an unknown method (FOO) is not valid HTTP', request: () => http('FOO', A_MOVIE), status: 400, code: 'bad_request' },
  { name: 'a lower-case method is not valid HTTP', request: () => http('get', A_MOVIE), status: 400, code: 'bad_request' },
  ...['PUT', 'DELETE', 'PATCH', 'PROPFIND', 'OPTIONS'].map(
    (method): Case => ({ name: `${method} on a GET lookup`, request: () => http(method, A_MOVIE), status: 405 }),
  ),
  { name: 'HEAD on a lookup is not forwarded', request: () => http('HEAD', A_MOVIE), status: 405 },
  { name: 'GET on R (a POST lookup)', request: get('/proxy/r/profile-details?profile_id=x'), status: 405 },
  { name: 'DELETE on R, same origin', request: () => http('DELETE', '/proxy/r/profile-details', { headers: sameOrigin() }), status: 405 },
  { name: 'POST on a GET lookup, same origin', request: () => http('POST', A_MOVIE, { headers: sameOrigin(), body: '{}' }), status: 405 },
];

const undeclared: Case[] = [
  ...[
    '/proxy',
    '/proxy/',
    '/proxy/zz/anything',
    '/proxy/A/movie/550',
    '/proxy/a',
    '/proxy/a/',
    '/proxy/a/movie',
    '/proxy/a/movie/',
    '/proxy/a/movie/550/credits',
    '/proxy/a/tv/1',
    '/proxy/b/ev/stations.csv',
    '/proxyx/a/movie/550',
    '/PROXY/a/movie/550',
  ].map(
    (target): Case => ({ name: `undeclared path ${target}`, request: () => http('GET', target, { headers: asJson }), status: [400, 404] }),
  ),
  {
    name: 'undeclared parameters are dropped',
    request: get(`${A_MOVIE}?language=en-US&evil=1&__proto__=x&constructor=y&callback=evil`),
    status: 200,
    forwarded: () => movie([['language', 'en-US']]),
  },
  {
    name: 'a parameter given twice: the first counts, only it travels',
    request: get(`${A_MOVIE}?language=en-US&language=evil`),
    status: 200,
    forwarded: () => movie([['language', 'en-US']]),
  },
  {
    name: 'an empty query name or value pair is ignored',
    request: get(`${A_MOVIE}?&&=&language=en-US&=evil`),
    status: 200,
    forwarded: () => movie([['language', 'en-US']]),
  },
  {
    name: 'a declared path parameter in the query does not override the path',
    request: get(`${A_MOVIE}?movie_id=1`),
    status: 200,
    forwarded: () => movie(),
  },
];

const clientKeys: Case[] = [
  ...[
    'api_key',
    'API_KEY',
    'Api_Key',
    'api%5Fkey',
    'api%5fkey',
    'api_key%00',
    'api_key[]',
    '%20api_key',
    'apikey',
    'key',
    'access_token',
  ].map(
    (name): Case => ({
      name: `a client key as ?${name}= is dropped (query-key lookup A)`,
      request: get(`${A_MOVIE}?${name}=${CLIENT_KEY}&language=en-US`),
      status: 200,
      forwarded: () => movie([['language', 'en-US']]),
    }),
  ),
  {
    name: 'a client key twice, before and after the real parameters',
    request: get(`${A_MOVIE}?api_key=${CLIENT_KEY}&language=en-US&api_key=${CLIENT_KEY}`),
    status: 200,
    forwarded: () => movie([['language', 'en-US']]),
  },
  {
    name: 'a client key smuggled with ; inside a value stays inside that value',
    request: get(`${T_SEARCH}?q=x;apikey=mine`),
    status: 200,
    forwarded: () => tSearch('x;apikey=mine'),
  },
  {
    name: 'a client key encoded into a value (&apikey=) stays inside that value',
    request: get(`${T_SEARCH}?q=x%26apikey%3Dmine`),
    status: 200,
    forwarded: () => tSearch('x&apikey=mine'),
    check: () => expect(new URL(upstream.hits[0]!.url, 'http://u').searchParams.getAll('apikey')).toEqual([serverKey('T')]),
  },
  {
    name: 'a client key as ?apikey= and ?APIKEY= is dropped (T, configured parameter name)',
    request: get(`${T_SEARCH}?apikey=${CLIENT_KEY}&APIKEY=${CLIENT_KEY}&q=climate`),
    status: 200,
    forwarded: () => tSearch('climate'),
  },
  {
    name: 'a client key in the configured header (X-Api-Key) is replaced by the server’s (B)',
    request: get('/proxy/b/ev/stations.json?prox=52.52,13.405,3000', { headers: [['X-Api-Key', CLIENT_KEY]] }),
    status: 200,
    forwarded: () => ({ lookup: 'B', path: '/b/ev/stations.json', query: [['prox', '52.52,13.405,3000']] }),
  },
  {
    name: 'the configured header sent twice, in other cases, and as a query parameter (B)',
    request: get(`/proxy/b/ev/stations.json?prox=52.52,13.405,3000&X-Api-Key=${CLIENT_KEY}&api_key=${CLIENT_KEY}`, {
      headers: [
        ['x-api-key', CLIENT_KEY],
        ['X-API-KEY', CLIENT_KEY],
      ],
    }),
    status: 200,
    forwarded: () => ({ lookup: 'B', path: '/b/ev/stations.json', query: [['prox', '52.52,13.405,3000']] }),
  },
  {
    name: 'a client key in R’s body and in R’s key header is dropped',
    request: () =>
      postR(JSON.stringify({ profile_id: 'jane', 'X-Profile-Key': CLIENT_KEY, api_key: CLIENT_KEY }), [
        ...sameOrigin(),
        ['X-Profile-Key', CLIENT_KEY],
      ]),
    status: 200,
    forwarded: () => rProfile({ profile_id: 'jane' }),
  },
  {
    name: 'client credentials in Authorization, Cookie and Forwarded headers are not forwarded',
    request: get(`${A_MOVIE}`, {
      headers: [
        ['Authorization', `Bearer ${CLIENT_KEY}`],
        ['Cookie', `api_key=${CLIENT_KEY}`],
        ['Forwarded', 'for=evil'],
        ['X-Forwarded-For', 'evil'],
      ],
    }),
    status: 200,
    forwarded: () => movie(),
  },
  {
    name: 'a client key appended after a fragment mark does not drop the server’s key',
    request: get(`${T_SEARCH}?q=x#&apikey=${CLIENT_KEY}`),
    status: [200, 400],
  },
];

const injection: Case[] = [
  {
    name: 'CR LF encoded in a query value stays in the value, no header is added upstream',
    request: get(`${T_SEARCH}?q=x%0d%0aX-Injected:%20bad`),
    status: [200, 400],
    check: () => expect(upstream.hits.every((hit) => hit.headers['x-injected'] === undefined)).toBe(true),
  },
  { name: 'CR LF encoded in a path parameter', request: get(P_SEARCH('x%0d%0aX-Injected:%201')), status: 400 },
  {
    name: 'a raw LF inside a header value is not valid HTTP',
    request: () => `GET ${A_MOVIE} HTTP/1.1\r\nHost: ${HOST}\r\nX-A: a\nX-Injected: evil\r\nConnection: close\r\n\r\n`,
    status: 400,
    code: 'bad_request',
  },
  {
    name: 'a raw CR inside a header value is not valid HTTP',
    request: () => `GET ${A_MOVIE} HTTP/1.1\r\nHost: ${HOST}\r\nX-A: a\rX-Injected: evil\r\nConnection: close\r\n\r\n`,
    status: 400,
    code: 'bad_request',
  },
  {
    name: 'an obsolete folded header line',
    request: () => `GET ${A_MOVIE} HTTP/1.1\r\nHost: ${HOST}\r\nX-A: a\r\n X-Injected: evil\r\nConnection: close\r\n\r\n`,
    status: [400, 200],
  },
  {
    name: 'a space in the request target',
    request: () => `GET ${A_MOVIE} x HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`,
    status: 400,
    code: 'bad_request',
  },
  {
    name: 'a NUL in the request line',
    request: () => `GET ${A_MOVIE}\0 HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`,
    status: 400,
    code: 'bad_request',
  },
  {
    name: 'a header name with a space',
    request: () => `GET ${A_MOVIE} HTTP/1.1\r\nHost: ${HOST}\r\nX A: b\r\nConnection: close\r\n\r\n`,
    status: 400,
    code: 'bad_request',
  },
  { name: 'not HTTP at all', request: () => 'HELLO\r\n\r\n', status: 400, code: 'bad_request' },
  { name: 'an HTTP/2 preface on an HTTP/1 port', request: () => 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', status: 400 },
  { name: 'an unknown HTTP version', request: () => `GET / HTTP/3.7\r\nHost: ${HOST}\r\n\r\n`, status: [400, 505] },
  {
    name: 'Content-Length and Transfer-Encoding together (request smuggling)',
    request: () =>
      `POST /proxy/r/profile-details HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
    status: 400,
  },
  {
    name: 'two different Content-Lengths',
    request: () =>
      `POST /proxy/r/profile-details HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 20\r\nConnection: close\r\n\r\n{}`,
    status: 400,
    code: 'bad_request',
  },
  {
    name: 'a negative Content-Length',
    request: () =>
      `POST /proxy/r/profile-details HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/json\r\nContent-Length: -1\r\nConnection: close\r\n\r\n{}`,
    status: 400,
    code: 'bad_request',
  },
  {
    name: 'a bad chunk size',
    request: () =>
      `POST /proxy/r/profile-details HTTP/1.1\r\nHost: ${HOST}\r\nOrigin: http://${HOST}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    status: 400,
  },
];

const hosts: Case[] = [
  { name: 'Host of another site (DNS rebinding)', request: get(A_MOVIE, { host: 'evil.example' }), status: 421, code: 'host_not_allowed' },
  {
    name: 'Host of another site on this port',
    request: () => http('GET', A_MOVIE, { host: `evil.example:${port}` }),
    status: 421,
    code: 'host_not_allowed',
  },
  { name: 'Host rebinding to the pages, not just the proxy', request: get('/', { host: 'evil.example' }), status: 421 },
  { name: 'Host rebinding to /healthz', request: get('/healthz', { host: 'evil.example' }), status: 421 },
  { name: 'Host rebinding to /lookup-config.json', request: get('/lookup-config.json', { host: 'evil.example' }), status: 421 },
  {
    name: 'Host rebinding with R’s POST',
    request: () =>
      http('POST', '/proxy/r/profile-details', {
        host: 'evil.example',
        headers: [
          ['Origin', 'http://evil.example'],
          ['Content-Type', 'application/json'],
        ],
        body: '{"profile_id":"x"}',
      }),
    status: 421,
  },
  { name: 'loopback Host on another port', request: () => http('GET', A_MOVIE, { host: `127.0.0.1:${port + 1}` }), status: 421 },
  { name: 'loopback Host without the port', request: get(A_MOVIE, { host: 'localhost' }), status: 421 },
  { name: 'Host 0.0.0.0', request: () => http('GET', A_MOVIE, { host: `0.0.0.0:${port}` }), status: 421 },
  { name: 'Host 127.0.0.2', request: () => http('GET', A_MOVIE, { host: `127.0.0.2:${port}` }), status: 421 },
  {
    name: 'Host of a rebinding service (127.0.0.1.nip.io)',
    request: () => http('GET', A_MOVIE, { host: `127.0.0.1.nip.io:${port}` }),
    status: 421,
  },
  { name: 'Host as IPv4-mapped IPv6', request: () => http('GET', A_MOVIE, { host: `[::ffff:127.0.0.1]:${port}` }), status: 421 },
  {
    name: 'Host with user information',
    request: () => http('GET', A_MOVIE, { host: `evil.example@127.0.0.1:${port}` }),
    status: 400,
    code: 'invalid_host',
  },
  { name: 'Host with a path', request: () => http('GET', A_MOVIE, { host: `127.0.0.1:${port}/evil` }), status: 400, code: 'invalid_host' },
  { name: 'Host with a space', request: () => http('GET', A_MOVIE, { host: `127.0.0.1 evil.example` }), status: 400, code: 'invalid_host' },
  { name: 'an empty Host', request: () => http('GET', A_MOVIE, { host: '' }), status: 400 },
  { name: 'no Host (HTTP/1.1)', request: get(A_MOVIE, { host: null }), status: 400, code: 'missing_host' },
  { name: 'no Host (HTTP/1.0)', request: get(A_MOVIE, { host: null, version: 'HTTP/1.0' }), status: 400, code: 'missing_host' },
  {
    name: 'two Host headers, ours first',
    request: get(A_MOVIE, { headers: [['Host', 'evil.example']] }),
    status: 400,
    code: 'duplicate_host',
  },
  {
    name: 'two Host headers, the same',
    request: () => http('GET', A_MOVIE, { headers: [['Host', HOST]] }),
    status: 400,
    code: 'duplicate_host',
  },
  {
    name: 'an allowed Host in upper case',
    request: () => http('GET', A_MOVIE, { host: `LOCALHOST:${port}` }),
    status: 200,
    forwarded: () => movie(),
  },
  {
    name: 'X-Forwarded-Host does not make another host acceptable',
    request: () => http('GET', A_MOVIE, { host: 'evil.example', headers: [['X-Forwarded-Host', HOST]] }),
    status: 421,
  },
  {
    name: 'X-Forwarded-Host of another site is ignored',
    request: get(A_MOVIE, { headers: [['X-Forwarded-Host', 'evil.example']] }),
    status: 200,
    forwarded: () => movie(),
  },
];

const sizes: Case[] = [
  // The app's own links (a map with its drawn area: results/simplify-area.ts) stay well under the limit.
  { name: 'a 12,000-character page link', request: get(`/?area=${'1'.repeat(12_000)}`), status: 200 },
  { name: 'a 17,000-character target', request: get(`${T_SEARCH}?q=${'a'.repeat(17_000)}`), status: 414, code: 'uri_too_long' },
  { name: 'a 40,000-character target', request: get(`${T_SEARCH}?q=${'a'.repeat(40_000)}`), status: 431, code: 'headers_too_large' },
  { name: 'a 40 kB header', request: get(A_MOVIE, { headers: [['X-Big', 'a'.repeat(40_000)]] }), status: 431, code: 'headers_too_large' },
  {
    name: '1,500 small headers',
    request: get(A_MOVIE, { headers: Array.from({ length: 1500 }, (_, i): [string, string] => [`X-H${i}`, 'aaaaaaaaaaaaaaaa']) }),
    status: 431,
    code: 'headers_too_large',
  },
  {
    name: 'a 2 MB JSON body for R',
    request: () => postR(JSON.stringify({ profile_id: 'a'.repeat(2 * 1024 * 1024) })),
    status: 413,
    code: 'body_too_large',
  },
  {
    name: 'a body declared far larger than sent',
    request: () =>
      `POST /proxy/r/profile-details HTTP/1.1\r\nHost: ${HOST}\r\nOrigin: http://${HOST}\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\nConnection: close\r\n\r\n{}`,
    status: 413,
    code: 'body_too_large',
  },
  {
    name: 'a 2 MB chunked body for R',
    request: () =>
      `POST /proxy/r/profile-details HTTP/1.1\r\nHost: ${HOST}\r\nOrigin: http://${HOST}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n200000\r\n${'a'.repeat(0x200000)}\r\n0\r\n\r\n`,
    status: 413,
  },
  { name: 'a 1,000-character path parameter', request: get(`${S_TX}/${'a'.repeat(1000)}`), status: [200, 400] },
  {
    name: 'headers never finished (slowloris) time out with 408',
    request: () => `GET ${A_MOVIE} HTTP/1.1\r\nHost: ${HOST}\r\nX-Slow: 1\r\n`,
    status: 408,
    code: 'request_timeout',
  },
];

const rBodies: Case[] = [
  ...[
    '{',
    '{"profile_id":',
    '[]',
    '"jane"',
    'null',
    '42',
    'true',
    '{"profile_id":"jane"}garbage',
    '\uFEFF{"profile_id":"jane"}',
    "{'profile_id':'jane'}",
    '{"profile_id":"jane",}',
  ].map((body): Case => ({ name: `malformed JSON for R: ${JSON.stringify(body)}`, request: () => postR(body), status: 400 })),
  {
    name: 'R with no body',
    request: () => http('POST', '/proxy/r/profile-details', { headers: sameOrigin() }),
    status: 400,
    fields: ['profile_id'],
  },
  { name: 'R with an empty object', request: () => postR('{}'), status: 400, fields: ['profile_id'] },
  { name: 'R with a number for profile_id', request: () => postR('{"profile_id":123}'), status: 400, fields: ['profile_id'] },
  { name: 'R with an object for profile_id', request: () => postR('{"profile_id":{"$ne":null}}'), status: 400, fields: ['profile_id'] },
  {
    name: 'R with a choice outside the list',
    request: () => postR('{"profile_id":"jane","profile_type":"robot"}'),
    status: 400,
    fields: ['profile_type'],
  },
  {
    name: 'R with yes for a boolean',
    request: () => postR('{"profile_id":"jane","contact_info":"yes"}'),
    status: 400,
    fields: ['contact_info'],
  },
  {
    name: 'R normalises: booleans as booleans, spaces trimmed, unknown and prototype keys dropped',
    request: () => postR('{"profile_id":"  jane  ","contact_info":"true","__proto__":{"admin":true},"constructor":{"x":1},"evil":1}'),
    status: 200,
    forwarded: () => rProfile({ profile_id: 'jane', contact_info: true }),
  },
  {
    name: 'R with a key given twice: JSON’s last one counts, and only the parsed value travels',
    request: () => postR('{"profile_id":"first","profile_id":"jane"}'),
    status: 200,
    forwarded: () => rProfile({ profile_id: 'jane' }),
  },
  {
    name: 'R parameters in the query are not read',
    request: () => http('POST', '/proxy/r/profile-details?profile_id=jane', { headers: sameOrigin(), body: '{}' }),
    status: 400,
    fields: ['profile_id'],
  },
  {
    name: 'R chunked JSON from the same origin is read',
    request: () =>
      `POST /proxy/r/profile-details HTTP/1.1\r\nHost: ${HOST}\r\nOrigin: http://${HOST}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n15\r\n{"profile_id":"jane"}\r\n0\r\n\r\n`,
    status: 200,
    forwarded: () => rProfile({ profile_id: 'jane' }),
  },
];

const csrf: Case[] = [
  ...[
    'text/plain',
    'text/plain; charset=utf-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/json',
    'application/json-patch+json',
    'application/jsonp',
    'application/xml',
  ].map(
    (type): Case => ({
      name: `R with Content-Type ${type}`,
      request: () =>
        postR('{"profile_id":"jane"}', [
          ['Origin', `http://${HOST}`],
          ['Content-Type', type],
        ]),
      status: 415,
      code: 'unsupported_media_type',
    }),
  ),
  {
    name: 'R with a JSON body and no Content-Type',
    request: () => postR('{"profile_id":"jane"}', [['Origin', `http://${HOST}`]]),
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'R with Content-Type application/json; charset=utf-8',
    request: () =>
      postR('{"profile_id":"jane"}', [
        ['Origin', `http://${HOST}`],
        ['Content-Type', 'application/json; charset=utf-8'],
      ]),
    status: 200,
    forwarded: () => rProfile({ profile_id: 'jane' }),
  },
  {
    name: 'R from another origin (a cross-site form)',
    request: () =>
      postR('{"profile_id":"jane"}', [
        ['Origin', 'https://evil.example'],
        ['Content-Type', 'text/plain'],
      ]),
    status: 403,
    code: 'cross_site_request',
  },
  {
    name: 'R from another origin with JSON (a cross-site fetch)',
    request: () =>
      postR('{"profile_id":"jane"}', [
        ['Origin', 'https://evil.example'],
        ['Content-Type', 'application/json'],
      ]),
    status: 403,
    code: 'cross_site_request',
  },
  {
    name: 'R from an opaque origin (Origin: null)',
    request: () =>
      postR('{"profile_id":"jane"}', [
        ['Origin', 'null'],
        ['Content-Type', 'application/json'],
      ]),
    status: 403,
    code: 'cross_site_request',
  },
  {
    name: 'R from this host on another port',
    request: () =>
      postR('{"profile_id":"jane"}', [
        ['Origin', `http://127.0.0.1:${port + 1}`],
        ['Content-Type', 'application/json'],
      ]),
    status: 403,
    code: 'cross_site_request',
  },
  {
    name: 'R from an origin that only starts like ours',
    request: () =>
      postR('{"profile_id":"jane"}', [
        ['Origin', `http://${HOST}.evil.example`],
        ['Content-Type', 'application/json'],
      ]),
    status: 403,
    code: 'cross_site_request',
  },
  {
    name: 'R with Sec-Fetch-Site cross-site',
    request: () =>
      postR('{"profile_id":"jane"}', [
        ['Sec-Fetch-Site', 'cross-site'],
        ['Content-Type', 'application/json'],
      ]),
    status: 403,
    code: 'cross_site_request',
  },
  {
    name: 'R with Sec-Fetch-Site same-site',
    request: () =>
      postR('{"profile_id":"jane"}', [
        ['Sec-Fetch-Site', 'same-site'],
        ['Content-Type', 'application/json'],
      ]),
    status: 403,
    code: 'cross_site_request',
  },
  {
    name: 'R with our Origin but Sec-Fetch-Site cross-site',
    request: () =>
      postR('{"profile_id":"jane"}', [
        ['Origin', `http://${HOST}`],
        ['Sec-Fetch-Site', 'cross-site'],
        ['Content-Type', 'application/json'],
      ]),
    status: 403,
    code: 'cross_site_request',
  },
  {
    name: 'R with Sec-Fetch-Site same-origin and no Origin',
    request: () =>
      postR('{"profile_id":"jane"}', [
        ['Sec-Fetch-Site', 'same-origin'],
        ['Content-Type', 'application/json'],
      ]),
    status: 200,
    forwarded: () => rProfile({ profile_id: 'jane' }),
  },
  {
    name: 'R from a program (no Origin, no Sec-Fetch-Site) with JSON',
    request: () => postR('{"profile_id":"jane"}', [['Content-Type', 'application/json']]),
    status: 200,
    forwarded: () => rProfile({ profile_id: 'jane' }),
  },
  // Issue 22, item 6: another site's <img> or no-cors fetch is a GET, and must not spend a call either.
  {
    name: 'A GET from an <img> on another site',
    request: get(A_MOVIE, {
      headers: [
        ['Sec-Fetch-Site', 'cross-site'],
        ['Sec-Fetch-Mode', 'no-cors'],
        ['Sec-Fetch-Dest', 'image'],
      ],
    }),
    status: 403,
    code: 'cross_site_request',
  },
  {
    name: 'A GET from a no-cors fetch on this host, another port',
    request: get(A_MOVIE, {
      headers: [
        ['Sec-Fetch-Site', 'same-site'],
        ['Sec-Fetch-Mode', 'no-cors'],
      ],
    }),
    status: 403,
    code: 'cross_site_request',
  },
  {
    name: 'A GET with a foreign Origin',
    request: get(A_MOVIE, { headers: [['Origin', 'https://evil.example']] }),
    status: 403,
    code: 'cross_site_request',
  },
  { name: 'HEAD from another site', request: () => http('HEAD', A_MOVIE, { headers: [['Sec-Fetch-Site', 'cross-site']] }), status: 403 },
  {
    name: 'A GET by direct navigation (Sec-Fetch-Site: none)',
    request: get(A_MOVIE, {
      headers: [
        ['Sec-Fetch-Site', 'none'],
        ['Sec-Fetch-Mode', 'navigate'],
      ],
    }),
    status: 200,
    forwarded: () => movie(),
  },
  {
    name: 'A GET from the app itself (same-origin, our Origin)',
    request: () =>
      http('GET', A_MOVIE, {
        headers: [
          ['Sec-Fetch-Site', 'same-origin'],
          ['Origin', `http://${HOST}`],
        ],
      }),
    status: 200,
    forwarded: () => movie(),
  },
];

const unicode: Case[] = [
  {
    name: 'Unicode in a query value is forwarded re-encoded',
    request: get(`${T_SEARCH}?q=${encodeURIComponent('café ☕ 気候')}`),
    status: 200,
    forwarded: () => tSearch('café ☕ 気候'),
  },
  {
    name: 'a right-to-left override in a query value stays a value',
    request: get(`${T_SEARCH}?q=a%E2%80%AEb`),
    status: 200,
    forwarded: () => tSearch('a\u202eb'),
  },
  { name: 'invalid UTF-8 in a query value', request: get(`${T_SEARCH}?q=%ff%fe`), status: 400, fields: ['q'] },
  { name: 'overlong UTF-8 in a query value', request: get(`${T_SEARCH}?q=%c0%ae`), status: 400, fields: ['q'] },
  { name: 'a lone percent sign in a query value', request: get(`${T_SEARCH}?q=100%`), status: 400, fields: ['q'] },
  { name: 'NUL in a path parameter', request: get(`${S_TX}/ab%00cd`), status: 400 },
  {
    name: 'Unicode in a path parameter (S transaction id)',
    request: get(`${S_TX}/${encodeURIComponent('ａｂ')}`),
    status: [200, 400],
    check: () =>
      expect(upstream.hits.every((hit) => hit.url.startsWith('/s/blockchain-data/bitcoin/mainnet/transactions/%EF%BD'))).toBe(true),
  },
  {
    name: 'raw UTF-8 bytes in the request target',
    request: () => Buffer.from(`GET ${T_SEARCH}?q=café HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`),
    status: [200, 400],
  },
  { name: 'a NUL in a static path', request: get('/index.html%00.js', { headers: asJson }), status: 404 },
];

const outsideSchema: Case[] = [
  { name: 'A movie_id not a number', request: get('/proxy/a/movie/abc'), status: 400, fields: ['movie_id'] },
  { name: 'A movie_id a fraction', request: get('/proxy/a/movie/1.5'), status: 400, fields: ['movie_id'] },
  { name: 'A movie_id negative', request: get('/proxy/a/movie/-1'), status: 400, fields: ['movie_id'] },
  { name: 'A movie_id beyond safe integers', request: get('/proxy/a/movie/99999999999999999999'), status: 400, fields: ['movie_id'] },
  {
    name: 'A append_to_response over 20 items',
    request: get(`${A_MOVIE}?append_to_response=${Array.from({ length: 21 }, (_, i) => `x${i}`).join(',')}`),
    status: 400,
    fields: ['append_to_response'],
  },
  { name: 'B prox latitude 91', request: get('/proxy/b/ev/stations.json?prox=91,13.4,3000'), status: 400, fields: ['prox'] },
  {
    name: 'B prox radius over the maximum',
    request: get('/proxy/b/ev/stations.json?prox=52.5,13.4,999999999'),
    status: 400,
    fields: ['prox'],
  },
  { name: 'D accept text/html', request: get('/proxy/d/property/detail?recordid=1&accept=text/html'), status: 400, fields: ['accept'] },
  { name: 'E dataset not in the list', request: get('/proxy/e/api/city/1/map-cell/evil/'), status: 400, fields: ['dataset'] },
  { name: 'F limit 51', request: get('/proxy/f/v1/cars?make=toyota&limit=51'), status: 400, fields: ['limit'] },
  {
    name: 'I a date that does not exist',
    request: get('/proxy/i/api/timeseries?start_date=2024-02-30&end_date=2024-03-01'),
    status: 400,
    fields: ['start_date'],
  },
  {
    name: 'L latitude 91',
    request: get(`/proxy/l/v1/incidents/raw-data?${L_OK.replace('lat=37.7749', 'lat=91')}`),
    status: 400,
    fields: ['lat'],
  },
  {
    name: 'L a distance in parsecs',
    request: get(`/proxy/l/v1/incidents/raw-data?${L_OK.replace('distance=1mi', 'distance=1pc')}`),
    status: 400,
    fields: ['distance'],
  },
  {
    name: 'L a date-time without a zone',
    request: get(`/proxy/l/v1/incidents/raw-data?${L_OK.replace('2024-05-01T00:00:00.000Z', '2024-05-01T00:00:00')}`),
    status: 400,
    fields: ['datetime_ini'],
  },
  {
    name: 'P page_size 0',
    request: get('/proxy/p/ethereum/mainnet/collections/search?name=ape&page_size=0'),
    status: 400,
    fields: ['page_size'],
  },
  {
    name: 'P protocol not in the list',
    request: get('/proxy/p/evilchain/mainnet/collections/search?name=ape'),
    status: 400,
    fields: ['protocol'],
  },
  { name: 'T sort_by_date 2', request: get(`${T_SEARCH}?q=x&sort_by_date=2`), status: 400, fields: ['sort_by_date'] },
  { name: 'T required q empty', request: get(`${T_SEARCH}?q=`), status: 400, fields: ['q'] },
  { name: 'T required q only spaces', request: get(`${T_SEARCH}?q=%20%20`), status: 400, fields: ['q'] },
  {
    name: 'L valid: the values travel as parsed',
    request: get(`/proxy/l/v1/incidents/raw-data?${L_OK}&page=2`),
    status: 200,
    forwarded: () => ({ lookup: 'L', path: '/l/v1/incidents/raw-data', query: [...L_QUERY, ['page', '2']] }),
  },
];

/** Numbers only as the spec writes them: plain decimals, no hex, exponent, sign games or spaces. */
const numericForms: Case[] = [
  ...[
    ['0x226', 'hex'],
    ['0X226', 'upper-case hex'],
    ['1e3', 'exponent'],
    ['5.5e2', 'fractional exponent'],
    ['%20550', 'a leading space'],
    ['550%20', 'a trailing space'],
    ['%09550', 'a leading tab'],
    ['+550', 'a plus sign'],
    ['0b1000100110', 'binary'],
    ['0o1046', 'octal'],
    ['Infinity', 'Infinity'],
  ].map(
    ([value, what]): Case => ({
      name: `A movie_id as ${what} (${value})`,
      request: get(`/proxy/a/movie/${value}`),
      status: 400,
      fields: ['movie_id'],
    }),
  ),
  {
    name: 'L lat as hex',
    request: get(`/proxy/l/v1/incidents/raw-data?${L_OK.replace('lat=37.7749', 'lat=0x25')}`),
    status: 400,
    fields: ['lat'],
  },
  {
    name: 'L lat with an exponent',
    request: get(`/proxy/l/v1/incidents/raw-data?${L_OK.replace('lat=37.7749', 'lat=3.77749e1')}`),
    status: 400,
    fields: ['lat'],
  },
  {
    name: 'L lat with a leading space',
    request: get(`/proxy/l/v1/incidents/raw-data?${L_OK.replace('lat=37.7749', 'lat=%2037.7749')}`),
    status: 400,
    fields: ['lat'],
  },
  {
    name: 'L page with a plus (a form-encoded space)',
    request: get(`/proxy/l/v1/incidents/raw-data?${L_OK}&page=+2`),
    status: 400,
    fields: ['page'],
  },
  { name: 'T offset with an exponent', request: get(`${T_SEARCH}?q=x&offset=1e1`), status: 400, fields: ['offset'] },
  {
    name: 'T published_after with an exponent',
    request: get(`${T_SEARCH}?q=x&published_after=1.7e12`),
    status: 400,
    fields: ['published_after'],
  },
  {
    name: 'C house_number as hex',
    request: get('/proxy/c/company/address?postcode=1012LG&house_number=0x1'),
    status: 400,
    fields: ['house_number'],
  },
  { name: 'D recordid with an exponent', request: get('/proxy/d/property/detail?recordid=1.8e8'), status: 400, fields: ['recordid'] },
  { name: 'B prox with hex and an exponent', request: get('/proxy/b/ev/stations.json?prox=0x34,13.4,3e3'), status: 400, fields: ['prox'] },
];

const corpus: Case[] = [
  ...examples,
  ...traversal,
  ...targets,
  ...methods,
  ...undeclared,
  ...clientKeys,
  ...injection,
  ...hosts,
  ...sizes,
  ...rBodies,
  ...csrf,
  ...unicode,
  ...outsideSchema,
  ...numericForms,
];

describe('the hostile corpus', () => {
  it('holds at least 100 requests', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(100);
    expect(new Set(corpus.map((entry) => entry.name)).size).toBe(corpus.length);
  });

  it.each(corpus.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const request = entry.request();
    const answer = await exchange(request);
    const statuses = Array.isArray(entry.status) ? entry.status : [entry.status];
    expect(statuses, `status ${answer.status}: ${answer.body.slice(0, 300)}`).toContain(answer.status);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    // The baseline every answer of the server carries, whoever wrote it (secured-response.ts).
    expect(answer.headers['referrer-policy']).toBe('same-origin');
    expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(answer.headers['content-security-policy']).toMatch(/^default-src '(none|self)'/);
    // A HEAD answer has no body to read the envelope from.
    if (answer.status >= 400 && !request.toString('latin1').startsWith('HEAD ')) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      const error = errorEnvelopeSchema.parse(JSON.parse(answer.body)).error;
      expect(error.origin).toBe('proxy');
      if (entry.code) expect(error.code).toBe(entry.code);
      if (entry.fields) expect(Object.keys(error.fields ?? {}), error.message).toEqual(expect.arrayContaining(entry.fields));
    }
    for (const id of allLookups.map((lookup) => lookup.id)) {
      expect(answer.body).not.toContain(serverKey(id));
      expect(answer.body).not.toContain(encodeURIComponent(serverKey(id)));
    }
    expectNothingOfTheClient(upstream.hits);
    upstream.hits.forEach(expectServerKeyOnly);
    if (entry.forwarded && answer.status === 200) expectForwarded(upstream.hits, entry.forwarded());
    else if (!entry.forwarded && answer.status !== 200) expect(upstream.hits, 'nothing reached the upstream').toEqual([]);
    entry.check?.(answer);
  });
});

// Issue 22, item 14: a provider echoing the key in a spelling the browser decodes back to it.
describe('the key echoed in an encoding the browser decodes', () => {
  const key = serverKey('A');
  const spellings: Record<string, string> = {
    'JSON \\u escapes': [...key].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    'HTML character references': [...key].map((char) => `&#${char.charCodeAt(0)};`).join(''),
    'hexadecimal references, upper case': [...key].map((char) => `&#X${char.charCodeAt(0).toString(16).toUpperCase()};`).join(''),
    'upper case': key.toUpperCase(),
  };

  it.each(Object.entries(spellings))('is scrubbed when echoed as %s', async (_name, spelt) => {
    upstream.respond((_hit, _req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"debug":"${spelt}","html":"<a href='?k=${spelt}'>"}`),
    );
    try {
      const answer = await exchange(http('GET', A_MOVIE));
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ debug: '<API_KEY>', html: "<a href='?k=<API_KEY>'>" });
    } finally {
      upstream.respond((_hit, _req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    }
  });
});
