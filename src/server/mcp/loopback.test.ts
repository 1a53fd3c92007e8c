// @vitest-environment node
// An answer larger than a tool call reads: the loopback stops reading (at its head when the
// Content-Length says so, else once the limit is passed, closing the connection), and the tool
// error says the answer is too large and how to narrow the query, not that the proxy could not be reached.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { crimeIncidents } from '../../lookups/l-crime-incidents.ts';
import { loopbackCaller } from './loopback.ts';
import { callTool } from './mcp-server.ts';
import { exampleArguments } from './testing/mcp-fixtures.ts';
import { lookupTool } from './tool-catalog.ts';

const LIMIT = 1024 * 1024;
/** Far more than the limit and than what the sockets' buffers hold between the two ends. */
const SENT_IN_ALL = 256 * 1024 * 1024;
const incidents = crimeIncidents.operations[0];
const tool = lookupTool(crimeIncidents, incidents, { mode: 'live' });
const closers: (() => void)[] = [];

afterEach(() => {
  for (const close of closers.splice(0)) close();
});

interface Provider {
  port: number;
  /** Bytes the answer wrote before its connection closed; resolves when it closed or ended. */
  written: Promise<{ bytes: number; closedEarly: boolean }>;
}

/** A stand-in for the proxy answering a huge JSON array, slice by slice as the reader takes them. */
async function hugeAnswer(contentLength?: number): Promise<Provider> {
  let settle!: (outcome: { bytes: number; closedEarly: boolean }) => void;
  const written = new Promise<{ bytes: number; closedEarly: boolean }>((resolve) => (settle = resolve));
  const slice = Buffer.alloc(64 * 1024, 0x20);
  const server = createServer((_req, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json', ...(contentLength !== undefined && { 'content-length': String(contentLength) }) });
    let bytes = 0;
    res.on('close', () => settle({ bytes, closedEarly: !res.writableFinished }));
    const pump = () => {
      while (!res.destroyed && bytes < SENT_IN_ALL) {
        bytes += slice.length;
        if (!res.write(slice)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { port: (server.address() as AddressInfo).port, written };
}

const callerOf = (port: number) => loopbackCaller({ address: '127.0.0.1', port, host: `127.0.0.1:${port}`, headers: {} }, LIMIT);

describe('an answer larger than a tool call reads', () => {
  it('is not read to the end: the loopback closes the connection once past the limit', async () => {
    const provider = await hugeAnswer();
    const result = await callTool(tool, exampleArguments(incidents), callerOf(provider.port));
    const { bytes, closedEarly } = await provider.written;
    expect(closedEarly).toBe(true);
    expect(bytes).toBeLessThan(SENT_IN_ALL / 8);
    expect(result.isError).toBe(true);
  });

  it('is a tool error saying the answer is too large and how to narrow the query, not that the proxy could not be reached', async () => {
    const provider = await hugeAnswer();
    const text = (await callTool(tool, exampleArguments(incidents), callerOf(provider.port))).content[0]!.text;
    expect(text).toContain('larger than 1 MiB');
    expect(text).toMatch(/narrow the query: a shorter period \(datetime_ini, datetime_end\), a smaller radius \(distance\)/i);
    expect(text).not.toContain('could not be reached');
  });

  it('is refused at its head when its Content-Length says it is too large, before any of its body is read', async () => {
    const provider = await hugeAnswer(SENT_IN_ALL);
    const result = await callTool(tool, exampleArguments(incidents), callerOf(provider.port));
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/narrow the query/i);
    expect((await provider.written).closedEarly).toBe(true);
  });
});
