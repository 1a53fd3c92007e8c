// @vitest-environment node
// `npm run --silent mcp -- --live` with H live against a local provider (the demo upstream,
// counting what reaches it) under LOOKUP_H_BUDGET=2/day, an answer cache and an audit file: the
// official SDK's stdio client makes four calls; the first two reach the provider, the third and
// fourth are tool errors saying the budget is spent and never reach it; a repeat of the first
// comes from the cache; the audit file has every call with `client: mcp`. The server's private
// proxy port refuses a plain local request (no secret header) before anything is sent.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sexOffenders } from '../../lookups/h-sex-offenders.ts';
import { LOOPBACK_SECRET_HEADER } from './loopback-secret.ts';
import { connectStdioClient, startDemoUpstream, type Running } from './testing/mcp-fixtures.ts';
import { toolName } from './tool-catalog.ts';

const H_TOOL = toolName(sexOffenders, sexOffenders.operations[0]);
const auditFile = join(mkdtempSync(join(tmpdir(), 'lookup-mcp-stdio-audit-')), 'audit.jsonl');
let upstream: Running;
let reachedProvider = 0;
let client: Client;
let stderr: () => string;

beforeAll(async () => {
  upstream = await startDemoUpstream();
  upstream.server.on('request', () => (reachedProvider += 1));
  ({ client, stderr } = await connectStdioClient(['--live'], {
    [`LOOKUP_${sexOffenders.id}_BASE_URL`]: `${upstream.base}/${sexOffenders.slug}`,
    [`LOOKUP_${sexOffenders.id}_KEY`]: 'h-secret-KEY-9a8b7c',
    [`LOOKUP_${sexOffenders.id}_BUDGET`]: '2/day',
    [`LOOKUP_${sexOffenders.id}_CACHE_TTL`]: '10m',
    LOOKUP_AUDIT_FILE: auditFile,
  }));
}, 60_000);

afterAll(async () => {
  await client?.close();
  await upstream?.close();
});

const callH = (zipcode: string) => client.callTool({ name: H_TOOL, arguments: { zipcode, result_limit: 1 } });
const textOf = (result: Awaited<ReturnType<typeof callH>>) => (result.content as { text: string }[])[0]!.text;

function auditLines(): Record<string, unknown>[] {
  let text: string;
  try {
    text = readFileSync(auditFile, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('npm run mcp -- --live with a budget', () => {
  it('says in H’s tool that it counts against the budget', async () => {
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === H_TOOL)!.description).toContain('budget of 2 live calls per day');
  });

  it('sends two calls to the provider and refuses the third and fourth with a tool error, sending nothing', async () => {
    for (const zipcode of ['62701', '62702']) {
      const answered = await callH(zipcode);
      expect(answered.isError, textOf(answered)).toBeFalsy();
      expect(answered.structuredContent).toMatchObject({ source: 'live', masked: true });
    }
    expect(reachedProvider).toBe(2);
    for (const zipcode of ['62703', '62704']) {
      const refused = await callH(zipcode);
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('budget_exhausted');
    }
    expect(reachedProvider).toBe(2);
  });

  it('answers a repeated question from the answer cache, without the provider', async () => {
    const repeated = await callH('62701');
    expect(repeated.isError, textOf(repeated)).toBeFalsy();
    expect(reachedProvider).toBe(2);
  });

  it('writes every call to the audit file (not to stdout, the MCP channel) with client mcp', async () => {
    await vi.waitFor(() => expect(auditLines().filter((line) => line.lookup === sexOffenders.id)).toHaveLength(5), {
      timeout: 20_000,
      interval: 100,
    });
    const lines = auditLines().filter((line) => line.lookup === sexOffenders.id);
    expect(lines.map((line) => line.source)).toEqual(['live', 'live', 'proxy', 'proxy', 'cache']);
    expect(lines.every((line) => line.client === 'mcp')).toBe(true);
    expect(lines[2]).toMatchObject({ status: 429, code: 'budget_exhausted' });
  });

  it('refuses a plain local request to its proxy port, with or without a guessed secret, and sends nothing', async () => {
    const origin = /its proxy on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr())?.[1];
    expect(origin, stderr()).toBeDefined();
    const path = `/proxy/${sexOffenders.slug}/v3/sex-offenders/records?zipcode=62709`;
    const attempts: Record<string, string>[] = [{}, { [LOOPBACK_SECRET_HEADER]: '0'.repeat(64) }];
    for (const headers of attempts) {
      const plain = await fetch(`${origin}${path}`, { headers });
      expect(plain.status).toBe(403);
      expect(((await plain.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    }
    const mcp = await fetch(`${origin}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(mcp.status).toBe(403);
    expect(reachedProvider).toBe(2);
  });
});
