// @vitest-environment node
// Access tokens checked against a real local identity provider (discovery document and JWKS over
// HTTP, keys from jose): what is accepted, what is refused and why, how the key set is fetched.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestIssuer, type TestIssuer } from '../testing/oauth-issuer.ts';
import type { OAuthConfig } from './oauth-config.ts';
import { createTokenVerifier, looksLikeJwt } from './oauth-tokens.ts';

const AUDIENCE = 'https://lookups.example.com';
let issuer: TestIssuer | undefined;

afterEach(async () => {
  await issuer?.close();
  issuer = undefined;
});

async function setUp(config: Partial<OAuthConfig> = {}, options: { cooldownMs?: number; discovery?: 'openid-configuration' } = {}) {
  issuer = await startTestIssuer({ audience: AUDIENCE, ...(options.discovery && { discovery: options.discovery }) });
  const verify = createTokenVerifier(
    { issuer: issuer.issuer, audience: AUDIENCE, scopes: [], ...config },
    { cooldownMs: options.cooldownMs ?? 0 },
  );
  return { issuer, verify };
}

describe('checking an access token', () => {
  it('accepts a token for this server, or for its /mcp, naming preferred_username, else sub', async () => {
    const { issuer, verify } = await setUp();
    await expect(verify(await issuer.sign({ claims: { sub: 'u-1', preferred_username: 'alice' } }))).resolves.toEqual({
      ok: true,
      user: 'alice',
    });
    await expect(verify(await issuer.sign({ claims: { sub: 'u-2' }, audience: `${AUDIENCE}/mcp` }))).resolves.toEqual({
      ok: true,
      user: 'u-2',
    });
  });

  it('names the user by the configured claim, and refuses a token without it', async () => {
    const { issuer, verify } = await setUp({ userClaim: 'email' });
    await expect(verify(await issuer.sign({ claims: { sub: 'u-1', email: 'bob@example.com' } }))).resolves.toEqual({
      ok: true,
      user: 'bob@example.com',
    });
    await expect(verify(await issuer.sign({ claims: { sub: 'u-1' } }))).resolves.toMatchObject({
      ok: false,
      error: 'invalid_token',
      message: expect.stringContaining('email'),
    });
  });

  it('refuses another audience, another issuer, an expired token and one not valid yet', async () => {
    const { issuer, verify } = await setUp();
    const claims = { sub: 'alice' };
    await expect(verify(await issuer.sign({ claims, audience: 'https://other.example.com' }))).resolves.toMatchObject({
      ok: false,
      error: 'invalid_token',
      message: expect.stringMatching(/audience/),
    });
    await expect(verify(await issuer.sign({ claims, issuer: 'https://evil.example.com' }))).resolves.toMatchObject({
      ok: false,
      error: 'invalid_token',
      message: expect.stringMatching(/issuer/),
    });
    await expect(verify(await issuer.sign({ claims, expiresIn: -120 }))).resolves.toMatchObject({
      ok: false,
      error: 'invalid_token',
      message: expect.stringMatching(/expired/),
    });
    await expect(verify(await issuer.sign({ claims, notBeforeIn: 600 }))).resolves.toMatchObject({
      ok: false,
      error: 'invalid_token',
      message: expect.stringMatching(/not valid yet/),
    });
  });

  it('refuses a token whose signature does not verify, and one signed with a shared secret', async () => {
    const { issuer, verify } = await setUp();
    const [header, payload] = (await issuer.sign({ claims: { sub: 'alice' } })).split('.');
    const other = (await issuer.sign({ claims: { sub: 'mallory' } })).split('.')[2];
    await expect(verify(`${header}.${payload}.${other}`)).resolves.toMatchObject({ ok: false, error: 'invalid_token' });
    const hs256 = `${Buffer.from(JSON.stringify({ alg: 'HS256', kid: 'key-1' })).toString('base64url')}.${payload}.c2ln`;
    await expect(verify(hs256)).resolves.toMatchObject({ ok: false, error: 'invalid_token', message: expect.stringMatching(/algorithm/) });
  });

  it('answers insufficient_scope, naming the scopes required, when a scope is missing', async () => {
    const { issuer, verify } = await setUp({ scopes: ['lookups', 'mcp'] });
    await expect(verify(await issuer.sign({ claims: { sub: 'alice', scope: 'lookups mcp openid' } }))).resolves.toEqual({
      ok: true,
      user: 'alice',
    });
    await expect(verify(await issuer.sign({ claims: { sub: 'alice', scp: ['lookups', 'mcp'] } }))).resolves.toEqual({
      ok: true,
      user: 'alice',
    });
    await expect(verify(await issuer.sign({ claims: { sub: 'alice', scope: 'lookups' } }))).resolves.toMatchObject({
      ok: false,
      error: 'insufficient_scope',
      scopes: ['lookups', 'mcp'],
      message: expect.stringContaining('mcp'),
    });
  });

  it('fetches the key set once for many tokens, and once more for a key id it has not seen', async () => {
    const { issuer, verify } = await setUp();
    for (let i = 0; i < 3; i += 1)
      await expect(verify(await issuer.sign({ claims: { sub: 'alice' } }))).resolves.toMatchObject({ ok: true });
    expect(issuer.jwksFetches()).toBe(1);
    // The provider rotates: a token signed with its new key makes the server fetch the set again, once.
    const rotated = await issuer.addKey();
    await expect(verify(await issuer.sign({ claims: { sub: 'alice' }, kid: rotated }))).resolves.toMatchObject({ ok: true });
    expect(issuer.jwksFetches()).toBe(2);
    // A key id the provider does not publish: one more fetch, then refused.
    const unpublished = await issuer.addKey({ publish: false });
    await expect(verify(await issuer.sign({ claims: { sub: 'alice' }, kid: unpublished }))).resolves.toMatchObject({
      ok: false,
      error: 'invalid_token',
      message: expect.stringMatching(/key/),
    });
    expect(issuer.jwksFetches()).toBe(3);
  });

  it('fetches the key set for unknown key ids at most once per cooldown', async () => {
    const { issuer, verify } = await setUp({}, { cooldownMs: 60_000 });
    await expect(verify(await issuer.sign({ claims: { sub: 'alice' } }))).resolves.toMatchObject({ ok: true });
    const unpublished = await issuer.addKey({ publish: false });
    for (let i = 0; i < 5; i += 1)
      await expect(verify(await issuer.sign({ claims: { sub: 'alice' }, kid: unpublished }))).resolves.toMatchObject({ ok: false });
    expect(issuer.jwksFetches()).toBe(1);
  });

  it('finds the key set through the OpenID discovery document too', async () => {
    const { issuer, verify } = await setUp({}, { discovery: 'openid-configuration' });
    await expect(verify(await issuer.sign({ claims: { sub: 'alice' } }))).resolves.toEqual({ ok: true, user: 'alice' });
    expect(issuer.discoveryFetches()).toEqual(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']);
  });

  it('says the identity provider is unavailable when it serves no discovery document', async () => {
    const { issuer, verify } = await setUp({ issuer: 'http://127.0.0.1:9/realms/team' });
    await expect(verify(await issuer.sign({ claims: { sub: 'alice' } }))).resolves.toMatchObject({
      ok: false,
      error: 'issuer_unavailable',
      message: expect.stringContaining('127.0.0.1:9'),
    });
  });

  it('takes only compact JWS as an access token', () => {
    expect(looksLikeJwt('eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln')).toBe(true);
    expect(looksLikeJwt('alice-token-0123456789')).toBe(false);
  });
});
