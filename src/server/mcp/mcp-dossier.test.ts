// @vitest-environment node
// The place_dossier tool through the real MCP HTTP route, on the production server with demo data:
// the page's plan (B, L, M around the point), L's every page merged and summed, each request's
// SHA-256 equal to the hash of the very bytes the proxy answers, masking on with distances that
// never read closer than about 1 km, the page's window, invalid arguments refused before anything
// is sent, a progress notification per section, and cancellation stopping the rest.
import { createHash } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsForService } from '../../lookups/m-calls-for-service.ts';
import { crimeIncidents } from '../../lookups/l-crime-incidents.ts';
import { pointTargets, targetSections } from '../../lookups/dossier-plan.ts';
import { loadAppConfig } from '../assembly.ts';
import { PLACE_DOSSIER_TOOL } from './dossier-tool.ts';
import { connectHttpClient, exampleArguments, postMcp, startAppServer, startSilentProvider, type Running } from './testing/mcp-fixtures.ts';
import { TOOL_DOCS_SCHEME } from './tool-docs.ts';
import { RESULT_LIMIT, toolName } from './tool-catalog.ts';

const PLACE = { lat: 37.7749, lon: -122.4194 };

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

interface Section {
  lookup: string;
  tool: string;
  sent: boolean;
  ok?: boolean;
  message?: string;
  source?: string;
  masked?: boolean;
  records?: number;
  pages?: string;
  partial?: string;
  rounded?: boolean;
  summary?: { term: string; value: string }[];
  nearest?: { label: string; distance: string }[];
  requests?: { url: string; status: number; bytes: number; sha256: string | null }[];
}

interface Dossier {
  place: { lat: number; lon: number };
  radius: number;
  window?: { since: string; until: string };
  distances: string;
  masked: boolean;
  totalRecords: number;
  sections: Section[];
}

const dossierOf = (result: Awaited<ReturnType<Client['callTool']>>) => result.structuredContent as unknown as Dossier;
const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { text: string }[])[0]!.text;

