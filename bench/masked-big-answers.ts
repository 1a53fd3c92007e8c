// Big answers with masking on (issue 36): four 100,000-record answers of L (about 60 MB each) at
// once from a loopback provider, through the production server, unmasked (LOOKUP_MASK=default,
// X-Lookup-Mask: off) and masked (LOOKUP_MASK=always) side by side in one run; then one masked
// 250,000-record answer. Per answer: time to first byte and total. Meanwhile /healthz is asked
// every 50 ms from a thread of its own (p99 and max), and the server's resident memory is sampled
// every 100 ms: where it started, its peak, and 10 s after the last answer ended; and the server's
// CPU time meanwhile, its main thread's apart (a busy machine stretches CPU time less than the
// totals). Each case gets a server process of its own (LOOKUP_WORKERS=1). The four-answer cases
// run in alternated rounds (MASKED_ROUNDS, default 3), each round's ratio and their median
// printed. Loopback only.
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { incidentsBody, INCIDENTS_PATH, writeInChunks } from '../src/server/testing/big-answer.ts';
import { cpuSecondsOf, HEALTH_PROBE_SOURCE, listenOnLoopback, startLoopbackProxy } from './local-server.ts';

const HEALTH_EVERY_MS = 50;
const SETTLE_MS = 10_000;
/** Rounds of four unmasked, then four masked answers (MASKED_ROUNDS; each on fresh servers). */
const ROUNDS = Math.max(1, Number(process.env.MASKED_ROUNDS ?? 3));

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? Number.NaN;

/** Resident memory of process `pid` in MB (Linux). */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

/** CPU seconds (user + system) of process `pid`, and of its main thread alone (Linux). */
const cpuSeconds = (pid: number) => ({ process: cpuSecondsOf(pid), mainThread: cpuSecondsOf(pid, pid) });

interface Read {
  status: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
}

function read(url: string, headers: Record<string, string>): Promise<Read> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let bytes = 0;
      let firstByteMs = 0;
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, firstByteMs, totalMs: performance.now() - started }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** `count` reads of L at once through a fresh server; memory and /healthz meanwhile, and 10 s after. The answers' mean total time. */
async function runCase(name: string, upstreamUrl: string, mask: 'default' | 'always', count: number): Promise<number> {
  const { url, pid, stop } = await startLoopbackProxy({ upstreamUrl, timeoutMs: 600_000, env: { LOOKUP_MASK: mask } });
  // A small answer of L first (the provider sends 2,000 records for distance=2mi): the server's
  // modules and, masked, its mask thread are started, as in use.
  await read(url + INCIDENTS_PATH.replace('distance=1mi', 'distance=2mi'), mask === 'default' ? { 'x-lookup-mask': 'off' } : {});
  const startMb = rssMb(pid);
  let peakMb = startMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 100);
  const probe = new Worker(HEALTH_PROBE_SOURCE, { eval: true, workerData: { url: `${url}/healthz`, every: HEALTH_EVERY_MS } });
  const latencies = new Promise<number[]>((resolve) => probe.once('message', resolve));
  const headers: Record<string, string> = mask === 'default' ? { 'x-lookup-mask': 'off' } : {};
  const cpuBefore = cpuSeconds(pid);
  const reads = await Promise.all(Array.from({ length: count }, () => read(url + INCIDENTS_PATH, headers)));
  const cpuAfter = cpuSeconds(pid);
  probe.postMessage('stop');
  const health = await latencies;
  await probe.terminate();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  clearInterval(sampler);
  const afterMb = rssMb(pid);
  const hwm = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  await stop();
  for (const answer of reads) if (answer.status !== 200) throw new Error(`${name}: an answer came back ${answer.status}`);
  console.log(`  ${name}`);
  reads.forEach((answer, i) =>
    console.log(
      `    answer ${i + 1}: first byte ${answer.firstByteMs.toFixed(0).padStart(6)} ms, total ${answer.totalMs.toFixed(0).padStart(6)} ms, ${(answer.bytes / 1e6).toFixed(1)} MB`,
    ),
  );
  console.log(
    `    /healthz meanwhile: p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms (${health.length} asked)`,
  );
  console.log(
    `    server CPU meanwhile: ${(cpuAfter.process - cpuBefore.process).toFixed(1)} s, of which its main thread ${(cpuAfter.mainThread - cpuBefore.mainThread).toFixed(1)} s`,
  );
  console.log(
    `    server RSS: ${startMb.toFixed(0)} MB before, peak ${Math.max(peakMb, hwm).toFixed(0)} MB, ${afterMb.toFixed(0)} MB ${SETTLE_MS / 1000} s after the last answer`,
  );
  return reads.reduce((sum, answer) => sum + answer.totalMs, 0) / reads.length;
}

export async function main(): Promise<void> {
  let body = incidentsBody(100_000);
  const small = incidentsBody(2_000);
  const upstream = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    void writeInChunks(res, req.url?.includes('distance=2mi') ? small : body, 1024 * 1024);
  });
  const upstreamUrl = await listenOnLoopback(upstream);
  console.log(`four answers of L at once, 100,000 records each (${(body.length / 1e6).toFixed(1)} MB), over loopback`);
  // Rounds alternated: on a busy two-core machine one round's unmasked answers alone vary by 2×.
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    if (ROUNDS > 1) console.log(`round ${round} of ${ROUNDS}`);
    const unmasked = await runCase('unmasked (LOOKUP_MASK=default, X-Lookup-Mask: off)', upstreamUrl, 'default', 4);
    const masked = await runCase('masked (LOOKUP_MASK=always)', upstreamUrl, 'always', 4);
    ratios.push(masked / unmasked);
    console.log(`  masked ÷ unmasked, the answers' mean totals: ${(masked / unmasked).toFixed(2)}× (the target: ≤ 1.5×)`);
  }
  if (ROUNDS > 1)
    console.log(
      `masked ÷ unmasked over ${ROUNDS} rounds: median ${percentile(ratios, 50).toFixed(2)}×, from ${Math.min(...ratios).toFixed(2)}× to ${Math.max(...ratios).toFixed(2)}× (the target: ≤ 1.5×)`,
    );
  body = incidentsBody(250_000);
  console.log(`one answer of L, 250,000 records (${(body.length / 1e6).toFixed(1)} MB)`);
  await runCase('masked (LOOKUP_MASK=always)', upstreamUrl, 'always', 1);
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
