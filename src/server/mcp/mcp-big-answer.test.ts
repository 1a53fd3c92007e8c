// @vitest-environment node
// MCP over a big answer, the whole way: a live L whose provider (a fake) answers records without
// end, through the proxy (masking on, as by default) and the loopback. The tool call returns the
// window's records once they are in hand, says it read them of a larger answer and to narrow the
// query, and the provider's connection is closed long before its body ends.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crimeIncidents } from '../../lookups/l-crime-incidents.ts';
import { loadAppConfig } from '../assembly.ts';
import { connectHttpClient, exampleArguments, startAppServer, type Running } from './testing/mcp-fixtures.ts';
import { RESULT_LIMIT, toolName } from './tool-catalog.ts';

const incidents = crimeIncidents.operations[0];
/** Far more than a tool call reads, and than the sockets' buffers hold between the ends. */
const SENT_IN_ALL = 512 * 1024 * 1024;

const incident = (index: number) =>
  JSON.stringify({
    incident_code: `C${index}`,
    incident_offense: 'Theft',
    incident_date: '2024-05-01T12:00:00Z',
    incident_address: `${index} Market St`,
    incident_latitude: 37.7749,
    incident_longitude: -122.4194,
    incident_offense_description: 'x'.repeat(120),
  });

let provider: ReturnType<typeof createServer>;
let written: Promise<{ bytes: number; closedEarly: boolean }>;
let app: Running;
let client: Client;

beforeAll(async () => {
  let settle!: (outcome: { bytes: number; closedEarly: boolean }) => void;
  written = new Promise((resolve) => (settle = resolve));
  provider = createServer((_req, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    let bytes = 0;
    let next = 0;
    res.on('close', () => settle({ bytes, closedEarly: !res.writableFinished }));
    res.write('[{"incidents":[');
    const pump = () => {
      while (!res.destroyed && bytes < SENT_IN_ALL) {
        const records: string[] = [];
        for (let count = 0; count < 256; count++) records.push(incident(next++));
        const chunk = `${next > 256 ? ',' : ''}${records.join(',')}`;
        bytes += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end(']}]');
    };
    pump();
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  const env = {
    [`LOOKUP_${crimeIncidents.id}_BASE_URL`]: `${base}/${crimeIncidents.slug}`,
    [`LOOKUP_${crimeIncidents.id}_KEY`]: 'l-secret-KEY-4c3d',
  };
  app = await startAppServer({ config: loadAppConfig(env) });
  client = await connectHttpClient(app.base);
}, 30_000);

afterAll(async () => {
  await client?.close();
  await app?.close();
  provider?.closeAllConnections();
  provider?.close();
});

describe('a live answer far larger than a tool call reads', () => {
  it('returns the window’s records once in hand, says how many it read and to narrow the query, and stops the provider', async () => {
    const result = await client.callTool({
      name: toolName(crimeIncidents, incidents),
      arguments: { ...exampleArguments(incidents), [RESULT_LIMIT]: 50 },
    });
    const structured = result.structuredContent as {
      source: string;
      answerCut?: boolean;
      returned: number;
      totalRecords: number;
      nextOffset?: number;
    };
    const text = (result.content as { text: string }[])[0]!.text;
    expect(result.isError).toBeFalsy();
    expect(structured).toMatchObject({ source: 'live', answerCut: true, returned: 50, nextOffset: 50 });
    expect(text).toContain(`${structured.totalRecords} records read of a larger answer`);
    expect(text).toMatch(/Narrow the query: a shorter period \(datetime_ini, datetime_end\), a smaller radius \(distance\)/);
    expect(text).not.toContain('could not be reached');
    const { bytes, closedEarly } = await written;
    expect(closedEarly).toBe(true);
    expect(bytes).toBeLessThan(SENT_IN_ALL / 4);
    // Over 4 MiB go through the masking proxy before reading may stop: seconds on a busy machine.
  }, 120_000);
});
