// @vitest-environment node
// The access gate on its own (a memory store, one server): guessing tokens is stopped on both
// paths, refusals reach the audit log, odd `next` values and a doubled user header are refused
// or made safe. team-server.test.ts runs the whole team server against Redis.
import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRequest, serveHandler, type RawResponse, type RunningServer } from '../testing/http-fixtures.ts';
import { createAccessGate, localNext, userOf } from './access.ts';
import type { AuditEntry } from './audit-log.ts';
import { parseCidrList } from './cidr.ts';
import { createMemoryStore } from './shared-store.ts';
import { createSignInLimiter } from './sign-in-limit.ts';
import type { SharedStore } from './store-types.ts';
import { parseTokensFile } from './tokens-file.ts';

const ALICE = 'alice-token-0123456789';
const MOVIE = '/proxy/a/movie/550';

let server: RunningServer;
let store: SharedStore;
let clock: number;
const audit: AuditEntry[] = [];

/** A request to the gate's server, read whole (the fixture sends the path exactly as given). */
const send = (method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> =>
  rawRequest(server.port, method, path, options);

/** What the server answers to `text`, sent as is (node:http's client would join repeated headers). */
function sendRaw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

const bearer = (token: string) => send('GET', MOVIE, { headers: { authorization: `Bearer ${token}` } });
const signIn = (token: string, next = '/lookup/a') =>
  send('POST', '/sign-in', {
    headers: { origin: `http://127.0.0.1:${server.port}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, next }).toString(),
  });

beforeAll(async () => {
  clock = 60_000 * 1_000;
  const access = {
    tokens: parseTokensFile(`alice:${ALICE}\n`),
    userHeader: 'x-forwarded-user',
    // The test client is the trusted proxy, so it may name users.
    trustedProxies: parseCidrList('127.0.0.1/32'),
    sessionTtlMs: 60_000,
  };
  store = createMemoryStore(() => clock);
  const gate = createAccessGate({
    access,
    store,
    limiter: createSignInLimiter(store, { now: () => clock }),
    audit: (entry) => audit.push(entry),
    now: () => clock,
  });
  server = await serveHandler(async (req, res) => {
    if (await gate(req, res)) return true;
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`passed as ${userOf(req)}`);
    return true;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  // A fresh minute (and fresh audit window) for each test: the limit's counts start over.
  clock += 120_000;
  audit.length = 0;
});

describe('the wrong-token limit', () => {
  it('refuses even the right Bearer token while the address is blocked, as the form does', async () => {
    expect((await bearer(ALICE)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await bearer(`wrong-token-${i}-abcdefgh`)).status).toBe(401);
    const wrong = await bearer('wrong-token-6-abcdefgh');
    expect(wrong.status).toBe(429);
    const right = await bearer(ALICE);
    expect(right.status).toBe(429);
    expect(right.text).not.toContain('passed');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // The form follows the same rule, and so does a Bearer after wrong tokens on the form.
    expect((await signIn(ALICE)).status).toBe(429);
  });

  it('counts the form and Bearer failures together', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(`wrong-token-${i}-abcdefgh`)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await bearer(`wrong-token-${i}-abcdefgh`)).status).toBe(401);
    expect((await bearer(ALICE)).status).toBe(429);
    clock += 60_000;
    expect((await bearer(ALICE)).text).toBe('passed as alice');
  });
});

describe('refusals at the gate in the audit log', () => {
  it('logs a 401 and a 429 with the address and code, one line per client and code per window', async () => {
    await send('GET', MOVIE);
    for (let i = 0; i < 7; i++) await bearer(`wrong-token-${i}-abcdefgh`);
    expect(audit).toEqual([
      expect.objectContaining({ user: '-', source: 'gate', method: 'GET', status: 401, code: 'unauthenticated', address: '127.0.0.1' }),
      expect.objectContaining({ source: 'gate', status: 429, code: 'too_many_sign_ins', address: '127.0.0.1' }),
    ]);
    // The next window's lines say how many were left out: five 401s, one 429.
    clock += 10_000;
    await bearer('wrong-token-9-abcdefgh');
    expect(audit[2]).toMatchObject({ status: 429, code: 'too_many_sign_ins', suppressed: 1 });
    clock += 60_000;
    await bearer('wrong-token-10-abcdefgh');
    expect(audit[3]).toMatchObject({ status: 401, code: 'unauthenticated', suppressed: 5 });
    expect(JSON.stringify(audit)).not.toContain('wrong-token');
  });

  it('logs a wrong token on the form', async () => {
    await signIn('wrong-token-x-abcdefgh');
    expect(audit).toEqual([expect.objectContaining({ method: 'POST', status: 401, code: 'unauthenticated', source: 'gate' })]);
  });
});

describe('next after signing in', () => {
  it('is sent on %-encoded when it is outside latin1, and the sign-in works', async () => {
    const answer = await signIn(ALICE, '/lookup/h?name=Zoë 李');
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/lookup/h?name=Zo%C3%AB%20%E6%9D%8E');
    expect(answer.headers['set-cookie']?.[0]).toMatch(/^lookup_session=/);
  });

  it('never throws on a lone surrogate', () => {
    expect(localNext('/lookup/h?name=\ud800x')).toBe('/lookup/h?name=%EF%BF%BDx');
    expect(localNext('/lookup/a?movie_id=550')).toBe('/lookup/a?movie_id=550');
  });
});

describe('the trusted user header', () => {
  it('names the user once, and a repeated header is refused instead of joined', async () => {
    const once = await sendRaw(`GET ${MOVIE} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-User: erin\r\nConnection: close\r\n\r\n`);
    expect(once).toMatch(/^HTTP\/1\.1 200 /);
    expect(once).toContain('passed as erin');
    const twice = await sendRaw(
      `GET ${MOVIE} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-User: erin\r\nX-Forwarded-User: frank\r\nConnection: close\r\n\r\n`,
    );
    expect(twice).toMatch(/^HTTP\/1\.1 400 /);
    expect(twice).toContain('"code":"duplicate_user_header"');
    expect(twice).not.toContain('passed');
  });
});
