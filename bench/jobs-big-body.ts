// A big POST /jobs (issue 36): 900,000 rows of H in a 58 MiB body, sent to the production server
// (npm start's start.ts, jobs on, one redis-server), while /healthz is asked every 50 ms from a
// thread of its own. Prints how long the POST took, /healthz p50/p99/max while it ran, and the
// server's resident memory before, at its peak and 10 s after the answer. The job is cancelled as
// soon as it is accepted (and the server works one row at a time), so what is measured is the
// body's reading, checking and storing, not the rows' work. Loopback only.
// Run: `npx tsx bench/jobs-big-body.ts`.
import { waitUntilQuiet } from './local-server.ts';
import { readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { Worker } from 'node:worker_threads';
import { startRecordingUpstream, startServerProcess, teamFolder } from '../src/server/jobs/jobs-testing.ts';
import { startRedis } from '../src/server/team/redis-for-tests.ts';

const ROWS = 900_000;
const BODY_BYTES = 58 * 1024 * 1024;
const HEALTH_EVERY_MS = 50;
const SETTLE_MS = 10_000;
const SEND_CHUNK = 64 * 1024;

/**
 * A thread that asks workerData.url every workerData.every ms on a fresh connection each time (a
 * kept-alive one may be closed by the server's keep-alive timer while its loop is stalled, which
 * would be a reset, not a latency) until it is sent 'stop', then posts every latency.
 */
const HEALTH_PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { get } = require('node:http');
const health = [];
let done = false;
parentPort.once('message', () => (done = true));
const ask = () => new Promise((resolve, reject) => get(workerData.url, { agent: false }, (res) => res.resume().on('end', resolve)).on('error', reject));
(async () => {
  while (!done) {
    const asked = performance.now();
    await ask();
    health.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, workerData.every));
  }
  parentPort.postMessage(health);
})();
`;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? Number.NaN;

function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

/** 900,000 rows of H (zip code and name), the names padded so the body is 58 MiB. */
function jobBody(): Buffer {
  const head = '{"lookup":"H","operation":"records","concurrency":1,"rows":[';
  // Each row's share of the body, its comma included: 67 or 68 bytes, so the whole comes to 58 MiB.
  const perRow = (BODY_BYTES - head.length - 1) / ROWS;
  const rows: string[] = [];
  for (let index = 0; index < ROWS; index++) {
    const zipcode = String(10_000 + (index % 90_000));
    const share = Math.floor((index + 1) * perRow) - Math.floor(index * perRow);
    const bare = `{"zipcode":"${zipcode}","name":""},`.length;
    rows.push(`{"zipcode":"${zipcode}","name":"${`Resident ${index} `.padEnd(share - bare, 'x')}"}`);
  }
  return Buffer.from(`${head}${rows.join(',')}]}`);
}

/** POSTs `body` in pieces, as a client on a network would; the answer's status and text. */
function post(url: string, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    let at = 0;
    const send = () => {
      while (at < body.length) {
        const piece = body.subarray(at, at + SEND_CHUNK);
        at += piece.length;
        if (!req.write(piece)) return void req.once('drain', send);
      }
      req.end();
    };
    send();
  });
}

async function main(): Promise<void> {
  const body = jobBody();
  const redis = await startRedis();
  const upstream = await startRecordingUpstream();
  const folder = teamFolder({});
  const server = await startServerProcess(
    {
      DIST_DIR: folder.dist,
      LOOKUP_REDIS_URL: redis.url,
      LOOKUP_WORKERS: '1',
      LOOKUP_MASK_SECRET: 'bench-shared-masking-secret-0123456789',
      LOOKUP_H_BASE_URL: upstream.url,
      LOOKUP_H_KEY: 'bench-key-h',
      LOOKUP_JOBS_CONCURRENCY: '1',
    },
    180_000,
  );
  const pid = server.child.pid!;
  try {
    // A small job first: the jobs modules and the queue's connection are up, as in use.
    const warm = await post(
      `${server.url}/jobs`,
      Buffer.from(JSON.stringify({ lookup: 'H', operation: 'records', rows: [{ zipcode: '62701' }] })),
    );
    if (warm.status !== 202) throw new Error(`The small job was answered ${warm.status}: ${warm.text}`);
    // Its threads started (they load their modules after /healthz first answers), as in use.
    await waitUntilQuiet(pid);
    const beforeMb = status(pid, 'VmRSS');
    let peakMb = beforeMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, status(pid, 'VmRSS'))), 100);
    const probe = new Worker(HEALTH_PROBE_SOURCE, { eval: true, workerData: { url: `${server.url}/healthz`, every: HEALTH_EVERY_MS } });
    const latencies = new Promise<number[]>((resolve, reject) => probe.once('message', resolve).once('error', reject));
    const started = performance.now();
    const answer = await post(`${server.url}/jobs`, body);
    const postMs = performance.now() - started;
    probe.postMessage('stop');
    const health = await latencies;
    await probe.terminate();
    if (answer.status !== 202) throw new Error(`The big job was answered ${answer.status}: ${answer.text.slice(0, 500)}`);
    const job = JSON.parse(answer.text) as { url: string; rows: number };
    await fetch(`${server.url}${job.url}/cancel`, { method: 'POST' }).then((response) => response.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    clearInterval(sampler);
    const afterMb = status(pid, 'VmRSS');
    peakMb = Math.max(peakMb, status(pid, 'VmHWM'));
    console.log(
      `POST /jobs, ${ROWS.toLocaleString('en-US')} rows of H in ${(body.length / 1024 / 1024).toFixed(1)} MiB: 202 after ${postMs.toFixed(0)} ms (${job.rows.toLocaleString('en-US')} rows queued)`,
    );
    console.log(
      `  /healthz meanwhile: p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms (${health.length} asked)`,
    );
    console.log(
      `  server RSS: ${beforeMb.toFixed(0)} MB before, peak ${peakMb.toFixed(0)} MB, ${afterMb.toFixed(0)} MB ${SETTLE_MS / 1000} s after the answer`,
    );
  } catch (error) {
    console.error(`The server said:\n${server.output().slice(-3_000)}`);
    throw error;
  } finally {
    await server.stop('SIGKILL');
    await upstream.close();
    await redis.stop();
    rmSync(folder.dist, { recursive: true, force: true });
  }
}

await main();
