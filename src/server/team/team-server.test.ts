// @vitest-environment node
// The team server end to end over HTTP: TWO production servers (createAppServer, the stack
// `npm start` runs) against ONE real Redis and one recording upstream. A session started on one
// instance is honoured by the other and ended on both by signing out; Bearer tokens (plain and
// hashed) work on both; the trusted user header counts only from the trusted peer (127.0.0.2
// here); failed sign-ins are limited across instances; /readyz turns 503 when Redis stops.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../lookups/wire.ts';
import { loadAppConfig } from '../assembly.ts';
import { createAppServer } from '../app-server.ts';
import { startUpstream } from '../testing/http-fixtures.ts';
import { loadAccessConfig } from './access-config.ts';
import { startRedis, type TestRedis } from './redis-for-tests.ts';
import { createRedisStore } from './redis-store.ts';
import { createMemoryStore } from './shared-store.ts';
import type { SharedStore } from './store-types.ts';
import { hashToken } from './tokens-file.ts';

const ALICE = 'alice-token-0123456789';
const BOB = 'bob-token-abcdefghijkl';
const TRUSTED_PEER = '127.0.0.2';
const MOVIE = '/proxy/a/movie/550';
const PROFILE = '/proxy/r/profile-details';

interface Instance {
  port: number;
  server: Server;
  store: SharedStore;
}
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

let redis: TestRedis;
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let one: Instance;
let two: Instance;
let open: Instance;
const servers: Instance[] = [];

