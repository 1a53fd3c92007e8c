// @vitest-environment node
// The MCP endpoint over Streamable HTTP, with the SDK's own client against the production server
// on a free loopback port (demo data, no team layer): a tool per operation with its input schema,
// L's tool answering structured records masked as the proxy masks them, paging through a large
// answer, resources and prompts, and the request guard's rules for a JSON-RPC POST.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crimeIncidents } from '../../lookups/l-crime-incidents.ts';
import { allLookups } from '../../lookups/registry.ts';
import { buildRequest } from '../../lookups/request.ts';
import { proxyUrl } from '../../lookups/wire.ts';
import { loadAppConfig } from '../assembly.ts';
import { CATALOG_URI, fieldsUri, notesUri, OPENAPI_URI } from './resources.ts';
import { ASK_LOOKUP, COMPARE_DATES, PLACE_DOSSIER } from './prompts.ts';
import { PLACE_DOSSIER_TOOL } from './dossier-tool.ts';
import { RUN_JOB_TOOL } from './job-tool.ts';
import { connectHttpClient, exampleArguments, startAppServer, type Running } from './testing/mcp-fixtures.ts';
import { RESULT_LIMIT, RESULT_OFFSET, toolName } from './tool-catalog.ts';

const incidents = crimeIncidents.operations[0];
const L_TOOL = toolName(crimeIncidents, incidents);

let app: Running;
let client: Client;

beforeAll(async () => {
  app = await startAppServer({ config: loadAppConfig({}) });
  client = await connectHttpClient(app.base);
}, 30_000);

afterAll(async () => {
  await client?.close();
  await app?.close();
});

interface Structured {
  source: string;
  masked: boolean;
  ok: boolean;
  totalRecords: number;
  offset: number;
  returned: number;
  nextOffset?: number;
  records: Record<string, unknown>[];
}

/** A text resource's text. */
async function readText(uri: string): Promise<string> {
  const contents = (await client.readResource({ uri })).contents[0]!;
  if (!('text' in contents)) throw new Error(`${uri} is not text`);
  return contents.text;
}

function decimals(value: unknown): number {
  const text = String(value);
  return text.includes('.') ? text.split('.')[1]!.length : 0;
}

