// A big answer read as a stream in the page (issue 23's figures). L configured live against a local
// upstream that serves BIG_ANSWER_RECORDS incidents (default 100,000, ≈ 56 MB, then 250,000,
// ≈ 140 MB) chunked at BIG_ANSWER_MBPS (default 16 MB/s; 0: as fast as it can), through the
// production server. In Chromium driven bare over its DevTools pipe (bare-chromium.ts: a Playwright
// page's network agent would keep the body in the renderer, which no user's browser does). Prints:
//   - last byte (the fetch's responseEnd) → the table painted with every record (target ≤ 500 ms);
//   - the first rows painted, and how long before the last byte (target: before it);
//   - the longest main-thread task from the first byte to that paint (≤ 100 ms; ≤ 200 ms at 250,000),
//     with the count and sum of tasks over 50 ms;
//   - the browser's memory, PSS summed over its processes, peak of samples a second apart (≤ 1 GB at 100,000).
// The browser asks for unmasked data: the proxy masks a live answer whole before sending any of it,
// which is the server's part (and its own figure), not the page's. Uses DIST_DIR when given, else
// builds into a temporary directory. Prints the load average.
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { loadavg } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { lookups } from '../src/lookups/registry.ts';
import { type BarePage, launchBareChromium } from './bare-chromium.ts';
import { describePeaks, kbToMb, startMemorySampler } from './browser-memory.ts';
import { buildIntoTemp, freePort, startProductionServer } from './local-server.ts';
import { varyingIncidentsBody } from '../src/server/testing/big-answer.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--window-size=1280,900'];
const SIZES = (process.env.BIG_ANSWER_RECORDS ?? '100000,250000').split(',').map(Number);
const MBPS = Number(process.env.BIG_ANSWER_MBPS ?? 16);
const CHUNK_BYTES = 64 * 1024;
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');
/** tsx keeps function names with a helper the page does not have; functions sent to the page get it. */
const NAME_SHIM = 'var __name = (target) => target;';

/** The upstream: the body chunked, paced at MBPS (a pause after each megabyte). */
async function localUpstream(body: Buffer) {
  const port = await freePort();
  const send = async (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const perMegabyte = MBPS > 0 ? 1000 / MBPS : 0;
    const started = performance.now();
    for (let at = 0; at < body.length && !res.destroyed; at += CHUNK_BYTES) {
      if (!res.write(body.subarray(at, at + CHUNK_BYTES))) await once(res, 'drain');
      const due = started + ((at + CHUNK_BYTES) / 2 ** 20) * perMegabyte;
      if (perMegabyte > 0 && due > performance.now() + 5) await delay(due - performance.now());
    }
    res.end();
  };
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/v1/incidents/raw-data')) void send(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${port}`, close: () => (server.closeAllConnections(), server.close()) };
}

/**
 * Before the app loads: long tasks, the answer's timing (first and last byte), the first rows
 * painted while it streams, and the table painted with every record.
 */
function instrument(records: string) {
  const state = window as unknown as Record<string, unknown> & { __longTasks: Array<[number, number]> };
  state.__longTasks = [];
  localStorage.setItem('lx-masked', 'off');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (!entry.name.includes('/proxy/l/')) continue;
      state.__firstByte = entry.responseStart;
      state.__lastByte = entry.responseEnd;
    }
  }).observe({ type: 'resource', buffered: true });
  const painted = (key: string) => {
    state[key] = -1;
    requestAnimationFrame(() => setTimeout(() => (state[key] = performance.now()), 0));
  };
  const observer = new MutationObserver(() => {
    const streaming = document.querySelector('[aria-label="Download progress"]');
    if (state.__firstRows === undefined && streaming && document.querySelector('.table-scroll tbody tr[aria-rowindex]'))
      painted('__firstRows');
    if (state.__tablePainted === undefined && !streaming && document.querySelector('.record-count')?.textContent === `${records} records`)
      painted('__tablePainted');
  });
  addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true, characterData: true }));
}

function figures() {
  const state = window as unknown as {
    __longTasks: Array<[number, number]>;
    __firstByte: number;
    __lastByte: number;
    __firstRows: number;
    __tablePainted: number;
  };
  const during = state.__longTasks.filter(([start, duration]) => start + duration >= state.__firstByte && start <= state.__tablePainted);
  return {
    paintAfterLastByte: state.__tablePainted - state.__lastByte,
    firstRowsBeforeLastByte: state.__lastByte - state.__firstRows,
    firstRowsAfterFirstByte: state.__firstRows - state.__firstByte,
    download: state.__lastByte - state.__firstByte,
    longest: Math.max(0, ...during.map(([, duration]) => duration)),
    count: during.length,
    sum: during.reduce((total, [, duration]) => total + duration, 0),
    worst: [...during]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([start, duration]) => [Math.round(start - state.__firstByte), Math.round(duration)]),
  };
}

