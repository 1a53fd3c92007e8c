// @vitest-environment node
// The MCP endpoint's utilities over stateless Streamable HTTP, with the SDK's own client: the
// capabilities declared, completions, resource templates, log notifications from the level the
// client set (kept across its requests), progress notifications, and cancellation: a
// notifications/cancelled, sent in a request of its own, stops the live call's upstream fetch.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LoggingMessageNotificationSchema, type LoggingMessageNotification, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crimeIncidents } from '../../lookups/l-crime-incidents.ts';
import { loadAppConfig } from '../assembly.ts';
import { PLACE_DOSSIER } from './prompts.ts';
import { RESOURCE_TEMPLATES } from './resources.ts';
import { connectHttpClient, exampleArguments, postMcp, startAppServer, startSilentProvider, type Running } from './testing/mcp-fixtures.ts';
import { toolName } from './tool-catalog.ts';

const incidents = crimeIncidents.operations[0];
const L_TOOL = toolName(crimeIncidents, incidents);

let app: Running;
let client: Client;
const logged: LoggingMessageNotification['params'][] = [];

beforeAll(async () => {
  app = await startAppServer({ config: loadAppConfig({}) });
  client = await connectHttpClient(app.base);
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void logged.push(notification.params));
}, 30_000);

afterAll(async () => {
  await client?.close();
  await app?.close();
});

describe('the utilities an assistant’s client can use', () => {
  it('declares completions and logging beside tools, resources and prompts', () => {
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, prompts: {}, completions: {}, logging: {} });
  });

  it('completes a prompt’s place from the offline gazetteer', async () => {
    const { completion } = await client.complete({
      ref: { type: 'ref/prompt', name: PLACE_DOSSIER },
      argument: { name: 'place', value: 'denv' },
    });
    expect(completion.values[0]).toBe('Denver, CO');
  });

  it('lists a resource template for each lookup’s notes and fields, and reads one filled in with a letter', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(RESOURCE_TEMPLATES.map((template) => template.uriTemplate));
    const uri = RESOURCE_TEMPLATES[0].uriTemplate.replace('{lookup}', crimeIncidents.slug);
    const contents = (await client.readResource({ uri })).contents[0]!;
    expect('text' in contents && contents.text).toContain(crimeIncidents.title);
  });
});

describe('log and progress notifications of a call', () => {
  it('sends a call’s course as log notifications from the level set, which lasts across the client’s requests', async () => {
    await client.setLoggingLevel('debug');
    logged.length = 0;
    await client.callTool({ name: L_TOOL, arguments: exampleArguments(incidents) });
    expect(logged.map((entry) => entry.level)).toEqual(['debug', 'debug']);
    expect(String(logged[0]!.data)).toMatch(/sending GET .* through the proxy \(demo data\)/);
    expect(String(logged[1]!.data)).toMatch(/^L\. Crime incidents: 200 from the demo in \d+ ms/);

    // Set in one request, it holds in the next (the endpoint is stateless: a fresh server each).
    await client.setLoggingLevel('warning');
    logged.length = 0;
    await client.callTool({ name: L_TOOL, arguments: exampleArguments(incidents) });
    expect(logged).toEqual([]);
  });

  it('sends progress notifications, each further than the last, to a call that asks for them', async () => {
    const progress: Progress[] = [];
    await client.callTool({ name: L_TOOL, arguments: exampleArguments(incidents) }, undefined, {
      onprogress: (step) => void progress.push(step),
    });
    expect(progress.map((step) => step.message)).toEqual(['sent to the proxy', 'answered']);
    expect(progress[1]!.progress).toBeGreaterThan(progress[0]!.progress);
  });
});

describe('cancellation over stateless HTTP', () => {
  it('stops a live call’s upstream fetch when the client sends notifications/cancelled in a request of its own', async () => {
    // A provider that takes the request and never answers; it says when its request arrived and when it closed.
    const provider = await startSilentProvider();
    const { arrival, closing } = provider;
    const env = {
      [`LOOKUP_${crimeIncidents.id}_BASE_URL`]: `${provider.base}/${crimeIncidents.slug}`,
      [`LOOKUP_${crimeIncidents.id}_KEY`]: 'l-secret-KEY-9a8b',
    };
    const live = await startAppServer({ config: loadAppConfig(env) });
    const post = (message: unknown) => postMcp(live.base, message);
    try {
      const call = await post({
        jsonrpc: '2.0',
        id: 41,
        method: 'tools/call',
        params: { name: L_TOOL, arguments: exampleArguments(incidents) },
      });
      expect(call.headers.get('content-type')).toContain('text/event-stream');
      await arrival;
      const cancel = await post({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 41, reason: 'the user moved on' },
      });
      expect(cancel.status).toBe(202);
      await closing;
      // The call's own stream ends too: nothing more is written to it once its handler was aborted.
      await call.text();
    } finally {
      await live.close();
      await provider.close();
    }
  });
});
