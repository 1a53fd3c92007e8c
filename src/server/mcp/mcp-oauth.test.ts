// @vitest-environment node
// Standard sign-in (issue 38) on the production server: a real local identity provider (discovery
// and JWKS over HTTP), LOOKUP_OAUTH_ISSUER/AUDIENCE/SCOPES set beside a tokens file, L live (the
// demo upstream standing in for its provider) under a per-user budget of one call a day. An
// assistant without a token is told where the protected-resource metadata is; one with an access
// token for this server is the token's user, in budgets and audit lines alike, and the tokens file
// keeps working beside it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { crimeIncidents } from '../../lookups/l-crime-incidents.ts';
import { allLookups } from '../../lookups/registry.ts';
import { buildRequest } from '../../lookups/request.ts';
import { proxyUrl } from '../../lookups/wire.ts';
import { loadAppConfig } from '../assembly.ts';
import { loadAccessConfig } from '../team/access-config.ts';
import type { AuditEntry } from '../team/audit-log.ts';
import { parseTeamLimits } from '../team/limits-config.ts';
import { createMemoryStore } from '../team/shared-store.ts';
import { freePort } from '../testing/free-port.ts';
import { startTestIssuer, type TestIssuer } from '../testing/oauth-issuer.ts';
import { connectHttpClient, exampleArguments, startAppServer, startDemoUpstream, type Running } from './testing/mcp-fixtures.ts';
import { toolName } from './tool-catalog.ts';

const AUDIENCE = 'https://lookups.example.com';
const MCP_METADATA = `${AUDIENCE}/.well-known/oauth-protected-resource/mcp`;
const BOB = 'bob-token-0123456789ab';
const ALICE_FILE_TOKEN = 'alice-token-0123456789';
const incidents = crimeIncidents.operations[0];
const L_TOOL = toolName(crimeIncidents, incidents);
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
});
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
/** What L's page sends for its example. */
const L_PAGE_REQUEST = proxyUrl(crimeIncidents, buildRequest(incidents, incidents.params.parse(incidents.example)));

let issuer: TestIssuer;
let upstream: Running;
let app: Running;
const audit: AuditEntry[] = [];

beforeAll(async () => {
  issuer = await startTestIssuer({ audience: `${AUDIENCE}/mcp` });
  upstream = await startDemoUpstream();
  const tokensFile = join(mkdtempSync(join(tmpdir(), 'lookup-mcp-oauth-')), 'tokens');
  writeFileSync(tokensFile, `alice:${ALICE_FILE_TOKEN}\nbob:${BOB}\n`);
  const env = {
    LOOKUP_ACCESS_TOKENS_FILE: tokensFile,
    LOOKUP_OAUTH_ISSUER: issuer.issuer,
    LOOKUP_OAUTH_AUDIENCE: AUDIENCE,
    LOOKUP_OAUTH_SCOPES: 'lookups',
    [`LOOKUP_${crimeIncidents.id}_BASE_URL`]: `${upstream.base}/${crimeIncidents.slug}`,
    [`LOOKUP_${crimeIncidents.id}_KEY`]: 'l-secret-KEY-5e6f7a',
    [`LOOKUP_${crimeIncidents.id}_USER_BUDGET`]: '1/day',
  };
  const config = loadAppConfig(env);
  app = await startAppServer({
    config,
    store: createMemoryStore(),
    access: loadAccessConfig(env),
    limits: parseTeamLimits(env, allLookups, config),
    audit: (entry) => audit.push(entry),
  });
}, 30_000);

afterAll(async () => {
  await app?.close();
  await upstream?.close();
  await issuer?.close();
});