async function measure(dist: string, records: number) {
  const body = varyingIncidentsBody(records, 'B', 7);
  const upstream = await localUpstream(body);
  process.env.LOOKUP_L_BASE_URL = upstream.base;
  process.env.LOOKUP_L_KEY = 'bench-key';
  process.env.LOOKUP_MAX_BYTES = String(512 * 2 ** 20);
  process.env.LOOKUP_TIMEOUT_MS = '600000';
  const { base, server } = await startProductionServer(dist);
  const browser = await launchBareChromium(CHROMIUM, ARGS);
  const label = `${records.toLocaleString('en-US')} records (${(body.length / 2 ** 20).toFixed(1)} MB)`;
  const longestTarget = records > 100_000 ? 200 : 100;
  try {
    const search = new URLSearchParams(lookups.L.operations[0].example as Record<string, string>);
    const sampler = startMemorySampler(browser.pid, 1000);
    let page: BarePage | undefined;
    try {
      page = await browser.open(
        `${base}/lookups/l?${search}`,
        `${NAME_SHIM}(${instrument.toString()})(${JSON.stringify(records.toLocaleString('en-US'))})`,
      );
      await page.waitFor('window.__tablePainted > 0', Number(process.env.BIG_ANSWER_TIMEOUT_MS ?? 600_000));
      const result = await page.evaluate<ReturnType<typeof figures>>(`${NAME_SHIM}(${figures.toString()})()`);
      const peaks = await sampler.stop();
      console.log(`${label}, upstream at ${MBPS > 0 ? `${MBPS} MB/s` : 'full speed'}: download ${(result.download / 1000).toFixed(1)} s`);
      console.log(
        `  last byte → table painted with every record: ${result.paintAfterLastByte.toFixed(0)} ms (target ≤ 500 ms) ${verdict(result.paintAfterLastByte <= 500)}`,
      );
      console.log(
        `  first rows painted ${result.firstRowsAfterFirstByte.toFixed(0)} ms after the first byte, ${result.firstRowsBeforeLastByte.toFixed(0)} ms before the last (target: before it) ${verdict(result.firstRowsBeforeLastByte > 0)}`,
      );
      console.log(
        `  longest main-thread task, first byte → paint: ${result.longest.toFixed(0)} ms (target ≤ ${longestTarget} ms) ${verdict(result.longest <= longestTarget)}; ${result.count} tasks over 50 ms, ${result.sum.toFixed(0)} ms in all; longest [ms after first byte, ms]: ${JSON.stringify(result.worst)}`,
      );
      // Issue 23 sets the memory target for 100,000 records; past that it asks only that the page completes and stays responsive.
      const memoryTarget =
        records <= 100_000 ? `(target ≤ 1,024 MB) ${verdict(peaks.pssKb <= 1024 * 1024)}` : '(no target past 100,000 records)';
      console.log(
        `  browser memory, peak of ${peaks.samples} samples: PSS summed ${kbToMb(peaks.pssKb)} ${memoryTarget}; RSS summed ${kbToMb(peaks.rssKb)}`,
      );
      for (const line of describePeaks(peaks)) console.log(line);
    } catch (error) {
      const peaks = await sampler.stop();
      const shown = await page
        ?.evaluate<string>(
          `JSON.stringify({ painted: window.__tablePainted, first: window.__firstRows, last: window.__lastByte, count: document.querySelector('.record-count')?.textContent, visible: document.visibilityState, text: document.querySelector('.lookup-results')?.innerText.slice(0, 120) })`,
        )
        .catch(() => '');
      console.log(
        `${label}: did not complete: ${(error as Error).message.split('\n')[0]}; peak PSS ${kbToMb(peaks.pssKb)}; the page showed: ${JSON.stringify(shown)}`,
      );
    }
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    upstream.close();
    for (const name of ['LOOKUP_L_BASE_URL', 'LOOKUP_L_KEY', 'LOOKUP_MAX_BYTES', 'LOOKUP_TIMEOUT_MS']) delete process.env[name];
  }
}

async function main() {
  const built = process.env.DIST_DIR ? undefined : buildIntoTemp('bench-big-answer-');
  const dist = process.env.DIST_DIR ?? built!;
  console.log(
    `Load average at start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  try {
    for (const records of SIZES) await measure(dist, records);
  } finally {
    if (built) rmSync(built, { recursive: true, force: true });
  }
  console.log(
    `Load average at the end: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
}

await main();
