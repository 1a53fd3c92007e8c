// What an MCP tool call costs over the page's own request: the production server (demo data) on a
// free loopback port, the SDK's client over Streamable HTTP calling L's tool, against the same
// request sent straight to /proxy and parsed. Both are answered from the demo cache after the
// warm-up, so the difference is the MCP layer: the JSON-RPC exchange, the loopback request to
// /proxy, the interpreter and the result's window. And how much a 10,000-record answer (M's
// largest) puts in front of the assistant: the result's bytes against the answer's.
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { largeCallsQuery } from '../src/demo/m-calls-for-service.ts';
import { lookups } from '../src/lookups/registry.ts';
import { buildRequest } from '../src/lookups/request.ts';
import { proxyUrl } from '../src/lookups/wire.ts';
import { createAppServer } from '../src/server/app-server.ts';
import { loadAppConfig } from '../src/server/assembly.ts';
import { exampleArguments } from '../src/server/mcp/testing/mcp-fixtures.ts';
import { toolName } from '../src/server/mcp/tool-catalog.ts';

const RUNS = 40;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dist = mkdtempSync(join(tmpdir(), 'lookup-bench-mcp-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lookup Explorer</title>');
const server = createAppServer({ config: loadAppConfig({}), distDir: dist, log: () => {} });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const client = new Client({ name: 'bench', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));

async function timed(work: () => Promise<unknown>): Promise<number> {
  await work(); // warm-up: the demo answer is built once and cached
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

console.log(`MCP tool calls, median of ${RUNS} warm runs each; load average ${loadavg()[0]!.toFixed(1)}`);
const l = lookups.L;
const lOperation = l.operations[0];
const lUrl = base + proxyUrl(l, buildRequest(lOperation, lOperation.params.parse(lOperation.example) as never));
const direct = await timed(async () => (await fetch(lUrl)).json());
const viaMcp = await timed(() => client.callTool({ name: toolName(l, lOperation), arguments: exampleArguments(lOperation) }));
console.log(`  L's example (50 incidents), GET /proxy and parse   median ${direct.toFixed(1).padStart(6)} ms`);
console.log(
  `  the same through L's MCP tool (20 records)         median ${viaMcp.toFixed(1).padStart(6)} ms   (MCP layer: ${(viaMcp - direct).toFixed(1)} ms)`,
);

const m = lookups.M;
const mOperation = m.operations[0];
const mUrl = base + proxyUrl(m, buildRequest(mOperation, mOperation.params.parse(largeCallsQuery) as never));
const answerBytes = (await (await fetch(mUrl)).arrayBuffer()).byteLength;
const mArguments = exampleArguments({ ...mOperation, example: largeCallsQuery } as typeof mOperation);
const mDirect = await timed(async () => (await fetch(mUrl)).arrayBuffer());
let resultBytes = 0;
let total = 0;
const mViaMcp = await timed(async () => {
  const result = await client.callTool({ name: toolName(m, mOperation), arguments: mArguments });
  resultBytes = JSON.stringify(result).length;
  total = (result.structuredContent as { totalRecords: number }).totalRecords;
});
console.log(
  `  M's ${total.toLocaleString('en-US')}-call answer: ${(answerBytes / 1e6).toFixed(1)} MB from /proxy (median ${mDirect.toFixed(0)} ms); through M's tool ${(resultBytes / 1024).toFixed(1)} KB (20 records and the summary, median ${mViaMcp.toFixed(0)} ms)`,
);
console.log(`  load average at the end ${loadavg()[0]!.toFixed(1)}`);

await client.close();
server.closeAllConnections();
server.close();