const postMcp = (headers: Record<string, string> = {}) =>
  fetch(`${app.base}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body: INITIALIZE });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** L's lines in the audit log, once `count` are written (a line is written when the request's connection closes). */
const lCalls = (count: number) =>
  vi.waitFor(() => {
    const calls = audit.filter((entry) => entry.lookup === crimeIncidents.id);
    expect(calls).toHaveLength(count);
    return calls;
  });

// The first live call starts the demo's and the masking's threads: seconds on a busy machine, so a bound of a minute.
describe('standard sign-in for assistants', { timeout: 60_000 }, () => {
  it('answers an unauthenticated call with 401 naming the protected-resource metadata', async () => {
    const mcp = await postMcp();
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${MCP_METADATA}"`);
    const api = await fetch(`${app.base}${L_PAGE_REQUEST}`);
    expect(api.status).toBe(401);
    expect(api.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${AUDIENCE}/.well-known/oauth-protected-resource"`);
  });

  it('serves the protected-resource metadata, for the server and for /mcp, to anyone', async () => {
    const server = await fetch(`${app.base}/.well-known/oauth-protected-resource`);
    expect(server.status).toBe(200);
    expect(server.headers.get('access-control-allow-origin')).toBe('*');
    expect(await server.json()).toMatchObject({
      resource: AUDIENCE,
      authorization_servers: [issuer.issuer],
      bearer_methods_supported: ['header'],
      scopes_supported: ['lookups'],
    });
    const mcp = await fetch(`${app.base}/.well-known/oauth-protected-resource/mcp`);
    expect(await mcp.json()).toMatchObject({ resource: `${AUDIENCE}/mcp`, authorization_servers: [issuer.issuer] });
  });

  it('takes a JWT for this audience as its user: the tool call is alice’s in the audit log and spends alice’s budget, also for her tokens-file token', async () => {
    const token = await issuer.sign({ claims: { sub: 'idp-7f3a', preferred_username: 'alice', scope: 'openid lookups' } });
    const client = await connectHttpClient(app.base, bearer(token));
    try {
      const result = await client.callTool({ name: L_TOOL, arguments: exampleArguments(incidents) });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ source: 'live', ok: true });
    } finally {
      await client.close();
    }
    expect((await lCalls(1))[0]).toMatchObject({ user: 'alice', client: 'mcp', source: 'live', status: 200, userBudgetLeft: 0 });

    // The tokens file still signs alice in, as the same user: her one call a day is spent.
    const fileAlice = await fetch(`${app.base}${L_PAGE_REQUEST}`, { headers: bearer(ALICE_FILE_TOKEN) });
    expect(fileAlice.status).toBe(429);
    expect((await lCalls(2))[1]).toMatchObject({ user: 'alice', status: 429, code: 'budget_exhausted' });
    const fileBob = await fetch(`${app.base}${L_PAGE_REQUEST}`, { headers: bearer(BOB) });
    expect(fileBob.status).toBe(200);
    expect((await lCalls(3))[2]).toMatchObject({ user: 'bob', source: 'live', status: 200 });
  }, 60_000); // the demo upstream's first answer starts its generator threads: seconds on a busy machine

  it('refuses a JWT for another audience, and an expired one, with invalid_token naming the metadata', async () => {
    for (const token of [
      await issuer.sign({ claims: { preferred_username: 'alice', scope: 'lookups' }, audience: 'https://other.example.com' }),
      await issuer.sign({ claims: { preferred_username: 'alice', scope: 'lookups' }, expiresIn: -300 }),
    ]) {
      const answer = await postMcp(bearer(token));
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(
        new RegExp(`^Bearer resource_metadata="${MCP_METADATA}", error="invalid_token", error_description=".+"$`),
      );
      expect(await answer.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    }
  });

  it('answers insufficient_scope (403) to a JWT without the scope this server requires', async () => {
    const answer = await postMcp(bearer(await issuer.sign({ claims: { preferred_username: 'alice', scope: 'openid profile' } })));
    expect(answer.status).toBe(403);
    const challenge = answer.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Bearer resource_metadata="[^"]+", error="insufficient_scope", /);
    expect(challenge).toContain('scope="lookups"');
    expect(await answer.json()).toMatchObject({ error: { code: 'insufficient_scope', message: expect.stringContaining('lookups') } });
  });
});

/** An MCP client's sign-in state, in memory: a client id given by hand, the PKCE verifier, the tokens, where it was sent to sign in. */
class MemoryOAuthClient implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  private verifier = '';
  private saved: OAuthTokens | undefined;
  readonly redirectUrl = 'http://127.0.0.1:1/callback';
  readonly clientMetadata = { client_name: 'lookup-explorer-tests', redirect_uris: [this.redirectUrl] };
  clientInformation(): OAuthClientInformationMixed {
    return { client_id: 'lookup-explorer-tests' };
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

describe('the MCP SDK’s own client', () => {
  it('follows the 401 to the metadata and the identity provider, signs in, and calls a tool as the token’s user', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const idp = await startTestIssuer({
      audience: `${base}/mcp`,
      grantClaims: { sub: 'idp-c4r0', preferred_username: 'carol', scope: 'lookups' },
    });
    const env = { LOOKUP_OAUTH_ISSUER: idp.issuer, LOOKUP_OAUTH_AUDIENCE: base, LOOKUP_OAUTH_SCOPES: 'lookups' };
    const lines: AuditEntry[] = [];
    const config = loadAppConfig(env);
    const server = await startAppServer(
      {
        config,
        store: createMemoryStore(),
        access: loadAccessConfig(env),
        limits: parseTeamLimits(env, allLookups, config),
        audit: (entry) => lines.push(entry),
      },
      port,
    );
    const provider = new MemoryOAuthClient();
    const client = new Client({ name: 'lookup-explorer-tests', version: '1.0.0' });
    try {
      const first = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider });
      await expect(client.connect(first)).rejects.toThrow(UnauthorizedError);
      // It went to sign in at the provider the metadata names, asking for a token for /mcp.
      const authorize = provider.authorizationUrl!;
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${idp.issuer}/authorize`);
      expect(authorize.searchParams.get('resource')).toBe(`${base}/mcp`);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      // The user signed in; the provider redirected back with a code.
      await first.finishAuth('code-from-the-sign-in');
      expect(idp.tokenRequests().map((form) => form.get('resource'))).toEqual([`${base}/mcp`]);

      await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider }));
      const result = await client.callTool({ name: L_TOOL, arguments: exampleArguments(incidents) });
      expect(result.isError).toBeFalsy();
      await vi.waitFor(() =>
        expect(lines.filter((entry) => entry.lookup === crimeIncidents.id)).toMatchObject([{ user: 'carol', client: 'mcp', status: 200 }]),
      );
    } finally {
      await client.close();
      await server.close();
      await idp.close();
    }
  });
});
