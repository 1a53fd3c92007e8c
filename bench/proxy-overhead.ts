// Proxy overhead: the same request to a loopback upstream, called directly and through the
// proxy (route check, parameter parsing, key attaching, scrubbing). Prints median and p95 of
// each and of the difference. Loopback only, a bounded number of sequential requests.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { movie } from '../src/lookups/a-movie.ts';
import { parseServerConfig } from '../src/server/config.ts';
import { createLookupHandler } from '../src/server/lookup-handler.ts';

const WARM_UP = 50;
const ROUNDS = 400;
const KEY = 'bench-key-0123456789';
// About the size of a real movie answer.
const BODY = JSON.stringify({ id: 550, title: 'Fight Club', overview: 'x'.repeat(1500), genres: [{ id: 18, name: 'Drama' }] });

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeRequests(url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + ROUNDS; i++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

export async function main(): Promise<void> {
  const upstream = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(BODY));
  const upstreamUrl = await listen(upstream);
  const config = parseServerConfig({ LOOKUP_A_BASE_URL: upstreamUrl, LOOKUP_A_KEY: KEY }, [movie]);
  const handler = createLookupHandler({ lookups: [movie], generators: {}, config, openApiDocument: () => ({}), log: () => undefined });
  const proxy = createServer((req, res) => void handler(req, res));
  const proxyUrl = await listen(proxy);

  const target = '/movie/550?language=en-US';
  const direct = await timeRequests(`${upstreamUrl}${target}&api_key=${KEY}`);
  const proxied = await timeRequests(`${proxyUrl}/proxy/a${target}`);

  const at = (values: number[], p: number) => percentile(values, p).toFixed(2);
  const extra = (p: number) => (percentile(proxied, p) - percentile(direct, p)).toFixed(2);
  console.log(`proxy overhead over ${ROUNDS} sequential loopback requests (${BODY.length} byte JSON body)`);
  console.log(`  direct to upstream: median ${at(direct, 50)} ms, p95 ${at(direct, 95)} ms`);
  console.log(`  through the proxy:  median ${at(proxied, 50)} ms, p95 ${at(proxied, 95)} ms`);
  console.log(`  overhead:           median +${extra(50)} ms, p95 +${extra(95)} ms`);

  proxy.closeAllConnections();
  upstream.closeAllConnections();
  await Promise.all([new Promise((resolve) => proxy.close(resolve)), new Promise((resolve) => upstream.close(resolve))]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
