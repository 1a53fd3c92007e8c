// @vitest-environment node
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../lookups/wire.ts';
import { AcceptedHosts, checkRequest, createRequestGuard, hostAllowed } from './request-guard.ts';
import { parseCidrList } from './team/cidr.ts';
import { rawRequest, serveHandler, type RunningServer } from './testing/http-fixtures.ts';

let server: RunningServer;
let self: string;

beforeAll(async () => {
  const guard = createRequestGuard({ allowedHosts: ['lookup.example.org', 'tls.example.org:8443'] });
  server = await serveHandler(async (req, res) => {
    if (!guard(req, res)) res.writeHead(200).end('passed');
    return true;
  });
  self = `127.0.0.1:${server.port}`;
});
afterAll(() => server.close());

async function send(method: string, headers: Record<string, string>, body?: string) {
  const response = await rawRequest(server.port, method, '/proxy/r/profile-details', { headers, ...(body !== undefined && { body }) });
  if (response.text === 'passed') return { status: response.status, code: 'passed' };
  return { status: response.status, code: errorEnvelopeSchema.parse(JSON.parse(response.text)).error.code };
}

/** The status line's code of what the server answers to `text`, sent as is over TCP. */
function statusOfRaw(text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe('hostAllowed', () => {
  const options = { allowedHosts: ['lookup.example.org', 'tls.example.org:8443'] };
  it.each([
    ['localhost:4173', true],
    ['127.0.0.1:4173', true],
    ['[::1]:4173', true],
    ['localhost.:4173', true],
    ['localhost:4174', false],
    ['localhost', false],
    ['lookup.example.org', true],
    ['lookup.example.org:443', true],
    ['tls.example.org:8443', true],
    ['tls.example.org', false],
    ['evil.example', false],
    ['127.0.0.2:4173', false],
  ])('%s → %s', (host, allowed) => {
    expect(hostAllowed(host, 4173, options)).toBe(allowed);
  });
});

describe('AcceptedHosts', () => {
  it('remembers a checked Host value by the local port it came in on', () => {
    const accepted = new AcceptedHosts();
    accepted.add(4173, 'LocalHost:4173 ', 'localhost:4173');
    expect(accepted.get(4173, 'LocalHost:4173 ')).toBe('localhost:4173');
    expect(accepted.get(4174, 'LocalHost:4173 ')).toBeUndefined();
    expect(accepted.get(4173, 'localhost:4173')).toBeUndefined();
  });

  it('forgets everything when full, so it never grows past its capacity', () => {
    const accepted = new AcceptedHosts(2);
    accepted.add(1, 'a', 'a');
    accepted.add(1, 'b', 'b');
    accepted.add(1, 'b', 'b');
    expect(accepted.get(1, 'a')).toBe('a');
    accepted.add(2, 'c', 'c');
    expect(accepted.get(1, 'a')).toBeUndefined();
    expect(accepted.get(2, 'c')).toBe('c');
  });
});

describe('createRequestGuard', () => {
  it('checks every request, even after the same client was let through', async () => {
    for (let i = 0; i < 3; i++) expect(await send('GET', { host: self })).toEqual({ status: 200, code: 'passed' });
    expect(await send('GET', { host: 'evil.example' })).toEqual({ status: 421, code: 'host_not_allowed' });
    expect(await statusOfRaw(`GET /proxy/a/movie/550 HTTP/1.1\r\nHost: ${self}\r\nHost: ${self}\r\nConnection: close\r\n\r\n`)).toBe(400);
    expect(await send('GET', { host: self })).toEqual({ status: 200, code: 'passed' });
  });

  it('lets GETs to loopback on its own port and to the listed hosts through', async () => {
    expect(await send('GET', { host: self })).toEqual({ status: 200, code: 'passed' });
    expect(await send('GET', { host: `localhost:${server.port}` })).toEqual({ status: 200, code: 'passed' });
    expect(await send('GET', { host: 'lookup.example.org' })).toEqual({ status: 200, code: 'passed' });
  });

  it('refuses any other host (DNS rebinding) with 421, and malformed or doubled hosts with 400', async () => {
    expect(await send('GET', { host: 'evil.example' })).toEqual({ status: 421, code: 'host_not_allowed' });
    expect(await send('GET', { host: `evil.example:${server.port}` })).toEqual({ status: 421, code: 'host_not_allowed' });
    expect(await send('GET', { host: `user@127.0.0.1:${server.port}` })).toEqual({ status: 400, code: 'invalid_host' });
  });

  it('lets the app’s own JSON POST through: same Origin, or Sec-Fetch-Site same-origin, or a program with neither', async () => {
    const json = { host: self, 'content-type': 'application/json' };
    expect(await send('POST', { ...json, origin: `http://${self}` }, '{}')).toEqual({ status: 200, code: 'passed' });
    expect(await send('POST', { ...json, origin: `http://${self}`, 'sec-fetch-site': 'same-origin' }, '{}')).toEqual({
      status: 200,
      code: 'passed',
    });
    expect(await send('POST', { ...json, 'sec-fetch-site': 'same-origin' }, '{}')).toEqual({ status: 200, code: 'passed' });
    expect(await send('POST', { ...json, 'content-type': 'Application/JSON; charset=utf-8' }, '{}')).toEqual({
      status: 200,
      code: 'passed',
    });
    expect(
      await send('POST', { host: 'lookup.example.org', 'content-type': 'application/json', origin: 'https://lookup.example.org' }, '{}'),
    ).toEqual({
      status: 200,
      code: 'passed',
    });
  });

  it('refuses a cross-site POST with 403 and a body that is not JSON with 415', async () => {
    const json = { host: self, 'content-type': 'application/json' };
    for (const origin of ['https://evil.example', 'null', `http://${self}.evil.example`, `http://localhost:${server.port}`, 'not a url'])
      expect(await send('POST', { ...json, origin }, '{}'), origin).toEqual({ status: 403, code: 'cross_site_request' });
    for (const site of ['cross-site', 'same-site', 'none'])
      expect(await send('POST', { ...json, 'sec-fetch-site': site }, '{}'), site).toEqual({ status: 403, code: 'cross_site_request' });
    expect(await send('POST', { ...json, origin: `http://${self}`, 'sec-fetch-site': 'cross-site' }, '{}')).toEqual({
      status: 403,
      code: 'cross_site_request',
    });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx'])
      expect(await send('POST', { host: self, origin: `http://${self}`, 'content-type': type }, '{}'), type).toEqual({
        status: 415,
        code: 'unsupported_media_type',
      });
    expect(await send('POST', { host: self }, '{}')).toEqual({ status: 415, code: 'unsupported_media_type' });
  });
});

describe('the Origin of a POST (checkRequest)', () => {
  const proxies = parseCidrList('10.0.0.5');
  const options = { allowedHosts: ['lookup.example.org'], formPaths: ['/sign-in'], trustedProxies: proxies };
  /** A request as node:http hands it over: only what the guard reads. */
  function post(
    path: string,
    headers: Record<string, string>,
    socket: { remoteAddress?: string; encrypted?: boolean } = {},
  ): IncomingMessage {
    const all = { 'content-length': '0', ...headers };
    return {
      method: 'POST',
      url: path,
      headers: all,
      rawHeaders: Object.entries(all).flat(),
      socket: { localPort: 4173, remoteAddress: '127.0.0.1', ...socket },
    } as unknown as IncomingMessage;
  }
  const codeOf = (req: IncomingMessage) => checkRequest(req, options)?.code ?? 'passed';

  it('holds a body to 1 MiB, except on a path given a larger cap (a job’s rows)', () => {
    const big = { host: '127.0.0.1:4173', 'content-type': 'application/json', 'content-length': String(5 * 1024 * 1024) };
    expect(codeOf(post('/jobs', big))).toBe('body_too_large');
    const withJobs = { ...options, bodyLimits: { '/jobs': 8 * 1024 * 1024 } };
    expect(checkRequest(post('/jobs', big), withJobs)).toBeUndefined();
    expect(checkRequest(post('/jobs?x=1', big), withJobs)).toBeUndefined();
    expect(checkRequest(post('/proxy/r/x', big), withJobs)?.code).toBe('body_too_large');
    expect(checkRequest(post('/jobs', { ...big, 'content-length': String(9 * 1024 * 1024) }), withJobs)?.code).toBe('body_too_large');
  });

  it('gives every path under a cap ending in / that cap (an edit of a team item)', () => {
    const big = { host: '127.0.0.1:4173', 'content-type': 'application/json', 'content-length': String(5 * 1024 * 1024) };
    const withItems = { ...options, bodyLimits: { '/team/items': 8 * 1024 * 1024, '/team/items/': 8 * 1024 * 1024 } };
    expect(checkRequest(post('/team/items', big), withItems)).toBeUndefined();
    expect(checkRequest(post('/team/items/Abcdefgh12', big), withItems)).toBeUndefined();
    expect(checkRequest(post('/team/itemsx/Abcdefgh12', big), withItems)?.code).toBe('body_too_large');
    expect(checkRequest(post('/team/other', big), withItems)?.code).toBe('body_too_large');
  });

  it('compares the scheme on loopback (plain http) and on a TLS socket', () => {
    expect(codeOf(post('/proxy/r/x', { host: '127.0.0.1:4173', origin: 'http://127.0.0.1:4173' }))).toBe('passed');
    expect(codeOf(post('/proxy/r/x', { host: '127.0.0.1:4173', origin: 'https://127.0.0.1:4173' }))).toBe('cross_site_request');
    expect(codeOf(post('/proxy/r/x', { host: 'lookup.example.org', origin: 'https://lookup.example.org' }, { encrypted: true }))).toBe(
      'passed',
    );
    expect(codeOf(post('/proxy/r/x', { host: 'lookup.example.org', origin: 'http://lookup.example.org' }, { encrypted: true }))).toBe(
      'cross_site_request',
    );
  });

  it('believes the scheme a trusted proxy forwards, and nobody else’s', () => {
    const viaProxy = { remoteAddress: '10.0.0.5' };
    expect(
      codeOf(
        post('/proxy/r/x', { host: 'lookup.example.org', origin: 'https://lookup.example.org', 'x-forwarded-proto': 'https' }, viaProxy),
      ),
    ).toBe('passed');
    expect(
      codeOf(
        post('/proxy/r/x', { host: 'lookup.example.org', origin: 'http://lookup.example.org', 'x-forwarded-proto': 'https' }, viaProxy),
      ),
    ).toBe('cross_site_request');
    // From an untrusted peer the header says nothing; a public name on a plain socket may sit behind TLS.
    expect(
      codeOf(
        post(
          '/proxy/r/x',
          { host: 'lookup.example.org', origin: 'http://lookup.example.org', 'x-forwarded-proto': 'https' },
          { remoteAddress: '10.9.9.9' },
        ),
      ),
    ).toBe('passed');
  });

  it('takes the sign-in form with Origin: null only when Sec-Fetch-Site says same-origin', () => {
    const form = { host: '127.0.0.1:4173', origin: 'null', 'content-type': 'application/x-www-form-urlencoded' };
    expect(codeOf(post('/sign-in', { ...form, 'sec-fetch-site': 'same-origin' }))).toBe('passed');
    expect(codeOf(post('/sign-in', form))).toBe('cross_site_request');
    expect(codeOf(post('/sign-in', { ...form, 'sec-fetch-site': 'cross-site' }))).toBe('cross_site_request');
    // Elsewhere a null Origin stays refused.
    expect(codeOf(post('/proxy/r/x', { ...form, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }))).toBe(
      'cross_site_request',
    );
  });
});
