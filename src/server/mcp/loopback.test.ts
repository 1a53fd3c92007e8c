// @vitest-environment node
// An answer larger than a tool call reads. Its records followed as they arrive (JSON): the loopback
// stops reading once it holds the records the result carries, closing the connection (so the proxy
// stops fetching), and the result shows them and says to narrow the query. Its records not
// followed (no records found, XML): it stops at the limit (at its head when the Content-Length
// says so), and the tool error says the answer is too large and how to narrow the query, not that
// the proxy could not be reached.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { crimeIncidents } from '../../lookups/l-crime-incidents.ts';
import { loopbackCaller } from './loopback.ts';
import { callTool } from './mcp-server.ts';
import { exampleArguments } from './testing/mcp-fixtures.ts';
import { lookupTool, RESULT_LIMIT, RESULT_OFFSET } from './tool-catalog.ts';

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

/** An L record of the fake answer: `index` in it, about 200 bytes. */
const incident = (index: number) =>
  JSON.stringify({
    id: `incident-${index}`,
    type: 'Theft',
    datetime: '2024-05-01T12:00:00Z',
    lat: 37.7749,
    lon: -122.4194,
    address: `${index} Market St`,
    description: 'x'.repeat(80),
  });

/** Records as slices of about 64 KiB: `,{…},{…}` from `from` on. */
function recordsSlice(from: number): { text: string; next: number } {
  let text = '';
  let index = from;
  while (text.length < 64 * 1024) text += `${index === 0 ? '' : ','}${incident(index++)}`;
  return { text, next: index };
}

interface Body {
  contentType: string;
  contentLength?: number;
  /** L's envelope before its records (`[{"incidents":[`), then records without end: otherwise spaces. */
  records?: boolean;
}

/** A stand-in for the proxy answering a huge body, slice by slice as the reader takes them. */
async function hugeAnswer({ contentType, contentLength, records = false }: Body): Promise<Provider> {
  let settle!: (outcome: { bytes: number; closedEarly: boolean }) => void;
  const written = new Promise<{ bytes: number; closedEarly: boolean }>((resolve) => (settle = resolve));
  const spaces = Buffer.alloc(64 * 1024, 0x20);
  const server = createServer((_req, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': contentType, ...(contentLength !== undefined && { 'content-length': String(contentLength) }) });
    let bytes = 0;
    let next = 0;
    res.on('close', () => settle({ bytes, closedEarly: !res.writableFinished }));
    if (records) bytes += Buffer.byteLength('[{"incidents":[');
    if (records) res.write('[{"incidents":[');
    const pump = () => {
      while (!res.destroyed && bytes < SENT_IN_ALL) {
        const slice = records ? recordsSlice(next) : undefined;
        if (slice) next = slice.next;
        const chunk = slice ? Buffer.from(slice.text) : spaces;
        bytes += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
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

/** Read whole up to a quarter of the limit; past it, only until the records are in hand. */
const callerOf = (port: number) => loopbackCaller({ address: '127.0.0.1', port, host: `127.0.0.1:${port}`, headers: {} }, LIMIT, LIMIT / 4);

interface Structured {
  totalRecords: number;
  returned: number;
  answerCut?: boolean;
  nextOffset?: number;
  records: { id: string }[];
}

describe('a huge JSON answer whose records arrive as they are read', () => {
  it('is read only until the records the result carries are in hand: the result shows them, and the connection is closed', async () => {
    const provider = await hugeAnswer({ contentType: 'application/json', records: true });
    const result = await callTool(
      tool,
      { ...exampleArguments(incidents), [RESULT_OFFSET]: 5, [RESULT_LIMIT]: 10 },
      callerOf(provider.port),
    );
    const { bytes, closedEarly } = await provider.written;
    expect(closedEarly).toBe(true);
    expect(bytes).toBeLessThan(SENT_IN_ALL / 8);
    expect(result.isError).toBeUndefined();
    const structured = result.structuredContent as unknown as Structured;
    expect(structured.answerCut).toBe(true);
    expect(structured.returned).toBe(10);
    expect(structured.records.map((record) => record.id)).toEqual(Array.from({ length: 10 }, (_, index) => `incident-${index + 5}`));
    // More follow the ones read: the next window is there to ask for.
    expect(structured.nextOffset).toBe(15);
  });

  it('says how many records it read of a larger answer and to narrow the query, with the operation’s own parameters', async () => {
    const provider = await hugeAnswer({ contentType: 'application/json', records: true });
    const result = await callTool(tool, exampleArguments(incidents), callerOf(provider.port));
    const structured = result.structuredContent as unknown as Structured;
    const text = result.content[0]!.text;
    expect(text).toContain(`${structured.totalRecords} records read of a larger answer`);
    expect(text).toMatch(/reading stopped after its first \d+ records .* the rest was not fetched, so the total is not known/);
    expect(text).toMatch(/narrow the query: a shorter period \(datetime_ini, datetime_end\), a smaller radius \(distance\)/i);
    expect(text).not.toContain('could not be reached');
  });
});

describe('an answer larger than a tool call reads, its records not found', () => {
  it('is not read to the end: the loopback closes the connection once past the limit', async () => {
    const provider = await hugeAnswer({ contentType: 'application/json' });
    const result = await callTool(tool, exampleArguments(incidents), callerOf(provider.port));
    const { bytes, closedEarly } = await provider.written;
    expect(closedEarly).toBe(true);
    expect(bytes).toBeLessThan(SENT_IN_ALL / 8);
    expect(result.isError).toBe(true);
  });

  it('is a tool error saying the answer is too large and how to narrow the query, not that the proxy could not be reached', async () => {
    const provider = await hugeAnswer({ contentType: 'application/json' });
    const text = (await callTool(tool, exampleArguments(incidents), callerOf(provider.port))).content[0]!.text;
    expect(text).toContain('larger than 1 MiB');
    expect(text).toMatch(/narrow the query: a shorter period \(datetime_ini, datetime_end\), a smaller radius \(distance\)/i);
    expect(text).not.toContain('could not be reached');
  });

  it('is refused at its head when it is XML (its records not followed as they arrive) and its Content-Length says it is too large', async () => {
    const provider = await hugeAnswer({ contentType: 'application/xml', contentLength: SENT_IN_ALL });
    const result = await callTool(tool, exampleArguments(incidents), callerOf(provider.port));
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/narrow the query/i);
    expect((await provider.written).closedEarly).toBe(true);
  });
});