describe('tools', () => {
  it('lists one tool per operation of the registry, each with its generated input schema and read-only annotations', async () => {
    const { tools } = await client.listTools();
    const operations = allLookups.flatMap((lookup) => lookup.operations.map((operation) => ({ lookup, operation })));
    // And the place dossier beside them; run_job only on a server with jobs (mcp-team-tools.test.ts).
    expect(tools.length).toBe(operations.length + 1);
    expect(tools.map((tool) => tool.name)).toContain(PLACE_DOSSIER_TOOL);
    expect(tools.map((tool) => tool.name)).not.toContain(RUN_JOB_TOOL);
    for (const { lookup, operation } of operations) {
      const tool = tools.find((candidate) => candidate.name === toolName(lookup, operation));
      expect(tool, toolName(lookup, operation)).toBeDefined();
      expect(tool!.inputSchema.type).toBe('object');
      const properties = tool!.inputSchema.properties as Record<string, { description?: string }>;
      for (const name of Object.keys(operation.params.shape)) expect(properties[name]?.description, `${tool!.name} ${name}`).toBeTruthy();
      expect(properties[RESULT_OFFSET]).toBeDefined();
      // Read-only: the destructive and idempotent hints mean something only for a tool that writes.
      expect(tool!.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
      expect(tool!.description).toContain('Demo data');
    }
    expect(tools.map((tool) => tool.name)).toContain('lookup_' + crimeIncidents.slug + '_crime_incidents');
  });

  it('gives L’s tool bounds, required parameters and its own paging arguments', async () => {
    const { tools } = await client.listTools();
    const schema = tools.find((tool) => tool.name === L_TOOL)!.inputSchema as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(schema.required).toEqual(expect.arrayContaining(['lat', 'lon']));
    expect(schema.properties.lat).toMatchObject({ type: 'number', minimum: -90, maximum: 90 });
    expect(schema.properties.page).toMatchObject({ type: 'integer', minimum: 1 });
  });

  it('calls L’s tool on demo data and gets structured records whose coordinates are masked, as the proxy masks them', async () => {
    const result = await client.callTool({ name: L_TOOL, arguments: exampleArguments(incidents) });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as unknown as Structured;
    expect(structured).toMatchObject({ source: 'demo', masked: true, ok: true, offset: 0 });
    expect(structured.records.length).toBeGreaterThan(0);
    const summary = (result.content as { type: string; text: string }[])[0]!.text;
    expect(summary).toContain('demo data');
    expect(summary).toContain('Personal data is masked');

    // The same request unmasked (as a page may ask on a laptop) has finer coordinates: masking rounded them.
    const request = buildRequest(incidents, incidents.params.parse(incidents.example) as never);
    const unmasked = (await (
      await fetch(app.base + proxyUrl(crimeIncidents, request), { headers: { 'x-lookup-mask': 'off' } })
    ).json()) as [{ incidents: Record<string, unknown>[] }];
    const byCode = new Map(unmasked[0].incidents.map((incident) => [incident.incident_code, incident]));
    let finer = 0;
    for (const record of structured.records) {
      expect(decimals(record.incident_latitude)).toBeLessThanOrEqual(2);
      expect(decimals(record.incident_longitude)).toBeLessThanOrEqual(2);
      expect(record.incident_address).not.toBe(byCode.get(record.incident_code)?.incident_address);
      if (decimals(byCode.get(record.incident_code)?.incident_latitude) > 2) finer++;
    }
    expect(finer).toBeGreaterThan(0);
  });

  it('answers every operation’s example from the demo, read as the page reads it', async () => {
    for (const lookup of allLookups) {
      for (const operation of lookup.operations) {
        const result = await client.callTool({ name: toolName(lookup, operation), arguments: exampleArguments(operation) });
        expect(result.isError, `${toolName(lookup, operation)}: ${JSON.stringify(result.content).slice(0, 300)}`).toBeFalsy();
        const structured = result.structuredContent as unknown as Structured;
        expect(structured).toMatchObject({ source: 'demo', ok: true });
        expect(structured.masked).toBe(lookup.personalData.length > 0);
      }
    }
  }, 60_000);

  it('returns a window of the records and says where the next one starts', async () => {
    const first = (await client.callTool({ name: L_TOOL, arguments: { ...exampleArguments(incidents), [RESULT_LIMIT]: 3 } }))
      .structuredContent as unknown as Structured;
    expect(first.returned).toBe(3);
    expect(first.totalRecords).toBeGreaterThan(3);
    expect(first.nextOffset).toBe(3);
    const second = (
      await client.callTool({ name: L_TOOL, arguments: { ...exampleArguments(incidents), [RESULT_OFFSET]: 3, [RESULT_LIMIT]: 3 } })
    ).structuredContent as unknown as Structured;
    expect(second.offset).toBe(3);
    expect(second.records[0]!.incident_code).not.toBe(first.records[0]!.incident_code);
  });

  it('answers invalid arguments with a tool error naming the field, and sends nothing', async () => {
    const result = await client.callTool({ name: L_TOOL, arguments: { ...exampleArguments(incidents), lat: 123 } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toMatch(/lat must be between -90 and 90/);
    const unknown = await client.callTool({ name: L_TOOL, arguments: { ...exampleArguments(incidents), nonsense: 1 } });
    expect(unknown.isError).toBe(true);
  });
});

describe('resources and prompts', () => {
  it('serves the catalog, each lookup’s notes and field dictionary, and the OpenAPI document', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((resource) => resource.uri);
    for (const lookup of allLookups) expect(uris).toEqual(expect.arrayContaining([notesUri(lookup), fieldsUri(lookup)]));
    const catalog = JSON.parse(await readText(CATALOG_URI)) as { lookups: { id: string; mode: string; tools: { name: string }[] }[] };
    expect(catalog.lookups.map((lookup) => lookup.id)).toEqual(allLookups.map((lookup) => lookup.id));
    expect(catalog.lookups.find((lookup) => lookup.id === crimeIncidents.id)!.tools[0]!.name).toBe(L_TOOL);
    const notes = await readText(notesUri(crimeIncidents));
    expect(notes).toContain(crimeIncidents.notes![0]);
    const fields = JSON.parse(await readText(fieldsUri(crimeIncidents))) as { operations: { response: unknown }[] };
    expect(JSON.stringify(fields.operations[0]!.response)).toContain('incident_latitude');
    const openApi = JSON.parse(await readText(OPENAPI_URI)) as {
      openapi: string;
      servers: { variables: { origin: { default: string } } }[];
    };
    expect(openApi.openapi).toMatch(/^3\.1/);
    // The origin the request came in at, as /openapi.json names it.
    expect(openApi.servers[0]!.variables.origin.default).toBe(app.base);
  });

  it('offers a place dossier over the tools that search around a point, and a comparison of two dates', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual([PLACE_DOSSIER, COMPARE_DATES, ASK_LOOKUP]);
    const dossier = await client.getPrompt({ name: PLACE_DOSSIER, arguments: { latitude: '37.77', longitude: '-122.42' } });
    const text = (dossier.messages[0]!.content as { text: string }).text;
    expect(text).toContain(L_TOOL);
    expect(text).toContain('lat=37.77');
    const compare = await client.getPrompt({ name: COMPARE_DATES, arguments: { tool: L_TOOL, first: '2024-05-01', second: '2024-06-01' } });
    expect((compare.messages[0]!.content as { text: string }).text).toContain('datetime_ini');
  });
});

describe('the request guard on /mcp', () => {
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
  });
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

  it('refuses a POST from another site’s page', async () => {
    const fromPage = await fetch(`${app.base}/mcp`, {
      method: 'POST',
      headers: { ...headers, origin: 'http://attacker.invalid' },
      body: initialize,
    });
    expect(fromPage.status).toBe(403);
    const fetchSite = await fetch(`${app.base}/mcp`, {
      method: 'POST',
      headers: { ...headers, 'sec-fetch-site': 'cross-site' },
      body: initialize,
    });
    expect(fetchSite.status).toBe(403);
  });

  it('refuses a form body, answers GET with 405, and takes a JSON-RPC POST from a program', async () => {
    const form = await fetch(`${app.base}/mcp`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: initialize });
    expect(form.status).toBe(415);
    const get = await fetch(`${app.base}/mcp`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const post = await fetch(`${app.base}/mcp`, { method: 'POST', headers, body: initialize });
    expect(post.status).toBe(200);
    expect(post.headers.get('x-content-type-options')).toBe('nosniff');
    expect(((await post.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe('lookup-explorer');
  });

  it('answers a body that is not JSON with a JSON-RPC parse error', async () => {
    const bad = await fetch(`${app.base}/mcp`, { method: 'POST', headers, body: '{not json' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });
});