describe('the place_dossier tool', () => {
  it('is listed with a short description, the long form a resource', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((candidate) => candidate.name === PLACE_DOSSIER_TOOL)!;
    expect(tool.inputSchema.required).toEqual(['lat', 'lon']);
    expect(tool.description!.length).toBeLessThan(300);
    const docs = (await client.readResource({ uri: `${TOOL_DOCS_SCHEME}${PLACE_DOSSIER_TOOL}` })).contents[0]!;
    expect('text' in docs && docs.text).toContain('rounded position');
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain(`${TOOL_DOCS_SCHEME}${PLACE_DOSSIER_TOOL}`);
  });

  it('runs the page’s plan around the point, sums L’s every page, and hashes each answer’s bytes as the proxy sent them', async () => {
    const result = await client.callTool({ name: PLACE_DOSSIER_TOOL, arguments: { ...PLACE, radius: 1609 } });
    expect(result.isError, textOf(result)).toBeFalsy();
    const dossier = dossierOf(result);
    const planned = targetSections(pointTargets(PLACE, 1609));
    expect(dossier.sections.map((section) => section.lookup)).toEqual(planned.map((section) => section.lookup.id));
    expect(dossier.sections.every((section) => section.ok === true && section.source === 'demo')).toBe(true);

    const l = dossier.sections.find((section) => section.lookup === crimeIncidents.id)!;
    expect(l.requests!.length).toBeGreaterThan(1);
    expect(l.pages).toBe(`all ${l.requests!.length} pages merged`);
    expect(l.partial).toBeUndefined();
    // The sum is the whole answer: more than the first page holds, and every page's records.
    const firstPage = await client.callTool({
      name: toolName(crimeIncidents, crimeIncidents.operations[0]),
      arguments: {
        ...exampleArguments(crimeIncidents.operations[0]),
        lat: PLACE.lat,
        lon: PLACE.lon,
        distance: '1609m',
        [RESULT_LIMIT]: 1,
      },
    });
    expect(l.records).toBeGreaterThan((firstPage.structuredContent as { totalRecords: number }).totalRecords);
    expect(l.summary![0]).toEqual({ term: 'Count', value: `${l.records!.toLocaleString('en-US')} records` });
    expect(dossier.totalRecords).toBe(dossier.sections.reduce((sum, section) => sum + section.records!, 0));

    for (const section of dossier.sections)
      for (const request of section.requests!) {
        const bytes = Buffer.from(await (await fetch(app.base + request.url)).arrayBuffer());
        expect(request.sha256, request.url).toBe(createHash('sha256').update(bytes).digest('hex'));
        expect(request.bytes).toBe(bytes.length);
      }
  }, 60_000);

  it('keeps masking on and never states a distance between rounded positions closer than about 1 km', async () => {
    const dossier = dossierOf(await client.callTool({ name: PLACE_DOSSIER_TOOL, arguments: PLACE }));
    expect(dossier.masked).toBe(true);
    expect(dossier.distances).toMatch(/rounded \(masked\) positions/);
    const l = dossier.sections.find((section) => section.lookup === crimeIncidents.id)!;
    expect(l).toMatchObject({ masked: true, rounded: true });
    expect(l.nearest!.length).toBeGreaterThan(0);
    for (const near of l.nearest!) expect(near.distance).toMatch(/rounded position/);
    expect(JSON.stringify(l.summary)).not.toMatch(/— \d+ m\b/);
    // The proxy's masked answer, not an unmasked one: the records' positions have at most two decimals.
    const page = (await (await fetch(app.base + l.requests![0]!.url)).json()) as [{ incidents: { incident_latitude: string }[] }];
    expect(page[0].incidents.every((incident) => String(incident.incident_latitude).split('.')[1]!.length <= 2)).toBe(true);
  });

  it('asks the lookups searched by time for the window given, as the page’s dossier does', async () => {
    const dossier = dossierOf(
      await client.callTool({ name: PLACE_DOSSIER_TOOL, arguments: { ...PLACE, radius: 800, since: '2024-05-02', until: '2024-05-03' } }),
    );
    expect(dossier.window).toEqual({ since: '2024-05-02', until: '2024-05-03' });
    const m = dossier.sections.find((section) => section.lookup === callsForService.id)!;
    expect(m.requests![0]!.url).toContain('datetime_ini=2024-05-02T00%3A00%3A00.000Z');
    expect(m.requests![0]!.url).toContain('distance=800m');
  });

  it('refuses invalid arguments with each field’s words, and sends nothing', async () => {
    const result = await client.callTool({ name: PLACE_DOSSIER_TOOL, arguments: { lat: 91, lon: 0, since: '2024-05-02' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('lat must be a number from -90 to 90');
    expect(textOf(result)).toContain('since and until go together');
  });

  it('sends a progress notification per section to a call that asks for them', async () => {
    const progress: Progress[] = [];
    await client.callTool({ name: PLACE_DOSSIER_TOOL, arguments: PLACE }, undefined, { onprogress: (step) => void progress.push(step) });
    expect(progress.map((step) => step.message?.split(':')[0])).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(progress[2]!.progress).toBeGreaterThan(progress[1]!.progress);
  });
});

describe('cancelling a dossier', () => {
  it('stops the section in flight and sends none of the rest', async () => {
    // L and M live at a provider that takes each request and never answers.
    const provider = await startSilentProvider();
    const env = {
      [`LOOKUP_${crimeIncidents.id}_BASE_URL`]: `${provider.base}/${crimeIncidents.slug}`,
      [`LOOKUP_${crimeIncidents.id}_KEY`]: 'l-secret-KEY-9a8b',
      [`LOOKUP_${callsForService.id}_BASE_URL`]: `${provider.base}/${callsForService.slug}`,
      [`LOOKUP_${callsForService.id}_KEY`]: 'm-secret-KEY-7c6d',
    };
    const live = await startAppServer({ config: loadAppConfig(env) });
    try {
      const call = await postMcp(live.base, {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: PLACE_DOSSIER_TOOL, arguments: PLACE },
      });
      await provider.arrival;
      const cancel = await postMcp(live.base, {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 7, reason: 'enough' },
      });
      expect(cancel.status).toBe(202);
      await provider.closing;
      await call.text();
      // L's request was the only one: M, after it, was never sent.
      expect(provider.seen).toHaveLength(1);
      expect(provider.seen[0]).toContain(`/${crimeIncidents.slug}/`);
    } finally {
      await live.close();
      await provider.close();
    }
  });
});
