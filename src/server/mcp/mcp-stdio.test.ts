// @vitest-environment node
// `npm run --silent mcp` as a desktop assistant starts it: the SDK's StdioClientTransport spawns
// it, lists a tool per operation and calls L's tool, which answers from the demo (even with a key
// in the environment: stdio is demo data unless started with --live), coordinates masked.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crimeIncidents } from '../../lookups/l-crime-incidents.ts';
import { allLookups } from '../../lookups/registry.ts';
import { connectStdioClient, exampleArguments } from './testing/mcp-fixtures.ts';
import { PLACE_DOSSIER_TOOL } from './dossier-tool.ts';
import { toolName } from './tool-catalog.ts';

const incidents = crimeIncidents.operations[0];
let client: Client;
let stderr: () => string;

beforeAll(async () => {
  // A key and a base URL for L: without --live they are not used (nothing listens there).
  ({ client, stderr } = await connectStdioClient([], {
    [`LOOKUP_${crimeIncidents.id}_BASE_URL`]: 'http://127.0.0.1:9/unused',
    [`LOOKUP_${crimeIncidents.id}_KEY`]: 'l-secret-KEY-not-used',
  }));
}, 60_000);

afterAll(async () => {
  await client?.close();
});

// The first live call starts the demo's and the masking's threads: seconds on a busy machine, so a bound of a minute.
describe('npm run mcp (stdio)', { timeout: 60_000 }, () => {
  it('lists one tool per operation, each with an input schema', async () => {
    const { tools } = await client.listTools();
    const names = allLookups.flatMap((lookup) => lookup.operations.map((operation) => toolName(lookup, operation)));
    expect(tools.map((tool) => tool.name).sort()).toEqual([...names, PLACE_DOSSIER_TOOL].sort());
    for (const tool of tools) expect(Object.keys(tool.inputSchema.properties ?? {}).length, tool.name).toBeGreaterThan(2);
  });

  it('calls L’s tool on demo data and gets structured records with masked coordinates', async () => {
    const result = await client.callTool({ name: toolName(crimeIncidents, incidents), arguments: exampleArguments(incidents) });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const structured = result.structuredContent as { source: string; masked: boolean; records: Record<string, unknown>[] };
    expect(structured.source).toBe('demo');
    expect(structured.masked).toBe(true);
    expect(structured.records.length).toBeGreaterThan(0);
    for (const record of structured.records) expect(String(record.incident_latitude)).toMatch(/^-?\d+(\.\d{1,2})?$/);
    expect(stderr()).toContain('0 live, ');
  });

  it('logs the tool call’s request line to stderr, never to stdout (the MCP channel)', async () => {
    await client.callTool({ name: toolName(crimeIncidents, incidents), arguments: exampleArguments(incidents) });
    // Were it on stdout, the client would have had a line that is not the protocol, and stderr none.
    await expect.poll(() => stderr(), { timeout: 10_000 }).toMatch(/^\{.*"part":"proxy".*"msg":"GET \/proxy\/l\/\S+ 200 \d+ms"\}$/m);
  });
});
