// @vitest-environment node
// The access gate with standard sign-in alone (no tokens file, no proxy): a local identity
// provider's access tokens name the user; a page load gets the 401 challenge (there is no browser
// sign-in to send it to); refused tokens are not failed sign-ins; a provider that cannot be asked
// is 503, never a pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, serveHandler, type RunningServer } from '../testing/http-fixtures.ts';
import { startTestIssuer, type TestIssuer } from '../testing/oauth-issuer.ts';
import { createAccessGate, userOf } from './access.ts';
import type { AccessConfig } from './access-config.ts';
import { parseCidrList } from './cidr.ts';
import { createMemoryStore } from './shared-store.ts';

const AUDIENCE = 'https://lookups.example.com';
const MOVIE = '/proxy/a/movie/550';
let issuer: TestIssuer;
const servers: RunningServer[] = [];

async function gateServer(issuerUrl: string): Promise<RunningServer> {
  const access: AccessConfig = {
    trustedProxies: parseCidrList(''),
    sessionTtlMs: 60_000,
    oauth: { issuer: issuerUrl, audience: AUDIENCE, scopes: [] },
  };
  const gate = createAccessGate({ access, store: createMemoryStore() });
  const server = await serveHandler(async (req, res) => {
    if (await gate(req, res)) return true;
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`passed as ${userOf(req)}`);
    return true;
  });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  issuer = await startTestIssuer({ audience: AUDIENCE });
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await issuer.close();
});

describe('the access gate with OAuth access tokens alone', () => {
  it('lets a valid token through as its user, and answers a page load with the challenge, not a sign-in page', async () => {
    const { port } = await gateServer(issuer.issuer);
    const token = await issuer.sign({ claims: { preferred_username: 'alice' } });
    const passed = await rawRequest(port, 'GET', MOVIE, { headers: { authorization: `Bearer ${token}` } });
    expect(passed.text).toBe('passed as alice');
    const page = await rawRequest(port, 'GET', '/lookup/a', { headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' } });
    expect(page.status).toBe(401);
    expect(page.headers['www-authenticate']).toBe(`Bearer resource_metadata="${AUDIENCE}/.well-known/oauth-protected-resource"`);
    expect(page.text).toContain(issuer.issuer);
  });

  it('does not count refused tokens as failed sign-ins: many expired tokens, then a fresh one passes', async () => {
    const { port } = await gateServer(issuer.issuer);
    const expired = await issuer.sign({ claims: { preferred_username: 'alice' }, expiresIn: -300 });
    for (let i = 0; i < 7; i++)
      expect((await rawRequest(port, 'GET', MOVIE, { headers: { authorization: `Bearer ${expired}` } })).status).toBe(401);
    const fresh = await issuer.sign({ claims: { preferred_username: 'alice' } });
    expect((await rawRequest(port, 'GET', MOVIE, { headers: { authorization: `Bearer ${fresh}` } })).text).toBe('passed as alice');
  });

  it('answers 503 issuer_unavailable while the identity provider cannot be asked', async () => {
    const { port } = await gateServer('http://127.0.0.1:9');
    const token = await issuer.sign({ claims: { preferred_username: 'alice' }, issuer: 'http://127.0.0.1:9' });
    const answer = await rawRequest(port, 'GET', MOVIE, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: 'issuer_unavailable' } });
  });
});
