// A 100,000-record answer of L (about 60 MB) from a loopback provider, read directly and through
// the proxy: time to first byte, total time and throughput (MB/s) of each; streamed as it arrives
// (X-Lookup-Mask: off) and masked (the default: masked as it streams, on a streamed-masking thread). While each
// answer is under way, /healthz is asked every 50 ms from a thread of its own (so this process's
// reading does not delay it): its latencies say whether the server's thread stayed free. The proxy is the production server (`src/server/start.ts`, one process) in
// a process of its own; the provider and the client are this one. Loopback only; three rounds of
// each after a warm-up, the median printed.
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { incidentsBody, INCIDENTS_PATH, writeInChunks } from '../src/server/testing/big-answer.ts';
import { BENCH_L_KEY, HEALTH_PROBE_SOURCE, listenOnLoopback, startLoopbackProxy } from './local-server.ts';

const RECORDS = 100_000;
const ROUNDS = 3;
const HEALTH_EVERY_MS = 50;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Round {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  /** /healthz latencies while the answer was under way. */
  health: number[];
}

/** Reads `url` to its end, counting bytes; `onFirstBytes` at the first. */
function read(url: string, headers: Record<string, string>, onFirstBytes: () => void): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) onFirstBytes();
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** One read of `url`, with /healthz asked every HEALTH_EVERY_MS meanwhile. */
async function round(url: string, healthUrl: string, headers: Record<string, string>): Promise<Round> {
  const probe = new Worker(HEALTH_PROBE_SOURCE, { eval: true, workerData: { url: healthUrl, every: HEALTH_EVERY_MS } });
  const latencies = new Promise<number[]>((resolve) => probe.once('message', resolve));
  const started = performance.now();
  let firstByteMs = 0;
  const answer = await read(url, headers, () => (firstByteMs = performance.now() - started));
  const totalMs = performance.now() - started;
  probe.postMessage('stop');
  const health = await latencies;
  await probe.terminate();
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  return { firstByteMs, totalMs, bytes: answer.bytes, health };
}

function report(name: string, rounds: Round[]): void {
  const totalMs = median(rounds.map((r) => r.totalMs));
  const mb = rounds[0]!.bytes / 1e6;
  const health = rounds.flatMap((r) => r.health);
  console.log(
    `  ${name.padEnd(34)} first byte ${median(rounds.map((r) => r.firstByteMs))
      .toFixed(0)
      .padStart(5)} ms, ` +
      `total ${totalMs.toFixed(0).padStart(5)} ms, ${(mb / (totalMs / 1000)).toFixed(0).padStart(4)} MB/s; ` +
      `/healthz median ${median(health).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms (${health.length} asked)`,
  );
}

export async function main(): Promise<void> {
  const body = incidentsBody(RECORDS);
  const upstream = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    void writeInChunks(res, body, 1024 * 1024);
  });
  const upstreamUrl = await listenOnLoopback(upstream);
  const { url: proxyUrl, pid, stop } = await startLoopbackProxy({ upstreamUrl, timeoutMs: 120_000 });

  const direct = `${upstreamUrl}/l${INCIDENTS_PATH.slice(INCIDENTS_PATH.indexOf('/v1/'))}&api_key=${BENCH_L_KEY}`;
  const cases: Array<[string, string, Record<string, string>]> = [
    ['direct to the provider', direct, {}],
    ['proxy, streamed (X-Lookup-Mask: off)', proxyUrl + INCIDENTS_PATH, { 'x-lookup-mask': 'off' }],
    ['proxy, masked as it streams', proxyUrl + INCIDENTS_PATH, {}],
  ];
  console.log(
    `a ${RECORDS.toLocaleString('en')}-record answer of L (${(body.length / 1e6).toFixed(1)} MB) over loopback, median of ${ROUNDS} rounds`,
  );
  for (const [name, url, headers] of cases) {
    // A first read warms up the connection pool and, for masking, starts the worker thread.
    await round(url, `${proxyUrl}/healthz`, headers);
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await round(url, `${proxyUrl}/healthz`, headers));
    report(name, rounds);
  }

  // The server's peak memory over every case (Linux): worker threads included.
  const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (peak) console.log(`  server's peak resident memory: ${(Number(peak) / 1024).toFixed(0)} MB`);
  upstream.closeAllConnections();
  await Promise.all([stop(), new Promise((resolve) => upstream.close(resolve))]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
