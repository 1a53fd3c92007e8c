// @vitest-environment node
// The MCP endpoint on a team server: the production server with access tokens, L live (the demo
// upstream standing in for its provider) under LOOKUP_L_BUDGET=1/day, and an audit log. Without a
// token /mcp answers 401; with one, L's tool spends the budget's one call, the next call is a tool
// error saying the budget is spent, and the audit log has both calls, by the token's user, with
// `client: mcp`.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { crimeIncidents } from '../../lookups/l-crime-incidents.ts';
import { allLookups } from '../../lookups/registry.ts';
import { loadAppConfig } from '../assembly.ts';
import { loadAccessConfig } from '../team/access-config.ts';
import type { AuditEntry } from '../team/audit-log.ts';
import { parseTeamLimits } from '../team/limits-config.ts';
import { createMemoryStore } from '../team/shared-store.ts';
import { connectHttpClient, exampleArguments, startAppServer, startDemoUpstream, type Running } from './testing/mcp-fixtures.ts';
import { RESULT_LIMIT, toolName } from './tool-catalog.ts';

const ALICE = 'alice-token-0123456789';
const incidents = crimeIncidents.operations[0];
const L_TOOL = toolName(crimeIncidents, incidents);
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
});
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

let upstream: Running;
let app: Running;
let client: Client;
const audit: AuditEntry[] = [];

beforeAll(async () => {
  upstream = await startDemoUpstream();
  const dir = mkdtempSync(join(tmpdir(), 'lookup-mcp-team-'));
  const tokensFile = join(dir, 'tokens');
  writeFileSync(tokensFile, `alice:${ALICE}\n`);
  const env = {
    LOOKUP_ACCESS_TOKENS_FILE: tokensFile,
    [`LOOKUP_${crimeIncidents.id}_BASE_URL`]: `${upstream.base}/${crimeIncidents.slug}`,
    [`LOOKUP_${crimeIncidents.id}_KEY`]: 'l-secret-KEY-5e6f7a',
    [`LOOKUP_${crimeIncidents.id}_BUDGET`]: '1/day',
  };
  const config = loadAppConfig(env);
  app = await startAppServer({
    config,
    store: createMemoryStore(),
    access: loadAccessConfig(env),
    limits: parseTeamLimits(env, allLookups, config),
    audit: (entry) => audit.push(entry),
  });
  client = await connectHttpClient(app.base, { authorization: `Bearer ${ALICE}` });
}, 30_000);

afterAll(async () => {
  await client?.close();
  await app?.close();
  await upstream?.close();
});

/** The audit line is written when the proxied request's connection closes: wait until the log holds `count` lines of `lookup`. */
const auditLines = (log: AuditEntry[], count: number, lookup = crimeIncidents.id) =>
  vi.waitFor(() => {
    const lines = log.filter((entry) => entry.lookup === lookup);
    expect(lines).toHaveLength(count);
    return lines;
  });

// The first live call starts the demo's and the masking's threads: seconds on a busy machine, so a bound of a minute.
describe('an assistant on a team server', { timeout: 60_000 }, () => {
  it('gets 401 at /mcp without a valid bearer token', async () => {
    const none = await fetch(`${app.base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: INITIALIZE });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    const wrong = await fetch(`${app.base}/mcp`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, authorization: 'Bearer not-a-listed-token-000' },
      body: INITIALIZE,
    });
    expect(wrong.status).toBe(401);
    await expect(connectHttpClient(app.base)).rejects.toThrow(/401|unauthenticated/i);
  });

  it('says in L’s tool that it is live and counted against the budget', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((candidate) => candidate.name === L_TOOL)!;
    expect(tool.description).toContain('LIVE');
    expect(tool.description).toContain('budget of 1 live calls per day');
    expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
  });

  it('spends the budget’s one live call, then answers a tool error saying the budget is spent; the audit log has both with client mcp', async () => {
    const first = await client.callTool({ name: L_TOOL, arguments: exampleArguments(incidents) });
    expect(first.isError, JSON.stringify(first.content).slice(0, 400)).toBeFalsy();
    expect(first.structuredContent).toMatchObject({ source: 'live', masked: true, ok: true });

    const second = await client.callTool({ name: L_TOOL, arguments: exampleArguments(incidents) });
    expect(second.isError).toBe(true);
    const text = (second.content as { text: string }[])[0]!.text;
    expect(text).toContain('budget_exhausted');
    expect(text).toMatch(/budget for lookup .+ is spent/);

    const calls = await auditLines(audit, 2);
    expect(calls[0]).toMatchObject({ user: 'alice', client: 'mcp', source: 'live', status: 200, budgetLeft: 0 });
    expect(calls[1]).toMatchObject({ user: 'alice', client: 'mcp', source: 'proxy', status: 429, code: 'budget_exhausted' });
  });

  it('keeps a page’s own request out of the mcp client’s lines', async () => {
    const before = audit.length;
    await fetch(`${app.base}/proxy/${crimeIncidents.slug}/v1/incidents/raw-data?lat=37.7749&lon=-122.4194`, {
      headers: { authorization: `Bearer ${ALICE}` },
    });
    await vi.waitFor(() => expect(audit.length).toBe(before + 1));
    expect(audit.at(-1)!.client).toBeUndefined();
  });
});

/** A JSON-RPC message POSTed to /mcp from a chosen loopback address (fetch cannot pick one). */
function postFrom(
  base: string,
  from: string,
  headers: Record<string, string>,
  message: unknown,
): Promise<{ status: number; text: string }> {
  const url = new URL(`${base}/mcp`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        headers: { host: url.host, ...MCP_HEADERS, ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(message));
  });
}

describe('a trusted proxy’s user header', { timeout: 60_000 }, () => {
  it('is not passed on from an untrusted client, so the loopback (from a trusted address) names the token’s user', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookup-mcp-header-'));
    const tokensFile = join(dir, 'tokens');
    writeFileSync(tokensFile, `alice:${ALICE}\n`);
    // The server's own address is trusted (a signing-in proxy on the same machine); the client is not.
    const env = {
      LOOKUP_ACCESS_TOKENS_FILE: tokensFile,
      LOOKUP_TRUSTED_USER_HEADER: 'x-forwarded-user',
      LOOKUP_TRUSTED_PROXIES: '127.0.0.1/32',
    };
    const lines: AuditEntry[] = [];
    const config = loadAppConfig(env);
    const server = await startAppServer({
      config,
      store: createMemoryStore(),
      access: loadAccessConfig(env),
      limits: parseTeamLimits(env, allLookups, config),
      audit: (entry) => lines.push(entry),
    });
    try {
      const call = {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: L_TOOL, arguments: { ...exampleArguments(incidents), [RESULT_LIMIT]: 1 } },
      };
      const answer = await postFrom(server.base, '127.0.0.3', { authorization: `Bearer ${ALICE}`, 'x-forwarded-user': 'mallory' }, call);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('records 1–1 returned');
      expect((await auditLines(lines, 1)).map((entry) => entry.user)).toEqual(['alice']);
    } finally {
      await server.close();
    }
  });
});