function send(
  instance: Instance,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { host: `127.0.0.1:${instance.port}`, ...options.headers };
    const req = request(
      { host: '127.0.0.1', port: instance.port, method, path, headers, agent: false, ...(options.from && { localAddress: options.from }) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const origin = (instance: Instance) => `http://127.0.0.1:${instance.port}`;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function signIn(
  instance: Instance,
  token: string,
  extra: { headers?: Record<string, string>; from?: string; next?: string } = {},
): Promise<Answer> {
  return send(instance, 'POST', '/sign-in', {
    headers: { origin: origin(instance), 'content-type': 'application/x-www-form-urlencoded', ...extra.headers },
    body: form({ token, next: extra.next ?? '/lookup/a' }),
    ...(extra.from && { from: extra.from }),
  });
}

/** The `name=value` of a Set-Cookie answer, to send back as Cookie. */
function cookieOf(answer: Answer): string {
  const set = answer.headers['set-cookie']?.[0];
  if (!set) throw new Error(`no Set-Cookie in ${answer.status}`);
  return set.split(';')[0]!;
}

function envelope(answer: Answer) {
  return errorEnvelopeSchema.parse(JSON.parse(answer.text)).error;
}

async function startInstance(store: SharedStore, withAccess: boolean, dist: string, tokensFile: string): Promise<Instance> {
  const config = loadAppConfig({
    LOOKUP_A_BASE_URL: `${upstream.url}/a`,
    LOOKUP_A_KEY: 'server-key-a',
    LOOKUP_R_BASE_URL: `${upstream.url}/r`,
    LOOKUP_R_KEY: 'server-key-r',
  });
  const access = withAccess
    ? loadAccessConfig({
        LOOKUP_ACCESS_TOKENS_FILE: tokensFile,
        LOOKUP_TRUSTED_USER_HEADER: 'X-Forwarded-User',
        LOOKUP_TRUSTED_PROXIES: `${TRUSTED_PEER}/32`,
      })
    : undefined;
  const server = createAppServer({ config, distDir: dist, store, ...(access && { access }), log: () => {} });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const instance = { port: (server.address() as AddressInfo).port, server, store };
  servers.push(instance);
  return instance;
}

beforeAll(async () => {
  [redis, upstream] = await Promise.all([startRedis(), startUpstream()]);
  upstream.respond((hit, _req, res) => {
    const body = hit.url.startsWith('/a/') ? { id: 550, title: 'Fight Club' } : { profile_id: 'jane' };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  const dir = mkdtempSync(join(tmpdir(), 'lookup-team-'));
  const dist = join(dir, 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lookup Explorer</title>');
  const tokensFile = join(dir, 'tokens');
  writeFileSync(tokensFile, `# the team\nalice:${ALICE}\nbob:sha256:${hashToken(BOB).toString('hex')}\n`);
  const quiet = { log: () => {} };
  one = await startInstance(createRedisStore(redis.url, quiet), true, dist, tokensFile);
  two = await startInstance(createRedisStore(redis.url, quiet), true, dist, tokensFile);
  open = await startInstance(createMemoryStore(), false, dist, tokensFile);
}, 60_000);

afterAll(async () => {
  for (const { server, store } of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await store.close();
  }
  await upstream?.close();
  await redis?.stop();
});

describe('without signing in', () => {
  it('refuses the proxy with the 401 envelope and sends nothing upstream', async () => {
    const hits = upstream.hits.length;
    const answer = await send(one, 'GET', MOVIE);
    expect(answer.status).toBe(401);
    expect(envelope(answer)).toMatchObject({ code: 'unauthenticated', origin: 'proxy' });
    expect(answer.headers['www-authenticate']).toBe('Bearer');
    expect(upstream.hits.length).toBe(hits);
  });

  it('sends the app’s pages to the sign-in page, and says only "ok" on /healthz', async () => {
    const page = await send(one, 'GET', '/lookup/a?movie_id=550', { headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe(`/sign-in?next=${encodeURIComponent('/lookup/a?movie_id=550')}`);
    const config = await send(one, 'GET', '/lookup-config.json', { headers: { accept: 'text/html' } });
    expect(config.status).toBe(401);
    const health = await send(one, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ status: 'ok' });
  });

  it('keeps /openapi.json and /readyz public', async () => {
    expect((await send(one, 'GET', '/openapi.json')).status).toBe(200);
    const ready = await send(two, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: 'ready', store: 'redis' });
  });
});

describe('the sign-in page', () => {
  it('is a plain form, no script, under its own strict policy', async () => {
    const page = await send(one, 'GET', '/sign-in?next=%2Flookup%2Fa');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; form-action 'self'; frame-ancestors 'none'/);
    expect(page.text).not.toMatch(/<script/i);
    expect(page.text).toContain('<form method="post" action="/sign-in">');
    expect(page.text).toContain('<label for="token">Access token</label>');
    expect(page.text).toContain('<input type="hidden" name="next" value="/lookup/a">');
  });

  it('never sends anyone to another site after signing in', async () => {
    const page = await send(one, 'GET', '/sign-in?next=%2F%2Fevil.example%2Fx');
    expect(page.text).toContain('<input type="hidden" name="next" value="/">');
  });

  it('goes on once more, same-site, when a link from another site brought the browser', async () => {
    const page = await send(one, 'GET', '/sign-in?next=%2Flookup%2Fa', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(page.text).toContain('<meta http-equiv="refresh" content="0; url=/lookup/a">');
  });

  it('refuses a sign-in posted from another site, or with no origin at all', async () => {
    const cross = await signIn(one, ALICE, { headers: { origin: 'http://evil.example' } });
    expect(cross.status).toBe(403);
    expect(envelope(cross).code).toBe('cross_site_request');
    const blind = await send(one, 'POST', '/sign-in', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ token: ALICE }),
    });
    expect(blind.status).toBe(403);
    expect(blind.headers['set-cookie']).toBeUndefined();
  });

  it('says at the field when the token is wrong', async () => {
    const answer = await signIn(one, 'not-a-token-at-all', { from: TRUSTED_PEER, headers: { 'x-forwarded-for': '198.51.100.10' } });
    expect(answer.status).toBe(401);
    expect(answer.text).toContain('aria-describedby="token-error"');
    expect(answer.text).toContain('That token is not on the access list');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });
});

describe('a session', () => {
  it('started on one instance is honoured by the other, and signing out ends it on both', async () => {
    const signedIn = await signIn(one, ALICE);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe('/lookup/a');
    const setCookie = signedIn.headers['set-cookie']![0]!;
    expect(setCookie).toMatch(/^lookup_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    const cookie = cookieOf(signedIn);

    const hits = upstream.hits.length;
    const movie = await send(two, 'GET', MOVIE, { headers: { cookie } });
    expect(movie.status).toBe(200);
    expect(JSON.parse(movie.text)).toMatchObject({ id: 550 });
    expect(upstream.hits.length).toBe(hits + 1);
    expect((await send(two, 'GET', '/sign-in', { headers: { cookie } })).text).toContain('Signed in as alice');
    const health = JSON.parse((await send(two, 'GET', '/healthz', { headers: { cookie } })).text);
    expect(health.lookups).toMatchObject({ A: 'live' });

    const out = await send(two, 'POST', '/sign-out', { headers: { cookie, origin: origin(two) } });
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/sign-in');
    expect(out.headers['set-cookie']![0]).toMatch(/^lookup_session=; Path=\/; Max-Age=0;/);
    expect((await send(one, 'GET', MOVIE, { headers: { cookie } })).status).toBe(401);
  });

  it('is Secure behind a trusted TLS proxy, and only then', async () => {
    // Behind TLS the browser's Origin is https: the guard compares the scheme the proxy forwards.
    const trusted = await signIn(one, ALICE, {
      from: TRUSTED_PEER,
      headers: { 'x-forwarded-proto': 'https', origin: `https://127.0.0.1:${one.port}` },
    });
    expect(trusted.headers['set-cookie']![0]).toMatch(/; Secure$/);
    const claimed = await signIn(one, ALICE, { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['set-cookie']![0]).not.toMatch(/Secure/);
  });

  it('is needed, with the same origin, to POST lookup R from a browser', async () => {
    const cookie = cookieOf(await signIn(one, ALICE));
    const body = JSON.stringify({ profile_id: 'jane' });
    const json = { 'content-type': 'application/json' };
    const signed = await send(two, 'POST', PROFILE, { headers: { ...json, cookie, origin: origin(two) }, body });
    expect(signed.status).toBe(200);
    const anonymous = await send(two, 'POST', PROFILE, { headers: { ...json, origin: origin(two) }, body });
    expect(anonymous.status).toBe(401);
    expect(envelope(anonymous).code).toBe('unauthenticated');
    const cross = await send(two, 'POST', PROFILE, { headers: { ...json, cookie, origin: 'http://evil.example' }, body });
    expect(cross.status).toBe(403);
    // A form body is taken on /sign-in only: the proxy still wants JSON.
    const formPost = await send(two, 'POST', PROFILE, {
      headers: { cookie, origin: origin(two), 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ profile_id: 'jane' }),
    });
    expect(formPost.status).toBe(415);
    // A script signs with its token instead (and sends no Origin).
    const script = await send(two, 'POST', PROFILE, { headers: { ...json, authorization: `Bearer ${BOB}` }, body });
    expect(script.status).toBe(200);
  });
});

describe('GET /me', () => {
  const json = { accept: 'application/json' };

  it('names the user of a session on either instance, and refuses the session on both once signed out', async () => {
    const cookie = cookieOf(await signIn(one, ALICE));
    // The page asks /me only where the configuration says someone is signed in.
    expect(JSON.parse((await send(two, 'GET', '/lookup-config.json', { headers: { ...json, cookie } })).text)).toMatchObject({
      signedIn: true,
    });
    expect(JSON.parse((await send(open, 'GET', '/lookup-config.json', { headers: json })).text)).not.toHaveProperty('signedIn');
    for (const instance of [one, two]) {
      const me = await send(instance, 'GET', '/me', { headers: { ...json, cookie } });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.text)).toEqual({ user: 'alice', admin: false });
    }
    expect((await send(one, 'POST', '/sign-out', { headers: { cookie, origin: origin(one) } })).status).toBe(303);
    for (const instance of [one, two]) {
      const me = await send(instance, 'GET', '/me', { headers: { ...json, cookie } });
      expect(me.status).toBe(401);
      expect(envelope(me).code).toBe('unauthenticated');
    }
  });

  it('names the user of a Bearer token and of the trusted user header', async () => {
    const bearer = await send(two, 'GET', '/me', { headers: { authorization: `Bearer ${BOB}` } });
    expect(JSON.parse(bearer.text)).toEqual({ user: 'bob', admin: false });
    const proxied = await send(one, 'GET', '/me', { from: TRUSTED_PEER, headers: { 'x-forwarded-user': 'carol@example.com' } });
    expect(JSON.parse(proxied.text)).toEqual({ user: 'carol@example.com', admin: false });
  });

  it('answers 401 to nobody, and 404 on a server without an access mode', async () => {
    expect((await send(one, 'GET', '/me', { headers: json })).status).toBe(401);
    const open404 = await send(open, 'GET', '/me', { headers: json });
    expect(open404.status).toBe(404);
    expect(envelope(open404).code).toBe('not_found');
  });
});

describe('Bearer tokens', () => {
  it('work on every instance, stored plain or hashed', async () => {
    for (const instance of [one, two]) {
      expect((await send(instance, 'GET', MOVIE, { headers: { authorization: `Bearer ${ALICE}` } })).status).toBe(200);
      expect((await send(instance, 'GET', MOVIE, { headers: { authorization: `bearer ${BOB}` } })).status).toBe(200);
    }
  });

  it('are refused when not on the list', async () => {
    const answer = await send(one, 'GET', MOVIE, { headers: { authorization: `Bearer ${ALICE}x` } });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });
});

describe('the trusted user header', () => {
  it('names the user when the trusted proxy sends it', async () => {
    const headers = { 'x-forwarded-user': 'carol@example.com' };
    expect((await send(one, 'GET', MOVIE, { from: TRUSTED_PEER, headers })).status).toBe(200);
    expect((await send(two, 'GET', '/sign-in', { from: TRUSTED_PEER, headers })).text).toContain('Signed in as carol@example.com');
  });

  it('is ignored from any other peer', async () => {
    const answer = await send(one, 'GET', MOVIE, { headers: { 'x-forwarded-user': 'carol@example.com' } });
    expect(answer.status).toBe(401);
  });
});

describe('failed sign-ins', () => {
  it('are limited per client address across instances: 5 a minute, then 429 with Retry-After', async () => {
    const from = { from: TRUSTED_PEER, headers: { 'x-forwarded-for': '203.0.113.50' } };
    for (let i = 0; i < 5; i++) expect((await signIn(i % 2 ? one : two, `wrong-token-number-${i}`, from)).status).toBe(401);
    const limited = await signIn(one, 'wrong-token-number-6', from);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.text).toContain('Too many failed sign-ins');
    // Even the right token waits, on the other instance too; another address does not.
    expect((await signIn(two, ALICE, from)).status).toBe(429);
    expect((await signIn(two, ALICE, { from: TRUSTED_PEER, headers: { 'x-forwarded-for': '203.0.113.51' } })).status).toBe(303);
  });
});

describe('on loopback with no access mode', () => {
  it('everything works as before, with no sign-in', async () => {
    expect((await send(open, 'GET', MOVIE)).status).toBe(200);
    expect(JSON.parse((await send(open, 'GET', '/healthz')).text).lookups).toMatchObject({ A: 'live' });
    // No sign-in page (the app's own page answers), and a form post is still refused by the guard.
    expect((await send(open, 'GET', '/sign-in')).text).not.toContain('action="/sign-in"');
    expect((await signIn(open, ALICE)).status).toBe(415);
    expect(JSON.parse((await send(open, 'GET', '/readyz')).text)).toEqual({ status: 'ready', store: 'memory' });
  });
});

// Last: it stops the Redis every other test uses.
describe('when Redis stops', () => {
  it('/readyz answers 503 and sessions fail closed with store_unavailable', async () => {
    const cookie = cookieOf(await signIn(one, ALICE));
    await redis.stop();
    const ready = await send(one, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(envelope(ready).code).toBe('store_unavailable');
    const movie = await send(two, 'GET', MOVIE, { headers: { cookie } });
    expect(movie.status).toBe(503);
    expect(envelope(movie)).toMatchObject({ code: 'store_unavailable', origin: 'proxy' });
    expect((await send(one, 'GET', '/healthz')).status).toBe(200);
  });
});
